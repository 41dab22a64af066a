import FoldTrace
import LayoutCore

/// The replayer's derived state for one connected scene, kept beside the scene's input in the
/// replayer's ``SessionState`` (so it connects and disconnects with it).
struct SceneReplay: Sendable {
  /// When the scene connected, in nanoseconds.
  var connectedAt: UInt64
  var context: LayoutContext? {
    didSet {
      reduceMotion = context?.reduceMotion ?? false
      isInteractivelyResizing = context?.isInteractivelyResizing ?? false
    }
  }
  /// The context's Reduce Motion flag, false without a context: read at every sampled tick.
  private(set) var reduceMotion = false
  /// The context's interactive-resizing flag, false without a context: read at every sampled tick.
  private(set) var isInteractivelyResizing = false
  var plan: LayoutPlan?
  var animator: any PlanAnimating
  var isAnimating = false
  /// The storage of the latest frame sample's elements, refilled at each tick (no array allocated per
  /// sample once the sink has let go of the previous one).
  var sampleBuffer: [ElementPresentation] = []
  /// The storage of the latest retarget's presentations before and after it, refilled at each retarget
  /// (as ``sampleBuffer`` is at each tick).
  var retargetBefore: [ElementPresentation] = []
  var retargetAfter: [ElementPresentation] = []
  /// The scroll view, once the scene has a plan with scrolling content.
  var scroll: (any ScrollAnchoring)?
  /// What the content was last laid out for.
  var viewport: ScrollViewport?
  var scrollConfiguration: ScrollConfiguration?
  /// The content laid out for ``viewport`` and ``scrollConfiguration``, measured by the replay itself.
  var layout: ScrollLayout?
  /// The user's place as last set by the user (scroll, selection, handover): what every relayout must
  /// keep.
  var promise: ScrollAnchor?
  /// True once the user scrolled or selected in this scene (a handover no longer applies).
  var userActed = false
  /// A departing scene's place, waiting for this scene's first content layout.
  var handover: Handover?

  init(connectedAt: UInt64, animator: any PlanAnimating) {
    self.connectedAt = connectedAt
    self.animator = animator
  }
}

/// A departing scene's place: carried to the scene that takes over.
struct Handover: Sendable, Equatable {
  var from: SceneID
  var display: DisplayRole
  var connectedAt: UInt64
  /// When the departing scene disconnected, in nanoseconds.
  var disconnectedAt: UInt64
  var position: ScrollPosition
}
