import FoldReplay
import FoldTrace
import LayoutCore
import Testing

/// The checks on hand-made records: each promise fails when broken and passes at its documented
/// exceptions.
@Suite struct CheckTests {
  func change(
    _ time: UInt64, shape: LayoutShape, input: LayoutShape, event: Int, scene: UInt32 = 1
  ) -> ReplayRecord {
    let context = LayoutContext(shape: input, size: Size(width: 800, height: 600))
    let plan = LayoutPlan(
      shape: shape, presentation: shape.prefersSingleColumn ? .stack : .split, columns: 2, elements: [],
      actions: [])
    return .layout(
      LayoutChange(
        scene: SceneID(scene), time: time * 1_000_000, eventIndex: event, context: context, plan: plan))
  }

  @Test func aShapeHeldBrieflyFlapsUnlessTheInputCrossedBackToo() {
    let flapping = ReplayChecks.failures(
      in: [
        change(0, shape: .regularWide, input: .regularWide, event: 0),
        change(100, shape: .regularTall, input: .regularWide, event: 1),
        change(150, shape: .regularWide, input: .regularWide, event: 2),
      ], checks: [.flapping])
    #expect(flapping.count == 1)
    #expect(flapping.first?.eventIndex == 2)
    #expect(
      flapping.first?.message
        == "Scene 1, event 2 at 0.150 s: the layout flapped regularTall → regularWide while the recorded "
        + "input stayed regularWide (flapping). Expected: regularTall held at least 0.250 s. "
        + "Actual: held 0.050 s (from event 1).")

    let followed = ReplayChecks.failures(
      in: [
        change(0, shape: .regularWide, input: .regularWide, event: 0),
        change(100, shape: .regularTall, input: .regularTall, event: 1),
        change(150, shape: .regularWide, input: .regularWide, event: 2),
      ], checks: [.flapping])
    #expect(followed.isEmpty)

