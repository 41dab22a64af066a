import FoldReplay
import FoldReplayTesting
import FoldSim
import FoldSimApp
import FoldTrace
import Foundation
import LayoutCore
import ReferenceScreen
import Testing

/// The corpus traces with the app's recorded output: each is what `foldsim` writes for its scenario;
/// the good ones pass `tracecat check` and agree with the model; each known-bad one fails exactly the
/// checks and names exactly the divergences its `.expected` sidecar lists.
@Suite struct AppCorpusTests {
  static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Traces")

  static func names(in directory: URL, prefix: String = "") -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
      .sorted()
  }

  static let good = names(in: traces, prefix: "app-")
  static let knownBad = names(in: traces.appendingPathComponent("known-bad"))

  static let configuration = ReplayConfiguration(
    policy: ReferenceScreenLayout(), content: RecordListContent(),
    scrollElementID: ReferenceScreenLayout.scrollElementID)

  static func load(_ path: String) throws -> (Scenario, [TraceEvent]) {
    let url = traces.appendingPathComponent(path)
    let text = try String(contentsOf: url.appendingPathExtension("json"), encoding: .utf8)
    let scenario = try Scenario.parse(text, file: "Traces/\(path).json")
    let bytes = try AppSimulator.traceBytes(for: scenario)
    let stored = try [UInt8](Data(contentsOf: url.appendingPathExtension("foldtrace")))
    #expect(bytes == stored, "\(path): run Tools/gen-corpus \(path)")
    return (scenario, try TraceReader.readAll(path: url.appendingPathExtension("foldtrace").path).events)
  }

  @Test func theCorpusHasGoodAndKnownBadRecordings() {
    #expect(Self.good == ["app-duo-book-fold", "app-duo-open"])
    #expect(
      Self.knownBad == [
        "button-on-fold", "flapping-panes", "ignores-reduce-motion", "lost-anchor-on-open", "snap-on-fold",
      ])
  }

  @Test(arguments: good)
  func aGoodRecordingPassesAndAgreesWithTheModel(_ name: String) throws {
    let (scenario, events) = try Self.load(name)
    #expect(scenario.appOutput != nil)
    #expect(events.contains { $0.kind == .presented })
    #expect(events.contains { if case .scroll(_, _, _, .some) = $0.payload { true } else { false } })
    let summary = assertRecordingPasses(events, trace: name)
    #expect(summary.maximumFrameJump > 0)
    let comparison = assertRecordingMatchesModel(events, configuration: Self.configuration, trace: name)
    #expect(comparison.layouts >= 3 && comparison.presented > 100)
    // The model's own replay of the same trace passes every check too.
    assertReplayPasses(Replayer.replay(events, trace: name, configuration: Self.configuration))
  }

  @Test(arguments: knownBad)
  func aKnownBadRecordingFailsExactlyAsWrittenDown(_ name: String) throws {
    let (_, events) = try Self.load("known-bad/\(name)")
    let sidecar = try String(
      contentsOf: Self.traces.appendingPathComponent("known-bad/\(name).expected"), encoding: .utf8)
    let lines = sidecar.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    let checks = lines.filter { $0.hasPrefix("check ") }.sorted()
    let compares = lines.filter { $0.hasPrefix("compare ") }.sorted()
    #expect(!checks.isEmpty && !compares.isEmpty)
    let summary = RecordingChecker.check(events, trace: name)
    let failed = summary.failures.map { "check \($0.check.rawValue) \($0.element ?? "-")" }.sorted()
    #expect(failed == checks, "\(name): \(summary.failures.map(\.message).joined(separator: "\n"))")
    let comparison = ModelComparison.compare(events, trace: name, configuration: Self.configuration)
    let named = comparison.divergences.map { divergence -> String in
      switch divergence.subject {
      case .element(let id): "compare element \(id)"
      case .presented(let id): "compare presented \(id)"
      case .anchor(let id): "compare anchorTop \(id)"
      case .shape, .presentation, .columns:
        "compare \(divergence.subject.name) \(divergence.subject.name)"
      }
    }.sorted()
    #expect(named == compares, "\(name): \(comparison.divergences.map(\.message).joined(separator: "\n"))")
  }

  @Test func theButtonOnTheFoldIsNamedWithBothFrames() throws {
    let (_, events) = try Self.load("known-bad/button-on-fold")
    let comparison = ModelComparison.compare(events, trace: "button", configuration: Self.configuration)
    #expect(
      comparison.divergences.map(\.message) == [
        "Scene 1, event 3 at 0.000 s: the app put action.compose at [464, 704, 44, 44]; the policy says"
          + " [924, 20, 44, 44] (684 pt off), in 3 layouts until 7.588 s."
      ])
    let summary = RecordingChecker.check(events, trace: "button")
    #expect(
      summary.failures.map(\.message) == [
        "Scene 1 at 1.200 s, element \"action.compose\": the interactive element rests on an active division"
          + " (reservedRegion). Expected: clear of the active division [504,0,32,780]. Actual: at rest at"
          + " [464,704,44,44]."
      ])
  }

  @Test func askingForTheAppLeavesTheSystemsEventsAsTheyWere() throws {
    let text = try String(
      contentsOf: Self.traces.appendingPathComponent("app-duo-open.json"), encoding: .utf8)
    var scenario = try Scenario.parse(text)
    let withApp = try AppSimulator.events(for: scenario)
    scenario.appOutput = nil
    let system = try scenario.events()
    func inputs(_ events: [TraceEvent]) -> [TraceEvent] {
      events.compactMap { event in
        switch event.payload {
        case .layout, .presented: return nil
        case .scroll(let scene, let offset, let anchor, .some):
          // The app's measurement is added to the user's scroll; the app's own scrolls follow layouts.
          return TraceEvent(time: event.time, .scroll(scene: scene, offset: offset, anchor: anchor))
        default: return event
        }
      }
    }
    let appScrolls = withApp.indices.filter { index in
      guard case .scroll = withApp[index].payload, index > 0 else { return false }
      if case .layout = withApp[index - 1].payload { return true }
      return false
    }
    var kept = withApp
    for index in appScrolls.reversed() { kept.remove(at: index) }
    #expect(inputs(kept) == system)
    #expect(try AppSimulator.events(for: Scenario.parse(text)) == withApp)
    #expect(zip(withApp, withApp.dropFirst()).allSatisfy { $0.time <= $1.time })
  }
}

