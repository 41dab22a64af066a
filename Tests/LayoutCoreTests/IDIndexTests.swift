import Testing

@testable import LayoutCore

/// The id index is an open-addressing table with its own hash; every id must be found at its first
/// position, as a dictionary built from the back finds it, and an absent id must not be found.
@Suite struct IDIndexTests {
  @Test func everyIDIsFoundWhereADictionaryFindsIt() {
    // Short and long ids (inline and heap strings), non-ASCII, the empty id, and repeats.
    var ids = (0..<700).map { "item-\($0)" }
    ids += ["", "é", "행-12", "a-very-long-identifier-that-does-not-fit-inline-\(42)", "item-3", "", "é"]
    ids += (0..<50).map { "row \($0 * 7919 % 1000) 기록" }
    let items = ids.map { ScrollItem(id: $0, content: .fixed(height: 10)) }
    let index = IDIndex(items)
    var reference: [String: Int] = [:]
    for position in items.indices.reversed() { reference[items[position].id] = position }
    var mismatches = 0
    for id in ids + ["item-700", "item-", "missing", "행-13", "row 1 기록"]
    where index.position(of: id, in: items) != reference[id] {
      mismatches += 1
    }
    #expect(mismatches == 0)
    #expect(index.position(of: "item-3", in: items) == 3)
    #expect(index.position(of: "", in: items) == 700)
    #expect(index.position(of: "missing", in: items) == nil)
    #expect(IDIndex([ScrollItem]()).position(of: "item-0", in: [ScrollItem]()) == nil)
  }

  struct Keyed: StringIdentified {
    var id: String
  }

  /// The first position of `id` by comparing every value.
  static func linear(_ id: String, in values: [Keyed]) -> Int? { values.firstIndex { $0.id == id } }

  @Test func findsIndexedAndAppendedValues() {
    // 40 ids (the table grows past its first 8 slots), one repeated, then 5 appended after the build.
    var values = (0..<40).map { Keyed(id: "element-\($0)") }
    values.append(Keyed(id: "element-7"))
    var index = IDIndex()
    index.rebuild(values.span)
    #expect(index.count == 41)
    #expect(!index.hasUniqueIDs)
    values += (40..<45).map { Keyed(id: "element-\($0)") }
    let probes = (0..<50).map { "element-\($0)" } + ["", "element", "toolbar"]
    for id in probes {
      #expect(index.position(of: id, in: values) == Self.linear(id, in: values), "\(id)")
    }
    #expect(index.position(of: "element-44", in: values) == 45)
    #expect(index.position(of: "element-7", in: values) == 7)
  }

  @Test func anEmptyIndexSearchesEveryValue() {
    let values = [Keyed(id: "a"), Keyed(id: "b")]
    let index = IDIndex()
    #expect(index.count == 0)
    #expect(index.hasUniqueIDs)
    #expect(index.position(of: "b", in: values) == 1)
    #expect(index.position(of: "c", in: values) == nil)
  }

  @Test func findsCanonicallyEquivalentIDsAsEqualityDoes() {
    // Precomposed and decomposed "é", and the Kelvin sign against "K": `==` equates each pair.
    let values = [Keyed(id: "caf\u{E9}"), Keyed(id: "\u{212A}elvin")] + (0..<20).map { Keyed(id: "e-\($0)") }
    let index = IDIndex(values)
    #expect(index.position(of: "cafe\u{301}", in: values) == 0)
    #expect(index.position(of: "Kelvin", in: values) == 1)
  }

  @Test func sameBytesTellsCanonicallyEquivalentIDsApart() {
    let long = "a-very-long-identifier-that-does-not-fit-inline"
    #expect(IDIndex.sameBytes(long, long))
    #expect(IDIndex.sameBytes(long, String(long.prefix(20)) + String(long.dropFirst(20))))
    #expect(IDIndex.sameBytes("item-3", "item-" + "3"))
    #expect(!IDIndex.sameBytes("item-3", "item-4"))
    #expect(!IDIndex.sameBytes("item-3", "item-30"))
    #expect("caf\u{E9}" == "cafe\u{301}")
    #expect(!IDIndex.sameBytes("caf\u{E9}", "cafe\u{301}"))
    #expect(IDIndex.sameBytes("", ""))
  }
}
