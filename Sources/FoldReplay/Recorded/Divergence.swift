import FoldTrace
import LayoutCore

/// One place where the app's recorded output and the model's plan disagree: an element the app put
/// elsewhere (or did not put at all), or a decision (shape, presentation, columns) the app made
/// differently (<doc:ComparingWithTheModel>).
///
/// Consecutive recorded layouts of one scene that diverge on the same subject are one divergence: the
/// first in full, with ``layouts`` counting them and ``lastTime`` the last one's time.
public struct Divergence: Sendable, Equatable, CustomStringConvertible {
  /// What the app and the model disagree on.
  public enum Subject: Sendable, Hashable {
    /// An element's frame at rest, by id.
    case element(String)
    /// An element's on-screen frame at a display refresh, by id.
    case presented(String)
    /// The scroll anchor item's distance from the viewport's top after a relayout, by item id.
    case anchor(String)
    /// The layout shape.
    case shape
    /// The presentation.
    case presentation
    /// The grid's column count.
    case columns

    /// The element's id, or the decision's name (`"shape"`, `"presentation"`, `"columns"`).
    public var name: String {
      switch self {
      case .element(let id), .presented(let id), .anchor(let id): id
      case .shape: "shape"
      case .presentation: "presentation"
      case .columns: "columns"
      }
    }
  }

  /// The scene.
  public var scene: SceneID
  /// Trace time of the first diverging recorded layout, in nanoseconds.
  public var time: UInt64
  /// The index of that `layout` event, counted from the trace's first event.
  public var eventIndex: Int
  /// What diverges.
  public var subject: Subject
  /// What the app recorded: a frame `[x,y,w,h]` in points, a decision's value, or `"none"` when the app
  /// recorded no such element.
  public var app: String
  /// What the model's plan says, in the same form; `"none"` when the plan has no such element.
  public var model: String
  /// The app's frame of the element, in points, when it recorded one.
  public var appFrame: Rect?
  /// The plan's frame of the element, in points, when it has one.
  public var modelFrame: Rect?
  /// The largest difference of the four frame values, in points, when both have the element.
  public var distance: Double? {
    guard let a = appFrame, let m = modelFrame else { return nil }
    return max(abs(a.x - m.x), abs(a.y - m.y), abs(a.width - m.width), abs(a.height - m.height))
  }
  /// How many consecutive recorded layouts (for ``Subject/presented(_:)``, presented samples) of the
  /// scene diverge on this subject (at least 1).
  public var layouts: Int
  /// Trace time of the last of them, in nanoseconds.
  public var lastTime: UInt64
  /// The scene's layout context at the first one: the input a unit test of the layout starts from.
  public var context: LayoutContext?
  /// True when the app recorded no layout after the model laid the scene out again (within
  /// ``ComparisonTolerances/settle``): the app's last layout was compared at the model's change.
  public var isStale = false

  /// Creates a divergence of a decision in one recorded layout.
  public init(
    scene: SceneID, time: UInt64, eventIndex: Int, subject: Subject, app: String, model: String,
    context: LayoutContext? = nil
  ) {
    self.scene = scene
    self.time = time
    self.eventIndex = eventIndex
    self.subject = subject
    self.app = app
    self.model = model
    self.layouts = 1
    self.lastTime = time
    self.context = context
  }

  /// What went wrong, as a sentence without the location: for example `the app put action.archive at
  /// [464,716,44,44]; the policy says [272,716,44,44] (192 pt off)`. An id or decision the trace holds
  /// is quoted to its first 64 Unicode scalars and its length (`… (1048576 bytes)`); ``subject`` and
  /// ``app`` hold it whole.
  public var summary: String {
    let text = decisionOrFrameSummary
    return isStale ? text + " (the app recorded no layout after the model's relayout)" : text
  }

  private var decisionOrFrameSummary: String {
    let id = DisplayText.abbreviated(subject.name)
    switch subject {
    case .element:
      if app == "none" { return "the policy puts \(id) at \(model); the app recorded no \(id)" }
      if model == "none" { return "the app put \(id) at \(app); the policy has no \(id)" }
      let off = distance.map { " (\(ReplayFormat.number($0)) pt off)" } ?? ""
      return "the app put \(id) at \(app); the policy says \(model)\(off)"
    case .presented:
      let off = distance.map { " (\(ReplayFormat.number($0)) pt off)" } ?? ""
      return "the app showed \(id) at \(app); the model's animation shows \(model)\(off)"
    case .anchor:
      return "the app shows \(id) \(app) pt below the viewport's top; the model keeps it at \(model) pt"
    case .shape, .presentation, .columns:
      return "the app chose \(id) \(DisplayText.abbreviated(app)); the policy says \(model)"
    }
  }