/// The `appOutput` key: read into an ``AppOutputSpec``, its mistakes named by line, column and field.
@Suite struct AppOutputKeyTests {
  static func parse(_ appOutput: String) throws(ScenarioError) -> Scenario {
    try Scenario.parse(
      #"{"device": "iphone-duo", "seed": 1, "appOutput": \#(appOutput), "timeline": []}"#, file: "s.json")
  }

  @Test func theKeysAreRead() throws {
    #expect(try Self.parse("{}").appOutput == AppOutputSpec())
    let spec = try Self.parse(
      #"{"layout": "reference", "rate": 60, "jitter": 2.5, "dropRate": 0.1, "fault": "flapPanes", "paneThreshold": 700}"#
    ).appOutput
    #expect(
      spec
        == AppOutputSpec(
          rate: 60, jitter: 2_500_000, dropRate: 0.1, fault: .flapPanes, paneThreshold: 700))
    #expect(try Self.parse("{}").header.version == .v1_1)
  }

  @Test func mistakesNameTheField() {
    func message(_ appOutput: String) -> String {
      do {
        _ = try Self.parse(appOutput)
        return "parsed"
      } catch {
        return error.description
      }
    }
    #expect(
      message(#"{"rate": 90}"#) == "s.json:1:59: appOutput.rate: expected one of 60, 120, found the number 90"
    )
    #expect(message(#"{"fault": "snapp"}"#).contains("appOutput.fault: \"snapp\" is not one of: \"snap\""))
    #expect(message(#"{"dropRate": 0.9}"#).contains("appOutput.dropRate"))
    #expect(message(#"{"paneThreshold": 700}"#).contains("paneThreshold is read only with"))
    #expect(message(#"{"fault": "flapPanes"}"#).contains("needs \"paneThreshold\""))
    #expect(message(#"{"colour": 1}"#).contains("appOutput"))
  }
}

