import FoldTrace
import Testing

@testable import tracecat

/// `plot --replay` and `replay --report` keep the anchor drifts a plot can draw, not one per relayout:
/// kept whole they cost 16 bytes per relayout that kept the anchor, and a 23 M-event trace held about
/// 40 MB of them.
@Suite struct ReplayMarksMemoryTests {
  /// 300 000 relayouts of one scene 1 ms apart (300 s), a drift of 0.1 pt each and of 5 pt every
  /// 10 000th: at most ``DriftBuckets/limit`` drifts are kept, still more than four per unit of a plot
  /// 1 056 units wide, and every drift beyond the tolerance is kept at its own time.
  @Test func manyRelayoutsKeepBoundedDrifts() throws {
    var buckets = DriftBuckets()
    let scene = SceneID(1)
    var bad: [UInt64] = []
    for index in 0..<300_000 {
      let time = UInt64(index) * 1_000_000
      let large = index % 10_000 == 5_000
      if large { bad.append(time) }
      buckets.add(scene, time: time, points: large ? 5 : (index % 2 == 0 ? 0.1 : -0.1))
    }
    let kept = try #require(buckets.drifts[scene])
    #expect(buckets.count == kept.count)
    #expect(kept.count <= DriftBuckets.limit, "\(kept.count) drifts kept")
    #expect(kept.count > 4 * 1_056, "\(kept.count) drifts kept")
    #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.time < $1.time })
    #expect(kept.filter { $0.points == 5 }.map(\.time) == bad)
    #expect(kept.allSatisfy { abs($0.points) == 0.1 || $0.points == 5 })
    #expect(buckets.scenes == [scene])
  }

  /// Fewer drifts than the limit are kept as they came, two at one instant too; drifts outside the
  /// window are not kept, but their scene is.
  @Test func fewDriftsAreKeptWhole() {
    var buckets = DriftBuckets(window: 1_000...1_000_000_000)
    buckets.add(SceneID(2), time: 500, points: 3)
    for index in 0..<1_000 {
      let time = 1_000 + UInt64(index / 2) * 1_000
      buckets.add(SceneID(1), time: time, points: Double(index))
    }
    #expect(buckets.shift == nil)
    #expect(buckets.drifts[SceneID(1)]?.count == 1_000)
    #expect(buckets.drifts[SceneID(1)]?.map(\.points) == (0..<1_000).map(Double.init))
    #expect(buckets.drifts[SceneID(2)] == nil)
    #expect(buckets.scenes == [SceneID(1), SceneID(2)])
  }

  /// 40 000 scenes with one drift each, 1 µs apart, cannot merge: they are all kept, and the buckets
  /// widen a few times, not at each drift past the limit.
  @Test func scenesThatCannotMergeAreKept() {
    var buckets = DriftBuckets()
    for index in 0..<40_000 {
      buckets.add(SceneID(UInt32(index + 1)), time: UInt64(index) * 1_000, points: 1)
    }
    #expect(buckets.count == 40_000)
    #expect(buckets.drifts.count == 40_000)
    // The span is 40 ms: buckets never grow past 40 ms / 4096 ≈ 9.8 µs (2^13 ns).
    #expect((buckets.shift ?? 0) <= 13)
  }
}

/// `replay --report` inlines a trace's timeline as it is drawn, in pieces, not as one string copied
/// three times (about 15 MB for the 3.2 MB timeline of a 23 M-event trace): the pieces give the bytes
/// the document inlined whole gives, wherever a piece ends.
@Suite struct InlineSVGTests {
  /// `document` inlined by ``ReplayReport/InlineSVG`` handed pieces of `size` bytes.
  static func inlined(_ document: String, idPrefix: String, inPiecesOf size: Int) -> String {
    var inliner = ReplayReport.InlineSVG(idPrefix: idPrefix)
    var bytes: [UInt8] = []
    let utf8 = Array(document.utf8)
    for start in stride(from: 0, to: utf8.count, by: size) {
      inliner.add(Array(utf8[start..<min(start + size, utf8.count)])) { bytes += $0 }
    }
    inliner.finish { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: [1, 2, 3, 4, 5, 7, 64])
  func piecesInlineAsTheWholeDocument(_ size: Int) {
    let document =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg id=\"a\">\n  <g id=\"lane-1\" class=\"panel\">"
      + "<rect fill=\"url(#hatch)\"/><title>say id=&quot;x&quot; url(#</title></g>\n</svg>\n"
    let whole = ReplayReport.inline(document, idPrefix: "t3-")
    #expect(Self.inlined(document, idPrefix: "t3-", inPiecesOf: size) == whole)
    #expect(whole.hasPrefix("<svg id=\"t3-a\">") && whole.contains("url(#t3-hatch)"))
    // Drawn text is shown as written: only markup gains the prefix.
    #expect(whole.contains("<title>say id=&quot;x&quot; url(#</title>"))
  }

  /// A pattern in the last bytes held back is prefixed when the document ends.
  @Test(arguments: [1, 4, 64])
  func aPatternAtTheEndIsPrefixed(_ size: Int) {
    let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg><text>url(#a)</text><g id=\""
    #expect(
      Self.inlined(document, idPrefix: "t1-", inPiecesOf: size) == "<svg><text>url(#a)</text><g id=\"t1-")
    #expect(ReplayReport.inline(document, idPrefix: "t1-") == "<svg><text>url(#a)</text><g id=\"t1-")
  }
}
