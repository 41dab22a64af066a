import Foundation
import Testing

/// One line within the 4 MiB limit cost `pack` 260–345 MB: `layout` and `presented` lines went through
/// Foundation, and every value of the line became a tape node or a `JSONValue`, read or not. Now the tape
/// keeps only what a reader reads and the element limit is checked by count before any element is read,
/// so each of these packs (or is refused) within a 32 MB data segment.
@Suite struct PackLineMemoryTests {
  static let header = #"{"kind":"header","version":"1.1","device":"d","app":"a","recorder":"r"}"#

  static func line(_ open: String, _ item: String, count: Int, _ close: String) -> [UInt8] {
    var bytes = Array((header + "\n" + open).utf8)
    let item = Array(item.utf8)
    bytes.reserveCapacity(bytes.count + count * (item.count + 1) + 64)
    for index in 0..<count {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes += item
    }
    bytes += Array((close + "\n").utf8)
    return bytes
  }

  @Test func manyElementsAreRefusedByCountInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let document = Self.line(
      #"{"t":0,"kind":"presented","scene":1,"elements":["#, "{}", count: 1_300_000, "]}")
    #expect(document.count < 4 << 20)
    let packed = try TracecatRunner.run(
      ["pack", "-", "-o", "out.foldtrace"], stdin: document, in: fixture.directory, dataLimitKiB: 32_768)
    #expect(packed.status == 1)
    #expect(
      packed.stderr
        == "tracecat: error: <stdin>: line 2, field \"elements\": 1300000 elements, more than 256 (the limit)\n"
    )
  }

  /// A line Foundation had to read whole — a time written `1e17`, an unknown kind — took it back to
  /// hundreds of megabytes: only the number is now read by Foundation, and the kind is refused first.
  @Test(arguments: [
    (
      #"{"t":1e17,"kind":"presented","scene":1,"elements":["#,
      "field \"elements\": 1300000 elements, more than 256 (the limit)"
    ),
    (#"{"t":0,"kind":"bogus","zz":["#, "field \"kind\": unknown kind \"bogus\""),
  ])
  func linesFoundationReadWholeAreReadInBoundedMemory(_ open: String, _ reason: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let document = Self.line(open, "{}", count: 1_300_000, "]}")
    let packed = try TracecatRunner.run(
      ["pack", "-", "-o", "out.foldtrace"], stdin: document, in: fixture.directory, dataLimitKiB: 32_768)
    #expect(packed.status == 1)
    #expect(packed.stderr.hasPrefix("tracecat: error: <stdin>: line 2, \(reason)"), "\(packed.stderr)")
  }

  @Test(arguments: [
    (#"{"t":0,"kind":"layout","scene":1,"zz":["#, "{}", 1_300_000, #"],"elements":[]}"#),
    (#"{"t":0,"kind":"presented","scene":1,"zz":["#, "0", 2_000_000, #"],"elements":[]}"#),
    (#"{"t":0,"kind":"layout","scene":1,"elements":[],"size":["#, "[0]", 1_000_000, "]}"),
  ])
  func unreadValuesPackInBoundedMemory(_ open: String, _ item: String, _ count: Int, _ close: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let document = Self.line(open, item, count: count, close)
    #expect(document.count < 4 << 20)
    let packed = try TracecatRunner.run(
      ["pack", "-", "-o", "out.foldtrace"], stdin: document, in: fixture.directory, dataLimitKiB: 32_768)
    #expect(packed.status == 0, "\(packed.stderr)")
  }

  /// Objects of a few hundred thousand distinct keys (`{"00000":0,"00001":0,…}`), one or two of them
  /// open at once, pack within the 32 MB data segment: the repeated-key check keeps a key as a slot of
  /// 8 bytes (its place in the line, part of its hash), not as a `String`.
  @Test(arguments: [(5, 1), (16, 1), (5, 2)])
  func objectsOfManyKeysPackInBoundedMemory(_ keyLength: Int, _ nesting: Int) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var document = Array((Self.header + "\n" + #"{"t":0,"kind":"marker","label":"a","x":{"#).utf8)
    let budget = (4 << 20) - 64
    let perObject = (budget - document.count) / nesting / (keyLength + 5)
    for level in 0..<nesting {
      if level > 0 { document += Array(#","y":{"#.utf8) }
      for index in 0..<perObject - 1 {
        if index > 0 { document.append(UInt8(ascii: ",")) }
        let hex = String(index, radix: 16)
        document += Array(("\"" + String(repeating: "0", count: keyLength - hex.count) + hex + "\":0").utf8)
      }
    }
    document += Array((String(repeating: "}", count: nesting + 1) + "\n").utf8)
    #expect(document.count < 4 << 20)
    let packed = try TracecatRunner.run(
      ["pack", "-", "-o", "out.foldtrace"], stdin: document, in: fixture.directory, dataLimitKiB: 32_768)
    #expect(packed.status == 0, "\(packed.stderr)")
    let shown = try fixture.run(["cat", "out.foldtrace"])
    #expect(shown.lines.last == "    0.000    -  marker             label=a", "\(shown.stderr)")
  }

  /// A repeated key among many is still found, as Swift compares strings (`k\u0037` is `k7`, `e\u0301`
  /// is `\u00e9`), and refused before the lone surrogate under it; under a new key the surrogate is the
  /// error.
  @Test(arguments: [(#""k999""#, true), (#""k\u0037""#, true), (#""e\u0301""#, true), (#""k1000""#, false)])
  func aRepeatedKeyAmongManyIsFound(_ key: String, _ repeated: Bool) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let keys = (0..<1000).map { #""k\#($0)":0"# } + [#""\u00e9":0"#, key + #":"\ud800""#]
    let document =
      Self.header + "\n" + #"{"t":0,"kind":"marker","label":"a","x":{"# + keys.joined(separator: ",") + "}}\n"
    let packed = try TracecatRunner.run(
      ["pack", "-", "-o", "out.foldtrace"], stdin: Array(document.utf8), in: fixture.directory,
      dataLimitKiB: 32_768)
    #expect(packed.status == 1, "\(packed.stderr)")
    #expect(packed.stderr.contains("repeated key") == repeated, "\(packed.stderr)")
    #expect(packed.stderr.contains("not a valid JSON string") == !repeated, "\(packed.stderr)")
  }
}