/// The app's output is woven into the system's events as they are synthesized, batch by batch.
struct AppStreamingTests {
  /// Twenty minutes of an iPad window resized every second, with the app's output at 120 Hz.
  static let resizes = """
    {"device": "ipad-11", "seed": 3, "appOutput": {"layout": "reference", "rate": 120, "jitter": 2,
     "dropRate": 0.1}, "start": {"mode": "window"}, "timeline": [
      {"gesture": "resize", "to": [400, 700], "duration": 1},
      {"gesture": "resize", "to": [1000, 700], "duration": 1},
      {"gesture": "mixedUse", "duration": 1200}]}
    """

  @Test func theAppsOutputIsHandedOverInBatchesWithTheSameTrace() throws {
    let scenario = try Scenario.parse(Self.resizes)
    var batches: [[TraceEvent]] = []
    #expect(
      try AppSimulator.play(scenario) {
        batches.append($0)
        return true
      })
    let all = batches.flatMap { $0 }
    #expect(all.count > 6 * Scenario.eventBatch)
    #expect(batches.count > 4)
    // A batch of the system's events with the app's between them: at most a few times the batch.
    let largest = batches.map(\.count).max() ?? 0
    #expect(largest <= 4 * (Scenario.eventBatch + 8_000), "largest batch: \(largest)")
    #expect(zip(all, all.dropFirst()).allSatisfy { $0.time <= $1.time })

    var pieces = 0
    var bytes: [UInt8] = []
    var observed = 0
    #expect(
      try AppSimulator.writeTrace(
        for: scenario,
        {
          pieces += 1
          bytes += $0
          return true
        }, observing: { _ in observed += 1 }))
    #expect(observed == all.count)
    #expect(pieces > 4)
    // The same events as read back from the streamed trace.
    let read = try TraceReader.readAll(bytes: bytes, name: "streamed").events
    #expect(read.count == all.count)
    #expect(read.elementsEqual(all))
  }

  @Test func stoppingTheOutputStopsThePlay() throws {
    let scenario = try Scenario.parse(Self.resizes)
    var delivered = 0
    #expect(
      !(try AppSimulator.play(scenario) { _ in
        delivered += 1
        return delivered < 2
      }))
    #expect(delivered == 2)
  }
}

/// foldsim's app passes the tool's own checks: `tracecat check` agrees with `tracecat replay`.
struct SynthesizedRecordingTests {
  static let configuration = AppCorpusTests.configuration

  static func checked(_ text: String, trace: String) throws {
    let events = try AppSimulator.events(for: try Scenario.parse(text, file: "\(trace).json"))
    assertRecordingPasses(events, trace: trace)
    assertReplayPasses(Replayer.replay(events, trace: trace, configuration: Self.configuration))
  }

  /// Closing the Duo from flat: the internal scene disconnects while its bar springs off the fold.
  @Test func closingTheDuoMidMovePasses() throws {
    try Self.checked(
      """
      {"device": "iphone-duo", "seed": 1, "start": {"hinge": 180}, "appOutput": {"rate": 120},
       "timeline": [{"gesture": "close", "at": 0.5}]}
      """, trace: "close")
  }

  /// Seeded mixed use on the Duo: its second scene disconnects mid-animation at 121.25 s.
  @Test func mixedUseOnTheDuoPasses() throws {
    try Self.checked(
      """
      {"device": "iphone-duo", "seed": 5, "appOutput": {"rate": 120},
       "timeline": [{"gesture": "mixedUse", "duration": 130, "at": 0.5}]}
      """, trace: "mixed")
  }

  /// Mixed use scrolls within the content the reference screen has.
  @Test func mixedUseScrollsWithinTheReferenceContent() {
    #expect(RecordListContent().items.count == SessionSynthesizer.contentItems)
    #expect(RecordListContent().items.last?.id == "item-\(SessionSynthesizer.contentItems - 1)")
  }
}