    let dwelt = ReplayChecks.failures(
      in: [
        change(0, shape: .regularWide, input: .regularWide, event: 0),
        change(100, shape: .regularTall, input: .regularWide, event: 1),
        change(400, shape: .regularWide, input: .regularWide, event: 2),
      ], checks: [.flapping])
    #expect(dwelt.isEmpty)
  }

  @Test func expectedShapeSequencesMergeDuplicatesAndDiff() {
    let records = [
      change(0, shape: .compactTall, input: .compactTall, event: 0),
      change(10, shape: .compactTall, input: .compactTall, event: 1),
      change(20, shape: .regularWide, input: .regularWide, event: 2),
    ]
    let changes = records.compactMap { if case .layout(let c) = $0 { c } else { nil } }
    #expect(
      ReplayChecks.shapeTransitions(
        changes, scene: SceneID(1), expected: [.compactTall, .compactTall, .regularWide]
      ).isEmpty)
    let failures = ReplayChecks.shapeTransitions(
      changes, scene: SceneID(1), expected: [.compactTall, .regularTall])
    #expect(failures.count == 1)
    #expect(failures.first?.eventIndex == 2)
    #expect(failures.first?.diff == ["  compactTall", "- regularTall", "+ regularWide"])
  }

  /// A change whose anchor "item-7" stood `before` pt from the viewport's top and now stands `after` pt
  /// from it, its item's top `itemTop` pt into content that scrolls to at most `maximumOffset` pt (nil:
  /// the item is gone).
  func anchored(
    before: Double, after: Double, offsetAfter: Double, itemTop: Double? = 600, maximumOffset: Double = 2000,
    wasAtTop: Bool = false
  ) -> ReplayRecord {
    var change = LayoutChange(
      scene: SceneID(1), time: 0, eventIndex: 3,
      context: LayoutContext(shape: .regularWide, size: Size(width: 1000, height: 700)),
      plan: LayoutPlan(shape: .regularWide, presentation: .expanded, columns: 2, elements: [], actions: []))
    change.anchorBefore = ScrollAnchor(itemID: "item-7", offsetFromViewportTop: before)
    change.anchorAfter = ScrollAnchor(itemID: "item-7", offsetFromViewportTop: after)
    change.anchorItemTop = itemTop
    change.maximumOffset = maximumOffset
    change.wasAtTop = wasAtTop
    change.offsetAfter = offsetAfter
    return .layout(change)
  }

  @Test func theAnchorCheckDecidesWhatAnchoringPromisedFromTheContent() {
    func outcome(_ record: ReplayRecord) -> AnchorOutcome? {
      if case .layout(let change) = record { change.anchorOutcome } else { nil }
    }
    // The item's top 600 pt into the content, 40 pt below the viewport's top: offset 560 keeps it.
    #expect(outcome(anchored(before: 40, after: 40, offsetAfter: 560)) == .kept)
    // Keeping 700 pt would need offset −100: clamped to the top.
    #expect(outcome(anchored(before: 700, after: 600, offsetAfter: 0)) == .clamped(0))
    // Keeping 40 pt would need offset 560, past the content's end at 300.
    #expect(outcome(anchored(before: 40, after: 300, offsetAfter: 300, maximumOffset: 300)) == .clamped(300))
    // At the top nothing is anchored, whatever the item's place.
    #expect(outcome(anchored(before: 600, after: 600, offsetAfter: 0, wasAtTop: true)) == .atTop)
    // The item is gone: no distance is promised.
    #expect(outcome(anchored(before: 40, after: 900, offsetAfter: 560, itemTop: nil)) == .removed)
    var none = LayoutChange(
      scene: SceneID(1), time: 0, eventIndex: 0,
      context: LayoutContext(shape: .regularWide, size: Size(width: 1000, height: 700)),
      plan: LayoutPlan(shape: .regularWide, presentation: .expanded, columns: 2, elements: [], actions: []))
    none.anchorAfter = ScrollAnchor(itemID: "item-1", offsetFromViewportTop: 0)
    #expect(none.anchorOutcome == .none)
    #expect(none.anchorDrift == nil)
  }

  @Test func anchorsKeepTheirOffsetExceptAtTheDocumentedCases() {
    func failures(_ record: ReplayRecord) -> [ReplayFailure] {
      ReplayChecks.failures(in: [record], checks: [.anchor])
    }
    #expect(failures(anchored(before: 40, after: 40.9, offsetAfter: 500)).isEmpty)
    #expect(failures(anchored(before: 40, after: 41.5, offsetAfter: 500)).count == 1)
    #expect(failures(anchored(before: 700, after: 300, offsetAfter: 0)).isEmpty)
    #expect(failures(anchored(before: 700, after: 300, offsetAfter: 12)).count == 1)
    #expect(failures(anchored(before: 0, after: 200, offsetAfter: 0, wasAtTop: true)).isEmpty)
    #expect(failures(anchored(before: 0, after: 200, offsetAfter: 80, wasAtTop: true)).count == 1)
    #expect(failures(anchored(before: 40, after: 900, offsetAfter: 500, itemTop: nil)).isEmpty)
    let message = failures(anchored(before: 40, after: 52, offsetAfter: 500)).first?.message
    #expect(
      message
        == "Scene 1, event 3 at 0.000 s, element \"item-7\": the scroll anchor drifted 12 pt across a "
        + "relayout (regularWide, 2 columns) (anchor). Expected: 40 pt from the viewport's top (±1 pt). "
        + "Actual: 52 pt.")
  }

  @Test func theVerifierKeepsAFewFailuresPerCheckButCountsAll() {
    var verifier = ReplayVerifier(trace: "t", failureLimit: 2)
    for index in 0..<5 {
      verifier.receive(anchored(before: 0, after: Double(10 + index), offsetAfter: 100))
    }
    #expect(verifier.summary.failures.count == 2)
    #expect(verifier.summary.failureCount == 5)
    #expect(!verifier.summary.passed)
    #expect(verifier.summary.maximumAnchorDrift == 14)
  }

  @Test func numbersAndTimesPrintTheSameEverywhere() {
    #expect(ReplayFormat.number(12.5) == "12.5")
    #expect(ReplayFormat.number(375) == "375")
    #expect(ReplayFormat.number(-0.0001) == "0")
    #expect(ReplayFormat.number(1.23456) == "1.235")
    #expect(ReplayFormat.number(.nan) == "nan")
    #expect(ReplayFormat.number(-.infinity) == "-inf")
    #expect(ReplayFormat.json(.nan) == "null")
    #expect(ReplayFormat.json(.infinity) == "null")
    #expect(ReplayFormat.json(12.5) == "12.5")
    #expect(ReplayFormat.number(1.7e308) == "1.7e+308")
    #expect(ReplayFormat.json(-1.7e308) == "-1.7e+308")
    #expect(ReplayFormat.seconds(1_250_000_000) == "1.250 s")
    #expect(ReplayFormat.seconds(7_000_000) == "0.007 s")
  }

  @Test func fnv1a64MatchesTheReferenceVectors() {
    // Test vectors from the FNV reference (draft-eastlake-fnv, section 8).
    var empty = FNV1a64()
    empty.combine("")
    #expect(empty.hex == "cbf29ce484222325")
    var a = FNV1a64()
    a.combine("a")
    #expect(a.hex == "af63dc4c8601ec8c")
    var foobar = FNV1a64()
    foobar.combine("foobar")
    #expect(foobar.hex == "85944171f73967e8")
  }
}
