import FoldTrace
import Foundation
import Testing

/// Invalid values are refused at record time, with a clear error, and never written.
@Suite struct ValidationTests {
  static let scene = SceneID(1)

  static func geometry(_ size: TraceSize, insets: TraceInsets = .zero, minimum: TraceSize? = nil)
    -> TraceEvent
  {
    TraceEvent(
      time: 10,
      .geometry(
        scene: scene,
        SceneGeometry(
          size: size, safeArea: insets, horizontal: .compact, vertical: .regular, minimumSize: minimum)))
  }

  static let invalid: [(TraceEvent, String)] = [
    (geometry(TraceSize(width: .nan, height: 10)), "size nan × 10 pt"),
    (geometry(TraceSize(width: 10, height: .infinity)), "size 10 × inf pt"),
    (geometry(TraceSize(width: -1, height: 10)), "size -1 × 10 pt"),
    (
      geometry(
        TraceSize(width: 1, height: 1), insets: TraceInsets(top: -0.5, leading: 0, bottom: 0, trailing: 0)),
      "top inset"
    ),
    (
      geometry(
        TraceSize(width: 1, height: 1), insets: TraceInsets(top: 0, leading: 0, bottom: 0, trailing: .nan)),
      "trailing inset"
    ),
    (geometry(TraceSize(width: 1, height: 1), minimum: TraceSize(width: -3, height: 0)), "minimum size"),
    (TraceEvent(time: 10, .sceneConnected(scene: scene, display: .internal, scale: 0)), "display scale 0 "),
    (
      TraceEvent(time: 10, .sceneConnected(scene: scene, display: .internal, scale: -.infinity)),
      "display scale"
    ),
    (TraceEvent(time: 10, .hinge(HingeState(status: .partiallyOpen, angle: 400))), "hinge angle 400°"),
    (TraceEvent(time: 10, .hinge(HingeState(status: .partiallyOpen, angle: .nan))), "hinge angle"),
    (
      TraceEvent(time: 10, .scroll(scene: scene, offset: TracePoint(x: .nan, y: 0), anchor: nil)),
      "scroll offset"
    ),
    (
      TraceEvent(
        time: 10,
        .regions(
          scene: scene,
          [
            ReservedRegion(
              kind: .division, frame: TraceRect(x: 0, y: 0, width: -1, height: 5), isActive: true)
          ])),
      "region 0 size"
    ),
    (TraceEvent(time: 10, .marker(String(repeating: "x", count: 70_000))), "70000 bytes"),
    (TraceEvent(time: 9, .marker("back in time")), "precedes the previous event's 10 ns"),
  ]

  @Test func invalidEventsAreRefusedAndNotWritten() throws {
    let writer = try TraceWriter(header: TraceSamples.header)
    try writer.append(TraceEvent(time: 10, .sceneConnected(scene: Self.scene, display: .external, scale: 3)))
    for (event, expected) in Self.invalid {
      do throws(TraceError) {
        try writer.append(event)
        Issue.record("accepted \(event)")
      } catch {
        #expect(error.code == .invalidEvent)
        #expect(error.reason.contains(expected), "\(error)")
        #expect(error.reason.hasSuffix("it was not written"))
        #expect(error.description.hasPrefix("memory: refused \(event.kind.name) event at \(event.time) ns"))
      }
    }
    // Valid edge values pass: zero sizes, −0.0, negative scroll offsets and region origins.
    let valid = [
      Self.geometry(TraceSize(width: 0, height: -0.0)),
      TraceEvent(time: 10, .scroll(scene: Self.scene, offset: TracePoint(x: -5, y: -80), anchor: nil)),
      TraceEvent(time: 10, .hinge(HingeState(status: .closed, angle: 0))),
    ]
    for event in valid { try writer.append(event) }
    try writer.close()
    let events = try TraceReader.readAll(bytes: writer.bytes, name: "m").events
    #expect(events.count == 1 + valid.count)
  }
}

@Suite struct HeaderValidationTests {
  static let oversized = TraceHeader(
    device: "iPhone Duo", app: String(repeating: "a", count: 70_000), recorder: "tests")

  @Test func aHeaderNoReaderCouldReadIsRefusedBeforeAnyByteIsWritten() throws {
    #expect(TraceSamples.header.validationFailure == nil)
    #expect(Self.oversized.validationFailure?.contains("over the 64 KiB") == true)
    var newer = TraceSamples.header
    newer.version = TraceFormatVersion(major: 2, minor: 0)
    #expect(newer.validationFailure?.contains("format version 2.0") == true)

    #expect(throws: TraceError.self) { try TraceWriter(header: Self.oversized) }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "header-validation-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("t.foldtrace").path
    do throws(TraceError) {
      _ = try TraceWriter(path: path, header: newer)
      Issue.record("a newer major header was accepted")
    } catch {
      #expect(error.code == .invalidArgument)
      #expect(error.file == path)
    }
    #expect(!FileManager.default.fileExists(atPath: path), "nothing may be created for a refused header")
    #expect(throws: TraceError.self) {
      try SessionRecorder(path: path, header: Self.oversized)
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aHeaderAtTheLimitRoundTrips() throws {
    // 64 KiB of content: 8 magic + 4 version + 3 labels with their varint lengths + 1 flags + 4 CRC.
    let overhead = 8 + 4 + 3 + 3 + 1 + 1 + 4
    let app = String(
      repeating: "b", count: 64 * 1024 - overhead - "iPhone Duo".utf8.count - "tests".utf8.count)
    let header = TraceHeader(device: "iPhone Duo", app: app, recorder: "tests")
    #expect(header.validationFailure == nil)
    let writer = try TraceWriter(header: header)
    try writer.close()
    #expect(try TraceReader(bytes: writer.bytes, name: "limit").header == header)
  }
}
