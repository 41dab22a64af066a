import FoldTrace
import Foundation
import TestSupport
import Testing

/// A frame cut short and then a complete frame that FoldTrace's reader would not decode — a zstd frame
/// larger than its frame limit, or a foreign skippable frame: the cut-short bytes are not a torn tail
/// (a complete frame starts after them), so `recover` refuses and leaves the file as it is.
@Suite struct RecoverLaterFrameTests {
  /// A zstd frame of 60,000 incompressible bytes, stored as one raw block: its first 100 bytes end
  /// inside that block, so the decode reads whatever follows as the block's content and runs out of
  /// bytes (`.truncated`), as a frame cut short by a crash does.
  static func cutShortFrame() -> [UInt8] {
    var state: UInt64 = 11
    let content = (0..<60_000).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
    return Array(ZstdFrames.frame(content).prefix(100))
  }

  @Test(arguments: ["zstd", "skippable"])
  func aCompleteFrameAfterACutShortOneIsKept(_ kind: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, _) = try RecoverEdgeTests.closedTrace(fixture)
    // 20 MiB of zeros: a valid zstd frame (with its checksum) over the reader's 16 MiB frame limit.
    let after =
      kind == "zstd"
      ? ZstdFrames.frame([UInt8](repeating: 0, count: 20 << 20))
      : [0x53, 0x2A, 0x4D, 0x18, 16, 0, 0, 0] + [UInt8](repeating: 0x41, count: 16)
    let file = Array(bytes[..<table]) + Self.cutShortFrame() + after
    _ = try fixture.file("cut.foldtrace", file)
    let result = try fixture.run(["recover", "cut.foldtrace"])
    #expect(result.status == 1, "\(result.text)")
    #expect(
      result.stderr.hasSuffix(
        "a complete frame starts at byte \(table + 100), after the damage, so recover leaves the file "
          + "unchanged\n"), "\(result.stderr)")
    #expect(try fixture.bytes(of: "cut.foldtrace") == file)
    #expect(try fixture.run(["verify", "cut.foldtrace"]).status == 1)
  }
}
