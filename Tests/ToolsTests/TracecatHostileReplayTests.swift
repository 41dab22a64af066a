import FoldTrace
import Foundation
import TestSupport
import Testing

/// `tracecat replay` on hostile input: a scene 10⁹ pt wide replays at once with the capped column count,
/// and a length that is not a number is refused by the reader as a malformed record, with its place and
/// exit 1.
@Suite struct TracecatHostileReplayTests {
  /// Header frame, then one zstd frame with a raw block and no checksum (RFC 8878 §3.1.1) holding a
  /// window scene's connection, a 390 × 844 pt geometry and one whose width is NaN, every double raw.
  static func nanTrace() throws -> (bytes: [UInt8], frameOffset: Int) {
    let writer = try TraceWriter(header: TracecatFixture.header)
    try writer.close()
    let written = writer.bytes
    let headerSize =
      8 + (Int(written[4]) | Int(written[5]) << 8 | Int(written[6]) << 16 | Int(written[7]) << 24)
    func raw(_ value: Double) -> [UInt8] {
      [1] + (0..<8).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * UInt64($0))) }
    }
    let connect: [UInt8] = [1, 0, 11, 1, 2] + raw(2)
    func geometry(_ delta: UInt8, _ width: Double) -> [UInt8] {
      let body = [1] + [width, 844, 0, 0, 0, 0].flatMap(raw) + [0, 1, 0, 0]
      return [3, delta, UInt8(body.count)] + body
    }
    let content: [UInt8] = [0, 0] + connect + geometry(1, 390) + geometry(1, .nan)
    let frame = ZstdFrames.frame(content)
    return (Array(written[..<headerSize]) + frame, headerSize)
  }

  @Test func aNaNLengthIsRefusedAsCorruptionWithItsPlace() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, offset) = try Self.nanTrace()
    _ = try fixture.file("forged.foldtrace", bytes)
    let result = try TracecatRunner.run(["replay", "forged.foldtrace"], in: fixture.directory)
    #expect(result.status == 1, "\(result.text)\(result.stderr)")
    #expect(
      result.stderr
        == "tracecat: error: forged.foldtrace: byte \(offset): frame 0 has a malformed record: record 2 at "
        + "content byte 78: geometry event that no writer writes: size nan × 844 pt is not finite and ≥ 0\n"
    )
    // The reader refuses the frame whole, as any damaged frame: no layout record, the failing summary.
    let json = try TracecatRunner.run(["replay", "--json", "forged.foldtrace"], in: fixture.directory)
    #expect(json.status == 1)
    #expect(json.lines.count == 1)
    #expect(json.lines.last?.contains(#""verdict":"fail""#) == true)
    // With a trace that fails otherwise (a flipped byte), the run exits 1.
    var corrupt = fixture.bytes
    corrupt[corrupt.count / 2] ^= 0x40
    _ = try fixture.file("corrupt.foldtrace", corrupt)
    let both = try TracecatRunner.run(
      ["replay", "forged.foldtrace", "corrupt.foldtrace"], in: fixture.directory)
    #expect(both.status == 1, "\(both.stderr)")
  }

  @Test func aSceneAMillionTimesTooWideReplaysWithCappedColumns() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let scene = SceneID(1)
    func geometry(_ time: UInt64, _ width: Double) -> TraceEvent {
      TraceEvent(
        time: time,
        .geometry(
          scene: scene,
          SceneGeometry(
            size: TraceSize(width: width, height: 800),
            safeArea: TraceInsets(top: 0, leading: 0, bottom: 0, trailing: 0), horizontal: .compact,
            vertical: .regular)))
    }
    try fixture.trace(
      "wide.foldtrace",
      [
        TraceEvent(time: 0, .sceneConnected(scene: scene, display: .window, scale: 2)),
        geometry(0, 1e9), geometry(1_000_000_000, 390),
      ])
    let result = try TracecatRunner.run(["replay", "--json", "wide.foldtrace"], in: fixture.directory)
    #expect(result.status == 0, "\(result.stderr)")
    let columns = result.lines.compactMap { line -> Int? in
      guard let range = line.range(of: #""columns":"#) else { return nil }
      return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
    // ⌊(100 000 + 16) / 336⌋ = 297 at the 100 000 pt cap; 1 at 390 pt.
    #expect(columns == [297, 1])
  }
}
