import FoldReplay
import FoldTrace
import Foundation
import TestSupport
import Testing

/// `replay`, `check` and `show --replay` hold a bounded history of each scene (the first and last 50
/// shape transitions and decisions, the rest counted) and release a scene's state at its disconnect: a
/// scene whose shape flipped 1.2 M times (100 kB) took 113 MB to replay and 70 MB to check, and
/// `show --replay` kept about 1.3 KB a scene for every scene ever connected (300 000 scenes: 392 MB).
@Suite struct ShapeHistoryMemoryTests {
  /// Checked, the flipping scene's row counts every transition, and the JSON summary says how many
  /// were left out of the history it keeps: 100 000 flips within an 8 MB data segment (2.4 MB of
  /// transitions when all were kept, over twice that while the array grew).
  @Test func checkKeepsABoundedHistoryOfAFlappingScene() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let count = 100_000
    try fixture.trace(
      "flip.foldtrace", FlippingScene.events(count, step: 1_000_000, recorded: true), version: .v1_1)
    let table = try fixture.run(["check", "flip.foldtrace"], dataLimitKiB: 8_192)
    #expect(table.status == 0, "\(table.stderr.prefix(600))")
    #expect(table.text.contains(" 1:rW→cT→rW→cT→…(+\(count - 7))…→cT→rW→cT "), "\(table.text.prefix(600))")
    let json = try fixture.run(["check", "--json", "flip.foldtrace"], dataLimitKiB: 8_192)
    #expect(json.status == 0, "\(json.stderr.prefix(600))")
    #expect(json.text.hasSuffix(",\"failures\":[],\"omittedTransitions\":\(count - 100)}\n"), "\(json.text)")
  }

  /// Replayed, the same holds for the table and the JSON Lines summary: 20 000 flips within 8 MB (each
  /// kept a transition and a decision when all were).
  @Test func replayKeepsABoundedHistoryOfAFlappingScene() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let count = 20_000
    try fixture.trace(
      "flip.foldtrace", FlippingScene.events(count, step: 1_000_000, recorded: true), version: .v1_1)
    let table = try fixture.run(["replay", "flip.foldtrace"], dataLimitKiB: 8_192)
    #expect(table.text.contains(" 1:rW→cT→rW→cT→…(+\(count - 7))…→cT→rW→cT "), "\(table.text.prefix(600))")
    let json = try fixture.run(["replay", "--json", "flip.foldtrace"], dataLimitKiB: 8_192)
    let summary = json.text.split(separator: "\n").last.map(String.init) ?? ""
    #expect(summary.hasSuffix(",\"omittedTransitions\":\(count - 100)}"), "\(summary.prefix(600))")
  }

  /// `show --replay` forgets a scene's presentation and plan frames at its disconnect.
  @Test func showReplayForgetsDisconnectedScenes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeManySceneTrace("many.foldtrace", count: 30_000)
    let result = try fixture.run(
      ["show", "--replay", "--at", "0.0005", "-o", "at.svg", "many.foldtrace"], dataLimitKiB: 16_384)
    #expect(result.status == 0, "\(result.stderr.prefix(600))")
    let svg = String(decoding: try fixture.bytes(of: "at.svg"), as: UTF8.self)
    #expect(svg.components(separatedBy: "<g id=\"scene-").count - 1 == 1)
  }

  /// `check` lists the first 10 000 scenes with a recorded shape and counts the rest: 100 000 scenes
  /// that come and go, each with one layout, are checked within 16 MB.
  @Test func checkListsTheFirstScenesAndCountsTheRest() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let count = 100_000
    try fixture.trace("many.foldtrace", PassingScenes.events(count), version: .v1_1)
    let json = try fixture.run(["check", "--json", "many.foldtrace"], dataLimitKiB: 16_384)
    #expect(json.status == 0, "\(json.stderr.prefix(600))")
    #expect(json.text.hasSuffix(",\"failures\":[],\"unlistedScenes\":90000}\n"), "\(json.text)")
    let table = try fixture.run(["check", "many.foldtrace"], dataLimitKiB: 16_384)
    let row = table.text.split(separator: "\n").first { $0.hasPrefix("many.foldtrace") }.map {
      $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
    #expect(row?.prefix(3) == ["many.foldtrace", "300000", "100000"], "\(table.text.prefix(600))")
  }
}
