import FoldTrace
import LayoutCore

/// Everything a replay reports, in trace order: what sinks (timelines, writers, checks) receive.
public enum ReplayRecord: Sendable, Equatable {
  /// A scene's context changed and its layout was asked for a plan (whether or not the plan changed).
  case evaluation(LayoutEvaluation)
  /// A scene's layout changed.
  case layout(LayoutChange)
  /// A scene's animator was retargeted: the presentation just before and just after, at the same
  /// instant.
  case retarget(Retarget)
  /// A scene's presentation at one tick, while it moves.
  case frame(FrameSample)
  /// A scroll or selection event named an item the content model does not have.
  case unknownContentID(UnknownContentID)
  /// A scene disconnected: the replay holds nothing more of it until it connects again (then afresh),
  /// so a sink may let go of what it keeps per scene for its checks.
  case disconnected(SceneDisconnection)
  /// The replay reached the end of the trace (after letting animations settle).
  case end(ReplayEnd)
}

/// An anchor or selection id in the trace that the replay's content model does not have: the event is
/// replayed without it (a scroll keeps its recorded offset; a selection selects nothing the model has).
public struct UnknownContentID: Sendable, Equatable {
  /// Which event named it.
  public enum Kind: String, Sendable, Equatable {
    /// A scroll event's anchor item.
    case anchor
    /// A selection event's item.
    case selection
  }
  /// The scene.
  public var scene: SceneID
  /// Trace time, in nanoseconds.
  public var time: UInt64
  /// The index of the event.
  public var eventIndex: Int
  /// Which event named it.
  public var kind: Kind
  /// The id.
  public var id: String

  /// Creates a record of an unknown id.
  public init(scene: SceneID, time: UInt64, eventIndex: Int, kind: Kind, id: String) {
    self.scene = scene
    self.time = time
    self.eventIndex = eventIndex
    self.kind = kind
    self.id = id
  }
}

/// A scene's disconnection, reported after every record its event caused (a handover's layout of the
/// scene that takes over comes first).
public struct SceneDisconnection: Sendable, Equatable {
  /// The scene.
  public var scene: SceneID
  /// Trace time, in nanoseconds.
  public var time: UInt64
  /// The index of the `sceneDisconnected` event.
  public var eventIndex: Int

  /// Creates a disconnection record.
  public init(scene: SceneID, time: UInt64, eventIndex: Int) {
    self.scene = scene
    self.time = time
    self.eventIndex = eventIndex
  }
}

/// One plan evaluation: the context a scene's layout saw and the plan it gave.
public struct LayoutEvaluation: Sendable, Equatable {
  /// The scene.
  public var scene: SceneID
  /// Trace time, in nanoseconds.
  public var time: UInt64
  /// The index of the event that changed the context.
  public var eventIndex: Int
  /// The context.
  public var context: LayoutContext
  /// The plan the layout gave for it.
  public var plan: LayoutPlan

  /// Creates an evaluation.
  public init(scene: SceneID, time: UInt64, eventIndex: Int, context: LayoutContext, plan: LayoutPlan) {
    self.scene = scene
    self.time = time
    self.eventIndex = eventIndex
    self.context = context
    self.plan = plan
  }
}

/// A retarget of a scene's animator at one instant.
public struct Retarget: Sendable, Equatable {
  /// The scene.
  public var scene: SceneID
  /// Trace time, in nanoseconds.
  public var time: UInt64
  /// The index of the event that caused it.
  public var eventIndex: Int
  /// The presentation evaluated just before the retarget.
  public var before: [ElementPresentation]
  /// The presentation evaluated just after the retarget, at the same time.
  public var after: [ElementPresentation]
  /// Reduce Motion was on: moves must be cross-fades.
  public var reduceMotion: Bool
  /// The user was dragging the window's size: frames may track the geometry directly.
  public var isInteractivelyResizing: Bool

  /// Creates a retarget record.
  public init(
    scene: SceneID, time: UInt64, eventIndex: Int, before: [ElementPresentation],
    after: [ElementPresentation],
    reduceMotion: Bool, isInteractivelyResizing: Bool
  ) {
    self.scene = scene
    self.time = time
    self.eventIndex = eventIndex
    self.before = before
    self.after = after
    self.reduceMotion = reduceMotion
    self.isInteractivelyResizing = isInteractivelyResizing
  }
}

/// A scene's presentation at one tick.
public struct FrameSample: Sendable, Equatable {
  /// The scene.
  public var scene: SceneID
  /// Trace time of the tick, in nanoseconds.
  public var time: UInt64
  /// The index of the last event applied before this tick (-1 before the first).
  public var eventIndex: Int
  /// Every element's presentation.
  public var elements: [ElementPresentation]
  /// True when this is the scene's first tick at rest: every frame should equal its target.
  public var isSettled: Bool
  /// Reduce Motion was on.
  public var reduceMotion: Bool
  /// The user was dragging the window's size.
  public var isInteractivelyResizing: Bool

  /// Creates a frame sample.
  public init(
    scene: SceneID, time: UInt64, eventIndex: Int, elements: [ElementPresentation], isSettled: Bool,
    reduceMotion: Bool, isInteractivelyResizing: Bool
  ) {
    self.scene = scene
    self.time = time
    self.eventIndex = eventIndex
    self.elements = elements
    self.isSettled = isSettled
    self.reduceMotion = reduceMotion
    self.isInteractivelyResizing = isInteractivelyResizing
  }
}

/// The end of a replay.
public struct ReplayEnd: Sendable, Equatable {
  /// Events replayed.
  public var events: Int
  /// Trace time of the last event, in nanoseconds.
  public var time: UInt64
  /// Scenes whose animations had not settled within the configured limit after the last event.
  public var unsettledScenes: [SceneID]
  /// How long the replay waited for animations after the last event, in nanoseconds.
  public var settleLimit: UInt64

  /// Creates an end record.
  public init(events: Int, time: UInt64, unsettledScenes: [SceneID], settleLimit: UInt64) {
    self.events = events
    self.time = time
    self.unsettledScenes = unsettledScenes
    self.settleLimit = settleLimit
  }
}

/// Receives replay records as they happen.
///
/// The replayer holds nothing back, so a sink that does not keep frames lets a trace of any length
/// replay in bounded memory.
public protocol ReplaySink {
  /// Receives the next record.
  mutating func receive(_ record: ReplayRecord)
}
