import FoldTrace
import Foundation
import Testing

/// `tracecat check` on a recording that stops while the compose button springs 52 pt to its new frame
/// (120 Hz): a torn or never-closed trace was cut there, and the move it cut is left unfinished; a
/// trace closed cleanly there ended, and the button missed its rest.
@Suite struct CutRecordingTests {
  static let scene = SceneID(1)

  static func layout(x: Double) -> TraceEvent.Payload {
    .layout(
      scene: scene,
      RecordedLayout(
        shape: "regularWide", presentation: "split", columns: 2,
        elements: [
          RecordedElement(
            id: "action.compose", frame: TraceRect(x: x, y: 716, width: 44, height: 44), isInteractive: true)
        ]))
  }

  /// The frames the writer ends: the scene and its first layout; the new layout; then each 10 samples
  /// of the spring up to sample `samples` (of 72).
  static func frames(samples: Int) -> [[TraceEvent]] {
    var frames: [[TraceEvent]] = [
      [
        TraceEvent(time: 0, .sceneConnected(scene: scene, display: .internal, scale: 3)),
        TraceEvent(
          time: 0,
          .geometry(
            scene: scene,
            SceneGeometry(
              size: TraceSize(width: 1040, height: 780), horizontal: .regular, vertical: .regular))),
        TraceEvent(time: 1, layout(x: 500)),
      ],
      [TraceEvent(time: 1_008_000_000, layout(x: 448))],
    ]
    let omega = 2 * Double.pi / 0.4
    for k in 1...samples {
      let t = Double(k) / 120
      let x = k == 72 ? 448 : 448 + 52 * (1 + omega * t) * exp(-omega * t)
      let sample = TraceEvent(
        time: 1_008_000_000 + UInt64(k) * 8_333_333,
        .presented(
          scene: scene,
          [
            PresentedElement(id: "action.compose", frame: TraceRect(x: x, y: 716, width: 44, height: 44))
              .quantized()
          ]
        ))
      if k % 10 == 1 { frames.append([]) }
      frames[frames.count - 1].append(sample)
    }
    return frames
  }

  /// The trace's bytes, each frame ended with a flush; closed (with a seek table) when `closed`.
  static func bytes(_ frames: [[TraceEvent]], closed: Bool) throws -> [UInt8] {
    let writer = try TraceWriter(
      header: TraceHeader(device: "iPhone Duo", app: "Mail", recorder: "ToolsTests"), policy: .archive)
    var bytes: [UInt8] = []
    for frame in frames {
      for event in frame { try writer.append(event) }
      try writer.flush()
      bytes += writer.takeBytes()
    }
    if closed {
      try writer.close()
      bytes += writer.takeBytes()
    }
    return bytes
  }

  @Test func aTraceCutMidMovePassesWhereAClosedOneMissesTheRest() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    func write(_ name: String, _ bytes: [UInt8]) throws {
      try Data(bytes).write(to: fixture.directory.appendingPathComponent(name))
    }
    let cut = Self.frames(samples: 30)
    // The whole move, closed: it passes.
    try write("whole.foldtrace", try Self.bytes(Self.frames(samples: 72), closed: true))
    // Closed mid-move: by the evidence the button stopped 3.3 pt short of its frame.
    try write("closed.foldtrace", try Self.bytes(cut, closed: true))
    // The writer stopped between frames: no seek table.
    let unclosed = try Self.bytes(cut, closed: false)
    try write("unclosed.foldtrace", unclosed)
    // Killed mid-frame: the next frame's first half.
    let next = try Self.bytes(Self.frames(samples: 40), closed: false)
    try write("torn.foldtrace", Array(next.prefix(unclosed.count + (next.count - unclosed.count) / 2)))

    let whole = try fixture.run(["check", "whole.foldtrace"])
    #expect(whole.status == 0, "\(whole.text)\(whole.stderr)")
    let closed = try fixture.run(["check", "--json", "closed.foldtrace"])
    #expect(closed.status == 1)
    #expect(closed.text.contains(#""check":"endSnap""#), "\(closed.text)")
    let open = try fixture.run(["check", "--json", "unclosed.foldtrace"])
    #expect(open.status == 0, "\(open.text)\(open.stderr)")
    #expect(open.text.contains(#""verdict":"pass""#))
    let torn = try fixture.run(["check", "--json", "torn.foldtrace"])
    #expect(torn.status == 4, "\(torn.text)\(torn.stderr)")
    #expect(!torn.text.contains("endSnap") && !torn.text.contains("frameJump"), "\(torn.text)")
    #expect(torn.stderr.contains("torn.foldtrace"))
  }

  /// `recover` and `slice --to` write the cut into the trace, which a later `check` cannot otherwise know.
  @Test func recoverAndSliceMarkTheCut() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let unclosed = try Self.bytes(Self.frames(samples: 30), closed: false)
    let next = try Self.bytes(Self.frames(samples: 40), closed: false)
    let torn = Array(next.prefix(unclosed.count + (next.count - unclosed.count) / 2))
    try Data(torn).write(to: fixture.directory.appendingPathComponent("torn.foldtrace"))
    try Data(unclosed).write(to: fixture.directory.appendingPathComponent("unclosed.foldtrace"))
    try Data(try Self.bytes(Self.frames(samples: 72), closed: true))
      .write(to: fixture.directory.appendingPathComponent("whole.foldtrace"))

    for name in ["torn.foldtrace", "unclosed.foldtrace"] {
      let recover = try fixture.run(["recover", name])
      #expect(recover.status == 4, "\(recover.text)\(recover.stderr)")
      #expect(recover.text.contains("marked the cut"), "\(recover.text)")
      let check = try fixture.run(["check", name])
      #expect(check.status == 0, "\(check.text)\(check.stderr)")
      // The cut is at the last event's time: sample 30 (1.258 s).
      let cat = try fixture.run(["cat", "--json", name])
      #expect(cat.lines.last == #"{"t":1257999990,"kind":"cut"}"#, "\(cat.text)")
      #expect(try fixture.run(["recover", name]).status == 0)
    }

    // 1.1 s is inside the move: the slice ends with a cut there and passes; up to the end, no cut.
    let slice = try fixture.run(["slice", "--to", "1.1", "-o", "part.foldtrace", "whole.foldtrace"])
    #expect(slice.status == 0, "\(slice.stderr)")
    let part = try fixture.run(["cat", "--json", "part.foldtrace"])
    #expect(part.lines.last == #"{"t":1100000000,"kind":"cut"}"#, "\(part.text)")
    let check = try fixture.run(["check", "part.foldtrace"])
    #expect(check.status == 0, "\(check.text)\(check.stderr)")
    _ = try fixture.run(["slice", "--from", "1", "-o", "end.foldtrace", "whole.foldtrace"])
    let end = try fixture.run(["cat", "--json", "end.foldtrace"])
    #expect(end.status == 0 && !end.text.contains(#""cut""#))
  }
}
