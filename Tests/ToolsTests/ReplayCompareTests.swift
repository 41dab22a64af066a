import Foundation
import Testing

/// `tracecat replay --compare`: the app's recorded output against the replayed model, and the known-bad
/// recordings kept out of a directory search.
@Suite struct ReplayCompareTests {
  @Test func aGoodRecordingAgreesAndAKnownBadOneIsNamed() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.copyCorpus(["app-duo-book-fold.foldtrace"])
    try FileManager.default.copyItem(
      at: Corpus.directory.appendingPathComponent("known-bad/button-on-fold.foldtrace"),
      to: fixture.directory.appendingPathComponent("button-on-fold.foldtrace"))
    let good = try fixture.run(["replay", "--compare", "app-duo-book-fold.foldtrace"])
    #expect(good.status == 0, "\(good.text)")
    #expect(
      good.text.contains(
        "  app-duo-book-fold.foldtrace: 3 layouts, 48 elements, 1557 presented frames compared, agree"))
    let bad = try fixture.run(["replay", "--compare", "button-on-fold.foldtrace"])
    #expect(bad.status == 1)
    // The model itself passes; the app diverges from it.
    #expect(bad.text.contains("total: 1 trace, 508 events, 0 passed, 1 failed"))
    #expect(bad.lines.contains { $0.hasPrefix("button-on-fold.foldtrace") && $0.hasSuffix("pass") })
    #expect(
      bad.text.contains(
        "  Scene 1, event 3 at 0.000 s: the app put action.compose at [464, 704, 44, 44]; the policy says"
          + " [924, 20, 44, 44] (684 pt off), in 3 layouts until 7.588 s."))
    let json = try fixture.run(["replay", "--compare", "--json", "button-on-fold.foldtrace"])
    #expect(json.status == 1)
    let records = json.lines.filter {
      $0.contains("\"kind\":\"divergence\"") || $0.contains("\"kind\":\"comparison\"")
    }
    #expect(
      records == [
        #"{"kind":"divergence","trace":"button-on-fold.foldtrace","t":0,"scene":1,"event":3,"#
          + #""element":"action.compose","decision":null,"presented":false,"app":[464,704,44,44],"#
          + #""model":[924,20,44,44],"distance":684,"layouts":3,"until":7588551033,"message":"Scene 1, event 3"#
          + #" at 0.000 s: the app put action.compose at [464, 704, 44, 44]; the policy says [924, 20, 44, 44]"#
          + #" (684 pt off), in 3 layouts until 7.588 s."}"#,
        #"{"kind":"comparison","trace":"button-on-fold.foldtrace","layouts":3,"elements":48,"presented":1557,"#
          + #""divergences":1,"verdict":"diverge"}"#,
      ])
  }

  @Test func aDirectorySearchSkipsTheKnownBadRecordings() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let corpus = fixture.directory.appendingPathComponent("corpus")
    let knownBad = corpus.appendingPathComponent("known-bad")
    try FileManager.default.createDirectory(at: knownBad, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Corpus.directory.appendingPathComponent("app-duo-open.foldtrace"),
      to: corpus.appendingPathComponent("app-duo-open.foldtrace"))
    try FileManager.default.copyItem(
      at: Corpus.directory.appendingPathComponent("known-bad/snap-on-fold.foldtrace"),
      to: knownBad.appendingPathComponent("snap-on-fold.foldtrace"))
    let all = try fixture.run(["check", "corpus"])
    #expect(all.status == 0)
    #expect(all.text.contains("total: 1 trace,"))
    let bad = try fixture.run(["check", "corpus/known-bad"])
    #expect(bad.status == 1)
    #expect(bad.text.contains("snap-on-fold.foldtrace: 18 failures"))
  }
}
