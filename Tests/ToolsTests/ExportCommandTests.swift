import FoldTrace
import Foundation
import Testing

/// `tracecat export --chrome`: the Chrome Trace Event JSON that Perfetto UI and chrome://tracing open.
@Suite struct ExportCommandTests {
  @Test func chromeTraceMatchesItsGolden() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    let result = try fixture.run(["export", "--chrome", "handover.foldtrace"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    Golden.assert(result.text, named: "export-handover.json")
    let toFile = try fixture.run(["export", "--chrome", "-o", "out.json", "-"], stdin: "handover.foldtrace")
    #expect(toFile.status == 0 && toFile.stdout.isEmpty)
    let fromStdin = try fixture.run(["export", "--chrome", "-"], stdin: "handover.foldtrace")
    #expect(try fixture.bytes(of: "out.json") == fromStdin.stdout)
    #expect(
      fromStdin.text
        == result.text.replacingOccurrences(of: "device — handover.foldtrace", with: "device — <stdin>"))
  }

  /// A scene that reconnects keeps one process, renamed to list its displays in the order it first used
  /// them; each connection writes its size afresh (a disconnected scene's counters are not kept).
  @Test func aReconnectingSceneListsItsDisplaysInOrder() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var events: [TraceEvent] = []
    let second: UInt64 = 1_000_000_000
    for (index, display) in [DisplayRole.external, .internal, .external, .mirroring].enumerated() {
      let start = UInt64(index) * second
      let geometry = SceneGeometry(
        size: TraceSize(width: 390, height: 844), horizontal: .compact, vertical: .regular)
      events += [
        TraceEvent(time: start, .sceneConnected(scene: SceneID(7), display: display, scale: 3)),
        TraceEvent(time: start, .geometry(scene: SceneID(7), geometry)),
        TraceEvent(time: start + second / 2, .sceneDisconnected(scene: SceneID(7))),
      ]
    }
    try fixture.trace("re.foldtrace", events)
    let result = try fixture.run(["export", "--chrome", "re.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    let names = result.text.matches(of: /"name":"(scene 7[^"]*)"/).map { String($0.1) }
    #expect(
      names == [
        "scene 7 (external)", "scene 7 (external, internal)", "scene 7 (external, internal, mirroring)",
      ])
    let widths = result.text.matches(of: /"name":"width","ph":"C","pid":1007,"tid":0,"ts":(\d+)/).map {
      String($0.1)
    }
    #expect(widths == ["0", "1000000", "2000000", "3000000"])
  }

  @Test func chromeTraceHasATrackPerSceneAndMicrosecondTimes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    let result = try fixture.run(["export", "--chrome", "handover.foldtrace"])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    let events = try #require(root["traceEvents"] as? [[String: Any]])
    func named(_ name: String, ph: String) -> [[String: Any]] {
      events.filter { $0["name"] as? String == name && $0["ph"] as? String == ph }
    }
    let processes = named("process_name", ph: "M").compactMap { event -> String? in
      guard let pid = event["pid"] as? Int, let args = event["args"] as? [String: Any] else { return nil }
      return "\(pid) \(args["name"] as? String ?? "")"
    }
    #expect(
      processes == ["1 device — handover.foldtrace", "1001 scene 1 (external)", "1002 scene 2 (internal)"])
    // Scene 2's shapes: regularTall from 1.0 s (connected at step 30) to 2.25 s, then regularWide to 3 s.
    let shapes = events.filter {
      $0["ph"] as? String == "X" && $0["cat"] as? String == "shape" && $0["pid"] as? Int == 1002
    }
    #expect(shapes.map { $0["name"] as? String } == ["regularTall", "regularWide"])
    #expect(shapes.map { $0["ts"] as? Double } == [999_999.98, 2_250_000])
    #expect(shapes.map { $0["dur"] as? Double } == [1_250_000.02, 750_000])
    let presentations = events.filter {
      $0["ph"] as? String == "X" && $0["cat"] as? String == "presentation" && $0["pid"] as? Int == 1002
    }
    #expect(presentations.map { $0["name"] as? String } == ["split", "expanded"])
    #expect(presentations.map { $0["tid"] as? Int } == [2, 2])
    let division = events.filter { $0["cat"] as? String == "division" }
    #expect(division.map { $0["ts"] as? Double } == [999_999.98])
    #expect(division.map { $0["dur"] as? Double } == [500_000.02])
    let widths = named("width", ph: "C").filter { $0["pid"] as? Int == 1002 }
    #expect(widths.compactMap { ($0["args"] as? [String: Any])?["pt"] as? Double } == [820, 1180])
    #expect(named("hinge angle", ph: "C").count == 61)
    let markers = events.filter { $0["ph"] as? String == "i" }
    #expect(
      markers.compactMap { $0["name"] as? String } == [
        "open the Duo", "rotate to landscape", "dropped 3 events",
      ])
    #expect(markers.first?["ts"] as? Double == 400_000)
  }

  /// A window carries the state in: scene 2 (connected at 1.0 s) starts at 2.0 s with its regularTall
  /// shape and 820 pt width; scene 1 (gone at 1.5 s) and the device (not chosen) are left out.
  /// The user's place, the traits and every region kind are tracks; with `--replay`, the failures are
  /// instant events with their sentence and the anchor drift is a counter.
  @Test func chromeTraceCarriesTheUsersPlaceRegionsAndTheReplay() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    try fixture.trace("occluded.foldtrace", ReplayOverlayTests.occludedEvents())
    func events(_ arguments: [String]) throws -> [[String: Any]] {
      let result = try fixture.run(arguments)
      #expect(result.status == 0, "\(result.stderr)")
      let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
      return try #require(root["traceEvents"] as? [[String: Any]])
    }
    func names(_ events: [[String: Any]], tid: Int, pid: Int) -> [String] {
      events.filter { $0["tid"] as? Int == tid && $0["pid"] as? Int == pid && $0["ph"] as? String == "X" }
        .compactMap { $0["name"] as? String }
    }
    let handover = try events(["export", "--chrome", "handover.foldtrace"])
    #expect(names(handover, tid: 8, pid: 1001) == ["anchor note-7"])
    #expect(names(handover, tid: 9, pid: 1002) == ["selected note-7"])
    #expect(names(handover, tid: 6, pid: 1001) == ["safe area 47, 0, 34, 0"])
    #expect(names(handover, tid: 7, pid: 1002) == ["extraLarge"])
    #expect(names(handover, tid: 10, pid: 1002) == ["division inactive"])
    let offsets = handover.filter { $0["name"] as? String == "scroll offset" }.compactMap {
      ($0["args"] as? [String: Any])?["pt"] as? Double
    }
    #expect(offsets == [640, 1280])
    let occluded = try events(["export", "--chrome", "--replay", "occluded.foldtrace"])
    #expect(names(occluded, tid: 5, pid: 1001) == ["occlusion active"])
    let failures = occluded.filter { $0["ph"] as? String == "i" && $0["cat"] as? String == "failure" }
    #expect(failures.map { $0["ts"] as? Double } == [100_000, 200_000, 210_000])
    #expect(failures.allSatisfy { $0["name"] as? String == "reservedRegion" && $0["tid"] as? Int == 12 })
    let message = (failures.first?["args"] as? [String: Any])?["message"] as? String
    #expect(message?.hasPrefix("Scene 1, event 2 at 0.100 s, element \"controls\"") == true)
    try fixture.copyCorpus(["duo-open-external-to-internal.foldtrace"])
    let duo = try events(["export", "--chrome", "--replay", "duo-open-external-to-internal.foldtrace"])
    let drifts = duo.filter { $0["name"] as? String == "anchor drift" && $0["ph"] as? String == "C" }
    // Three relayouts keep the anchor, each with a drift of 0 pt: a counter holds its value, so one
    // sample says it (a long session's drift counter grows with its changes, not its relayouts).
    #expect(drifts.count == 1)
    #expect(drifts.compactMap { ($0["args"] as? [String: Any])?["pt"] as? Double } == [0])
    #expect(
      !(try events(["export", "--chrome", "duo-open-external-to-internal.foldtrace"])).contains {
        $0["name"] as? String == "anchor drift"
      })
  }

  @Test func aWindowCarriesTheStateAtItsStart() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    let result = try fixture.run([
      "export", "--chrome", "--from", "2", "--to", "2.5s", "-s", "1,2", "handover.foldtrace",
    ])
    #expect(result.status == 0)
    Golden.assert(result.text, named: "export-window.json")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    let events = try #require(root["traceEvents"] as? [[String: Any]])
    #expect(Set(events.compactMap { $0["pid"] as? Int }) == [1002])
    let shapes = events.filter { $0["cat"] as? String == "shape" }
    #expect(shapes.map { $0["name"] as? String } == ["regularTall", "regularWide"])
    #expect(shapes.map { $0["ts"] as? Double } == [2_000_000, 2_250_000])
    #expect(shapes.map { $0["dur"] as? Double } == [250_000, 250_000])
    let widths = events.filter { $0["name"] as? String == "width" }
    #expect(widths.map { $0["ts"] as? Double } == [2_000_000, 2_250_000])
  }

  /// Counters are sampled when their value changes: the Duo fixture's height stays 844 pt throughout.
  @Test func countersAreWrittenWhenTheirValueChanges() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try fixture.run(["export", "--chrome", "duo.foldtrace"])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    let events = try #require(root["traceEvents"] as? [[String: Any]])
    let heights = events.filter { $0["name"] as? String == "height" && $0["ph"] as? String == "C" }
    let widths = events.filter { $0["name"] as? String == "width" && $0["ph"] as? String == "C" }
    #expect(heights.count == 1)
    #expect(widths.count == 301)
  }

  /// A drop's name gives its count exactly, as `cat` and `stats` do: 2⁶⁴ − 1 is not clamped to Int.max.
  @Test func aDropIsNamedWithItsExactCount() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace(
      "drops.foldtrace",
      [
        TraceEvent(time: 7, .dropped(count: .max)), TraceEvent(time: 8, .dropped(count: 1)),
        TraceEvent(time: 9, .dropped(count: 1 << 63)),
      ])
    let result = try fixture.run(["export", "--chrome", "drops.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    let events = try #require(root["traceEvents"] as? [[String: Any]])
    #expect(
      events.filter { $0["cat"] as? String == "dropped" }.compactMap { $0["name"] as? String } == [
        "dropped 18446744073709551615 events", "dropped 1 event", "dropped 9223372036854775808 events",
      ])
  }

  /// A drop's `count` argument is the exact integer, as JSON spells one: not a double
  /// (`1.8446744073709552e+19` for 2⁶⁴ − 1, 2⁵³ for 2⁵³ + 1); so is a presented span's sample count and a
  /// sort index.
  @Test func aDropsCountArgumentIsAnExactInteger() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace(
      "drops.foldtrace",
      [
        TraceEvent(time: 7, .dropped(count: .max)), TraceEvent(time: 8, .dropped(count: 3)),
        TraceEvent(time: 9, .dropped(count: (1 << 53) + 1)),
        TraceEvent(time: 10, .dropped(count: 100_000_000_000_000_000)),
      ])
    let result = try fixture.run(["export", "--chrome", "drops.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    let counts = result.text.split(separator: "\n").filter { $0.contains(#""cat":"dropped""#) }.map {
      $0.split(separator: "}").first.map(String.init) ?? ""
    }
    #expect(
      counts == [
        #"{"args":{"count":18446744073709551615"#, #"{"args":{"count":3"#,
        #"{"args":{"count":9007199254740993"#, #"{"args":{"count":100000000000000000"#,
      ])
  }

  @Test func exportNeedsAFormat() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    Golden.assert(
      try fixture.transcript([["export", "duo.foldtrace"], ["export", "--chrom", "duo.foldtrace"]]),
      named: "export-usage.txt")
  }
}

/// `export --chrome` writes events as the trace ends them, never holding the trace's history, the event
/// list or the text whole: 600 k scroll samples that each change the scroll anchor (about 19 MB of
/// samples and 24 MB of anchor spans when the timeline kept them) export within a 32 MB data segment.
@Suite struct ExportMemoryTests {
  @Test func aLongTraceExportsInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("long.foldtrace", count: 600_000, anchors: true)
    let result = try fixture.run(
      ["export", "--chrome", "-o", "long.json", "long.foldtrace"], dataLimitKiB: 32_768)
    #expect(result.status == 0, "\(result.stderr)")
    let size =
      try FileManager.default.attributesOfItem(
        atPath: fixture.directory.appendingPathComponent("long.json").path)[.size] as? Int
    // 600 000 scroll-offset samples and 599 999 anchor slices, each a line of about 100 bytes.
    #expect((size ?? 0) > 1_200_000 * 90)
  }
}