  /// Creates a divergence of an element's frame in one recorded layout (or, `presented`, one presented
  /// sample): `app` or `model` nil when that side has no such element.
  public init(
    scene: SceneID, time: UInt64, eventIndex: Int, element: String, app: Rect?, model: Rect?,
    presented: Bool = false, context: LayoutContext? = nil
  ) {
    self.init(
      scene: scene, time: time, eventIndex: eventIndex,
      subject: presented ? .presented(element) : .element(element),
      app: app.map(ReplayFormat.rect) ?? "none", model: model.map(ReplayFormat.rect) ?? "none",
      context: context)
    appFrame = app
    modelFrame = model
  }

  /// The divergence as a sentence: scene, event and time, what differs, and over how many layouts.
  ///
  /// For example: `Scene 1, event 57 at 1.016 s: the app put action.archive at [464,716,44,44]; the
  /// policy says [272,716,44,44] (192 pt off), in 3 layouts until 1.400 s.` One line: the ids and
  /// decisions it quotes from the trace have their control characters escaped (`\u001b`, `\n`).
  public var message: String {
    var text =
      "Scene \(scene), event \(eventIndex) at \(ReplayFormat.seconds(time)): "
      + DisplayText.escaped(summary)
    if layouts > 1 {
      var noun = "layouts"
      if case .presented = subject { noun = "refreshes" }
      text += ", in \(layouts) \(noun) until \(ReplayFormat.seconds(lastTime))"
    }
    return text + "."
  }

  public var description: String { message }
}

/// How far the app's recorded layout may be from the model's plan and still agree.
public struct ComparisonTolerances: Sendable, Equatable {
  /// How far each of a frame's four values (x, y, width, height) may differ, in points (default 0.5,
  /// a pixel at 2×).
  public var position: Double
  /// True (the default) when a plan element the app did not record diverges; false when the app records
  /// only some of its views (those it tagged), so only the elements both have are compared.
  public var requiresEveryPlanElement: Bool
  /// How far a presented sample's timestamp may be from the moment its values belong to, in nanoseconds
  /// (default 16.7 ms, one refresh at 60 Hz): a presented frame agrees when it is within ``position``
  /// plus the model's speed times this of the model's presentation at the sample's time.
  public var presentedTiming: UInt64
  /// How far the anchor item's `anchorTop` after a relayout may be from the model's, in points
  /// (default 1, as the anchor check).
  public var anchor: Double
  /// How long after the model lays a scene out again the app may take to record its own layout, in
  /// nanoseconds (default 100 ms, as ``RecordingTolerances/settle``); after that its last layout is
  /// compared with the model's new plan.
  public var settle: UInt64

  /// Creates tolerances.
  public init(
    position: Double = 0.5, requiresEveryPlanElement: Bool = true, presentedTiming: UInt64 = 16_666_667,
    anchor: Double = 1, settle: UInt64 = 100_000_000
  ) {
    self.settle = settle
    self.position = position
    self.requiresEveryPlanElement = requiresEveryPlanElement
    self.presentedTiming = presentedTiming
    self.anchor = anchor
  }

  /// The default tolerances.
  public static let `default` = ComparisonTolerances()
}

/// What comparing one recording with the model came to.
public struct ModelComparisonResult: Sendable, Equatable {
  /// The trace's name.
  public var trace: String
  /// Recorded `layout` events compared with a plan.
  public var layouts: Int
  /// Element frames compared (present in both the recorded layout and the plan).
  public var elements: Int
  /// Presented element frames compared with the model's animation.
  public var presented: Int = 0
  /// The first divergences, in trace order of their first layout: at most
  /// ``ModelComparison/divergenceLimit`` (100 by default).
  public var divergences: [Divergence]
  /// Every divergence found, those kept in ``divergences`` and those only counted.
  public var divergenceCount: Int

  /// Creates a result.
  /// - Parameters:
  ///   - divergences: The divergences kept.
  ///   - divergenceCount: Every divergence found; nil (the default) for `divergences.count`.
  public init(
    trace: String, layouts: Int, elements: Int, divergences: [Divergence], divergenceCount: Int? = nil
  ) {
    self.trace = trace
    self.layouts = layouts
    self.elements = elements
    self.divergences = divergences
    self.divergenceCount = max(divergenceCount ?? divergences.count, divergences.count)
  }

  /// The divergences counted but not kept in ``divergences``.
  public var unlistedDivergences: Int { divergenceCount - divergences.count }

  /// True when the app and the model agree everywhere they were compared.
  public var agrees: Bool { divergenceCount == 0 }
}
