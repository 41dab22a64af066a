import FoldReplay
import FoldTrace
import LayoutCore

/// Where seeking to a frame's keyframe disagreed with replaying from the start.
struct SeekMismatch: CustomStringConvertible {
  var frame: Int
  var what: String
  var description: String { "frame \(frame): \(what)" }
}

/// Replays a trace from the start and, at every frame, starts a second replayer from the frame's keyframe;
/// both must agree on the session state and on every scene's plan, at the frame's start and after its
/// events.
///
/// Scroll offsets are not compared: a seek starts from the last recorded offset, a full replay from the
/// re-anchored one.
func seekMismatches(bytes: [UInt8], configuration: ReplayConfiguration) throws -> (
  frames: Int, mismatches: [SeekMismatch]
) {
  let reader = try TraceReader(bytes: bytes, name: "seek")
  var full = Replayer(configuration: configuration)
  var discard = DiscardingSink()
  var frames = 0
  var mismatches: [SeekMismatch] = []
  func compare(_ a: Replayer, _ b: Replayer, frame: Int, when: String) {
    if a.session.scenes != b.session.scenes {
      mismatches.append(SeekMismatch(frame: frame, what: "scenes differ \(when)"))
    }
    if a.session.hinge != b.session.hinge {
      mismatches.append(SeekMismatch(frame: frame, what: "hinge differs \(when)"))
    }
    for scene in a.session.scenes where a.plan(for: scene.id) != b.plan(for: scene.id) {
      mismatches.append(SeekMismatch(frame: frame, what: "scene \(scene.id)'s plan differs \(when)"))
    }
  }
  while let frame = try reader.nextFrame() {
    frames += 1
    var seeked = Replayer(configuration: configuration, keyframe: frame.keyframe, eventIndex: full.eventCount)
    compare(full, seeked, frame: frame.index, when: "at the frame's start")
    for event in frame.events {
      full.consume(event, into: &discard)
      seeked.consume(event, into: &discard)
    }
    compare(full, seeked, frame: frame.index, when: "after the frame's events")
    if seeked.eventCount != full.eventCount {
      mismatches.append(SeekMismatch(frame: frame.index, what: "event counts differ"))
    }
  }
  return (frames, mismatches)
}

/// Writes a script as trace bytes with small frames (every 100 ms of trace time), so it has many
/// keyframes.
func traceBytes(_ script: TraceScript) throws -> [UInt8] {
  let writer = try TraceWriter(
    header: TraceHeader(device: "test", app: "FoldReplayTests", recorder: "TraceScript"),
    policy: FlushPolicy(maxBufferedBytes: 64 * 1024, maxSpan: 100_000_000))
  for event in script.events { try writer.append(event) }
  try writer.close()
  return writer.bytes
}
