import Testing

@testable import FoldReplay

/// The motion check's id table finds what a linear search finds: among the values it indexed, among
/// those appended since, and nothing for an id no value has.
@Suite struct IDTableTests {
  struct Keyed: StringKeyed {
    var id: String
  }

  /// The first position of `id` by comparing every value.
  static func linear(_ id: String, in values: [Keyed]) -> Int? { values.firstIndex { $0.id == id } }

  @Test func findsIndexedAndAppendedValues() {
    // 40 ids (the table grows past its first 8 slots), one repeated, then 5 appended after the build.
    var values = (0..<40).map { Keyed(id: "element-\($0)") }
    values.append(Keyed(id: "element-7"))
    var table = IDTable()
    values.withUnsafeBufferPointer { table.rebuild($0) }
    #expect(table.count == 41)
    values += (40..<45).map { Keyed(id: "element-\($0)") }
    let probes = (0..<50).map { "element-\($0)" } + ["", "element", "toolbar"]
    values.withUnsafeBufferPointer { buffer in
      for id in probes {
        #expect(table.position(of: id, in: buffer) == Self.linear(id, in: values), "\(id)")
      }
    }
    #expect(values.withUnsafeBufferPointer { table.position(of: "element-44", in: $0) } == 45)
    #expect(values.withUnsafeBufferPointer { table.position(of: "element-7", in: $0) } == 7)
  }

  @Test func emptyTableSearchesEveryValue() {
    let values = [Keyed(id: "a"), Keyed(id: "b")]
    let table = IDTable()
    #expect(table.count == 0)
    #expect(values.withUnsafeBufferPointer { table.position(of: "b", in: $0) } == 1)
    #expect(values.withUnsafeBufferPointer { table.position(of: "c", in: $0) } == nil)
  }

  @Test func findsCanonicallyEquivalentIDsAsEqualityDoes() {
    // Precomposed and decomposed "é", and the Kelvin sign against "K": `==` equates each pair.
    let values = [Keyed(id: "caf\u{E9}"), Keyed(id: "\u{212A}elvin")] + (0..<20).map { Keyed(id: "e-\($0)") }
    var table = IDTable()
    values.withUnsafeBufferPointer { table.rebuild($0) }
    values.withUnsafeBufferPointer { buffer in
      #expect(table.position(of: "cafe\u{301}", in: buffer) == 0)
      #expect(table.position(of: "Kelvin", in: buffer) == 1)
    }
  }
}
