import FoldTrace

/// `tracecat diff A B`: the first event where two traces differ.
struct DiffCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "diff",
    abstract: "Show the first event where two traces differ: exit 0 same, 1 different.",
    discussion: """
      Compares the traces' events in order (headers and frame boundaries are not compared, so a trace \
      and its 'tracecat --json | tracecat pack' copy are the same). At the first difference, prints its \
      event index (from 0), its time, the event before it for context, then both sides in the JSON \
      Lines form: - for A, + for B; a trace that ends first shows '<end of trace>'. Prints nothing when \
      the traces hold the same events. With --json, prints the difference as one JSON object instead: \
      {"index":…,"t":…,"before":…,"a":…,"b":…}, the events in the JSON Lines form and null for the end \
      of a trace (or for no event before). Records of kinds this tracecat does not know (from a newer \
      FoldTrace) cannot be compared: when the known events are the same and either trace holds such \
      records, diff prints how many each holds ('@@ unknown kinds: … @@'; with --json, \
      {"unknown":{"a":…,"b":…},"events":…}) and exits 1. Exit 0 same, 1 different (or a damaged trace, \
      reported on standard error; 4 when it is torn before any difference), 2 usage, 3 I/O.

      --replay replays both traces into LayoutCore's reference screen (as 'tracecat replay' does) and \
      compares their layout changes instead — what changed for the user when a golden changes: the \
      first differing change in 'tracecat replay --json''s layout form (t, scene, event, shape, \
      presentation, columns, anchor), with the change before it; with --json, as one object \
      {"layoutChange":…,"t":…,"before":…,"a":…,"b":…}.
      """,
    options: [
      .flag("json", help: "Print the difference as one JSON object (for scripts)."),
      .flag("replay", help: "Compare the traces' replays: the first differing layout change."),
    ],
    positionals: PositionalSpec(
      name: "FILE", help: "The two traces (.foldtrace); one of them may be - (standard input).", minimum: 2,
      maximum: 2, label: "A B"),
    examples: [
      (
        "tracecat diff Traces/case-ipad-portrait.foldtrace Traces/case-ipad-landscape.foldtrace",
        "Where two sessions part: here, the first geometry (820 × 1180 pt against 1376 × 1032 pt)."
      ),
      (
        "tracecat diff --replay Traces/case-ipad-portrait.foldtrace Traces/case-ipad-landscape.foldtrace",
        "The first layout the two sessions disagree on."
      ),
      (
        "foldsim Traces/duo-second-scene.json -o new.foldtrace && tracecat diff Traces/duo-second-scene.foldtrace new.foldtrace",
        "Whether a regenerated corpus trace still matches the committed one."
      ),
    ])

  var first: String
  var second: String
  var json: Bool
  var replay: Bool

  init(_ arguments: ParsedArguments) throws {
    first = arguments.positionals[0]
    second = arguments.positionals[1]
    json = arguments.flag("json")
    replay = arguments.flag("replay")
  }

  func run(_ console: Console) throws -> ExitStatus {
    if replay { return try runReplay(console) }
    let left = try open(first)
    var a = EventStream(left)
    var b = EventStream(try open(second))
    let progress = Progress("diff", reading: left)
    defer { progress.finish() }
    var previous: TraceEvent?
    var index = 0
    while true {
      progress.update(a.position)
      let left = try next(&a, first)
      let right = try next(&b, second)
      if left == nil && right == nil {
        guard a.unknownEventCount == 0 && b.unknownEventCount == 0 else {
          reportUnknown(a.unknownEventCount, b.unknownEventCount, events: index, console)
          return .invalid
        }
        return .success
      }
      if left != right {
        report(index: index, previous: previous, left, right, console)
        return .invalid
      }
      previous = left
      index += 1
    }
  }

  private func open(_ file: String) throws -> TraceReader {
    do {
      return try InputSource.trace(file)
    } catch {
      throw TracecatError.wrapping(error, file: file)
    }
  }

  private func next(_ stream: inout EventStream, _ file: String) throws -> TraceEvent? {
    do throws(TraceError) {
      return try stream.next()
    } catch {
      throw TracecatError(error)
    }
  }

  /// The traces' known events are the same but `unknownA` and `unknownB` records could not be compared.
  private func reportUnknown(_ unknownA: Int, _ unknownB: Int, events: Int, _ console: Console) {
    if json {
      console.print("{\"unknown\":{\"a\":\(unknownA),\"b\":\(unknownB)},\"events\":\(events)}")
      return
    }
    let nameA = DisplayText.escaped(InputSource.displayName(first))
    let nameB = DisplayText.escaped(InputSource.displayName(second))
    console.print("--- \(nameA)")
    console.print("+++ \(nameB)")
    console.print(
      "@@ unknown kinds: \(Count(unknownA, "record")) in \(nameA), \(unknownB) in \(nameB); the "
        + "\(Count(events, "known event")) \(events == 1 ? "is" : "are") the same @@")
  }

  private func report(
    index: Int, previous: TraceEvent?, _ left: TraceEvent?, _ right: TraceEvent?, _ console: Console
  ) {
    let time = left?.time ?? right?.time ?? 0
    if json {
      func encoded(_ event: TraceEvent?) -> String { event.map(TraceJSONLines.encode(event:)) ?? "null" }
      console.print(
        "{\"index\":\(index),\"t\":\(time),\"before\":\(encoded(previous)),\"a\":\(encoded(left)),"
          + "\"b\":\(encoded(right))}")
      return
    }
    console.print("--- \(DisplayText.escaped(InputSource.displayName(first)))")
    console.print("+++ \(DisplayText.escaped(InputSource.displayName(second)))")
    console.print("@@ event \(index), t=\(time) ns (\(EventFormatter.time(time)) s) @@")
    // JSON Lines with DEL, C1 controls and U+2028/U+2029 escaped too, as `cat` shows them.
    func line(_ event: TraceEvent) -> String { DisplayText.escaped(TraceJSONLines.encode(event: event)) }
    if let previous { console.print("  " + line(previous)) }
    console.print("- " + (left.map(line) ?? "<end of trace>"))
    console.print("+ " + (right.map(line) ?? "<end of trace>"))
  }
}

/// A trace's events one at a time, frame by frame.
struct EventStream {
  private let reader: TraceReader
  private var events: [TraceEvent] = []
  private var index = 0
  /// The byte offset just past the frame being read.
  private(set) var position = 0

  init(_ reader: TraceReader) { self.reader = reader }

  /// Records of kinds the reader does not know, skipped so far.
  var unknownEventCount: Int { reader.unknownEventCount }

  /// The next event, or nil at the end of the trace.
  /// - Throws: ``TraceError`` at a damaged frame, after every event before it.
  mutating func next() throws(TraceError) -> TraceEvent? {
    while index == events.count {
      guard let frame = try reader.nextFrame() else { return nil }
      events = frame.events
      index = 0
      position = frame.offset + frame.size
    }
    defer { index += 1 }
    return events[index]
  }
}
