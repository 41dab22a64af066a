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
}
