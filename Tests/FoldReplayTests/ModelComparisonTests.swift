import FoldReplay
import FoldReplayTesting
import FoldTrace
import LayoutCore
import ReferenceScreen
import Testing

/// ``ModelComparison``: a recorded layout held against the model's plan, element by element and
/// decision by decision; the same layout without the fault agrees.
@Suite struct ModelComparisonTests {
  static let configuration = ReplayConfiguration(
    policy: ReferenceScreenLayout(), content: RecordListContent(),
    scrollElementID: ReferenceScreenLayout.scrollElementID)

  /// The Duo's internal display, flat.
  static let inputs = [
    TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .internal, scale: 3)),
    TraceEvent(
      time: 0,
      .geometry(
        scene: SceneID(1),
        SceneGeometry(size: TraceSize(width: 1040, height: 780), horizontal: .regular, vertical: .regular))),
  ]

  /// What the model plans for ``inputs``, as the app would record it.
  static func modelLayout() -> RecordedLayout {
    var replayer = Replayer(configuration: configuration)
    var discard = DiscardingSink()
    for event in inputs { replayer.consume(event, into: &discard) }
    let plan = replayer.plan(for: SceneID(1))!
    return RecordedLayout(
      shape: plan.shape.rawValue, presentation: plan.presentation.rawValue, columns: plan.columns,
      elements: plan.elements.map {
        RecordedElement(
          id: $0.id,
          frame: TraceRect(x: $0.frame.x, y: $0.frame.y, width: $0.frame.width, height: $0.frame.height),
          isInteractive: $0.isInteractive)
      })
  }

  static func events(_ layout: RecordedLayout, times: [UInt64] = [8_000_000]) -> [TraceEvent] {
    inputs + times.map { TraceEvent(time: $0, .layout(scene: SceneID(1), layout)) }
  }

  /// An app that diverges on every layout: 250 layouts, the 2k-th and (2k + 1)-th recording an element
  /// `ghost-k` the plan lacks, are 125 divergences of two layouts each; the first 100 are kept, runs
  /// past them still extend rather than count again, and all are counted.
  @Test func theFirstHundredDivergencesAreKeptAndAllCounted() {
    let model = Self.modelLayout()
    let events =
      Self.inputs
      + (0..<250).map { index -> TraceEvent in
        var layout = model
        layout.elements.append(
          RecordedElement(
            id: "ghost-\(index / 2)", frame: TraceRect(x: 1, y: 2, width: 3, height: 4), isInteractive: false)
        )
        return TraceEvent(time: UInt64(index + 1) * 1_000_000, .layout(scene: SceneID(1), layout))
      }
    let result = ModelComparison.compare(events, trace: "ghosts", configuration: Self.configuration)
    #expect(result.layouts == 250)
    #expect(result.divergenceCount == 125)
    #expect(result.unlistedDivergences == 25)
    #expect(!result.agrees)
    #expect(result.divergences.map(\.subject) == (0..<100).map { .element("ghost-\($0)") })
    #expect(result.divergences.allSatisfy { $0.layouts == 2 })
    var none = ModelComparison(trace: "none", configuration: Self.configuration, divergenceLimit: 0)
    for event in events { none.receive(event) }
    var discard = DiscardingSink()
    let counted = none.finish(into: &discard)
    #expect(counted.divergences.isEmpty)
    #expect(counted.divergenceCount == 125)
    #expect(!counted.agrees)
  }

  /// A sentence quotes a long id to 64 scalars and its length; the record's `element` keeps it whole.
  @Test func aLongIdIsQuotedShortInTheSentence() {
    let id = "ghost-" + String(repeating: "x", count: 1_048_570)
    let shown = "ghost-" + String(repeating: "x", count: 58) + "… (1048576 bytes)"
    let divergence = Divergence(
      scene: SceneID(1), time: 0, eventIndex: 2, element: id, app: Rect(x: 1, y: 2, width: 3, height: 4),
      model: nil)
    #expect(
      divergence.message
        == "Scene 1, event 2 at 0.000 s: the app put \(shown) at [1, 2, 3, 4]; the policy has no \(shown).")
    #expect(divergence.subject.name == id)
    let json = ReplayJSONLines.divergence(divergence, trace: "t")
    #expect(json.contains(",\"element\":\"\(id)\","))
    #expect(json.utf8.count < id.utf8.count + 1_000)
    let failure = ReplayFailure(
      check: .anchor, scene: SceneID(1), eventIndex: 3, time: 0, element: id, expected: "a", actual: "b",
      summary: "c")
    #expect(
      failure.message
        == "Scene 1, event 3 at 0.000 s, element \"\(shown)\": c (anchor). Expected: a. Actual: b.")
  }

  @Test func theModelsOwnLayoutAgrees() {
    let result = assertRecordingMatchesModel(
      Self.events(Self.modelLayout()), configuration: Self.configuration, trace: "agree")
    #expect(result.layouts == 1)
    #expect(result.elements == Self.modelLayout().elements.count)
    #expect(result.agrees)
  }

  @Test func aMovedElementAndAnotherDecisionAreNamed() throws {
    var layout = Self.modelLayout()
    let index = try #require(layout.elements.firstIndex { $0.id == "action.archive" })
    let model = layout.elements[index].frame
    layout.elements[index].frame.x += 192
    layout.presentation = "stack"
    let result = ModelComparison.compare(
      Self.events(layout, times: [8_000_000, 500_000_000]), trace: "moved", configuration: Self.configuration)
    let modelRect = ReplayFormat.rect(Rect(x: model.x, y: model.y, width: model.width, height: model.height))
    let appRect = ReplayFormat.rect(
      Rect(x: model.x + 192, y: model.y, width: model.width, height: model.height))
    #expect(
      result.divergences.map(\.message) == [
        "Scene 1, event 2 at 0.008 s: the app chose presentation stack; the policy says"
          + " \(Self.modelLayout().presentation!), in 2 layouts until 0.500 s.",
        "Scene 1, event 2 at 0.008 s: the app put action.archive at \(appRect); the policy says \(modelRect)"
          + " (192 pt off), in 2 layouts until 0.500 s.",
      ])
    #expect(result.divergences.last?.distance == 192)
    #expect(result.divergences.last?.context?.size == Size(width: 1040, height: 780))
  }

  @Test func elementsOnlyOneSideHasDivergeUnlessTheAppTagsSome() {
    var layout = Self.modelLayout()
    let dropped = layout.elements.removeFirst()
    layout.elements.append(
      RecordedElement(id: "badge", frame: TraceRect(x: 1, y: 2, width: 3, height: 4), isInteractive: false))
    let result = ModelComparison.compare(
      Self.events(layout), trace: "sides", configuration: Self.configuration)
    #expect(
      result.divergences.map(\.summary) == [
        "the app put badge at [1, 2, 3, 4]; the policy has no badge",
        "the policy puts \(dropped.id) at \(ReplayFormat.rect(Rect(x: dropped.frame.x, y: dropped.frame.y, width: dropped.frame.width, height: dropped.frame.height))); the app recorded no \(dropped.id)",
      ])
    let tagged = ModelComparison.compare(
      Self.events(layout), trace: "tagged", configuration: Self.configuration,
      tolerances: ComparisonTolerances(requiresEveryPlanElement: false))
    #expect(tagged.divergences.map(\.subject) == [.element("badge")])
  }

  @Test func anAppThatDoesNotLayOutAfterAFoldIsComparedAtTheFold() throws {
    // The book fold activates the division at 1 s; the model lays out again, the app records nothing.
    let fold = TraceEvent(
      time: 1_000_000_000,
      .regions(
        scene: SceneID(1),
        [
          ReservedRegion(
            kind: .division, frame: TraceRect(x: 504, y: 0, width: 32, height: 780), isActive: true)
        ]
      ))
    let ignored = Self.events(Self.modelLayout()) + [fold]
    let result = ModelComparison.compare(ignored, trace: "ignored", configuration: Self.configuration)
    #expect(result.layouts == 1)
    #expect(!result.divergences.isEmpty)
    #expect(result.divergences.allSatisfy { $0.isStale && $0.time == 1_000_000_000 && $0.eventIndex == 3 })
    #expect(
      result.divergences.first?.message.hasSuffix("(the app recorded no layout after the model's relayout).")
        == true)
    // An app that lays out again within 100 ms agrees.
    var replayer = Replayer(configuration: Self.configuration)
    var discard = DiscardingSink()
    for event in ignored { replayer.consume(event, into: &discard) }
    let plan = replayer.plan(for: SceneID(1))!
    let followed = RecordedLayout(
      shape: plan.shape.rawValue, presentation: plan.presentation.rawValue, columns: plan.columns,
      elements: plan.elements.map {
        RecordedElement(
          id: $0.id,
          frame: TraceRect(x: $0.frame.x, y: $0.frame.y, width: $0.frame.width, height: $0.frame.height),
          isInteractive: $0.isInteractive)
      })
    let laidOut = ignored + [TraceEvent(time: 1_090_000_000, .layout(scene: SceneID(1), followed))]
    #expect(ModelComparison.compare(laidOut, trace: "followed", configuration: Self.configuration).agrees)
  }

  @Test func withinHalfAPointAgrees() throws {
    var layout = Self.modelLayout()
    layout.elements[0].frame.y += 0.5
    #expect(
      ModelComparison.compare(Self.events(layout), trace: "close", configuration: Self.configuration).agrees)
    layout.elements[0].frame.y += 0.01
    #expect(
      !ModelComparison.compare(Self.events(layout), trace: "far", configuration: Self.configuration).agrees)
  }
}
