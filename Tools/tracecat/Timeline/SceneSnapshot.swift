import FoldReplay
import FoldTrace
import LayoutCore

/// One scene at one moment, as `tracecat show` draws it: the scene's bounds, safe area and reserved
/// regions as recorded, every element's frame (the layout's plan, or with a replay the animated
/// presentation), the scroll view's visible items with the anchor and the selection, and the failures
/// located at that moment.
///
/// Every rect is in the scene's coordinates, in points (x, y, width, height).
struct SceneSnapshot: Sendable {
  /// The most reserved regions a snapshot keeps (and a panel draws), in recorded order: a trace may
  /// record 128 per scene, more than a panel shows legibly and, over a filmstrip's panels, more than it
  /// should hold.
  static let regionLimit = 32
  /// The most of the app's own frames (``RecordedFrame``) a snapshot keeps and a panel draws, in the
  /// recorded layout's order: a layout record may hold 256 elements.
  static let recordedLimit = 64
  /// The most characters of an app's element id a snapshot keeps: a trace's strings may be 64 KiB,
  /// each drawn in a label and a tooltip.
  static let idLimit = 100

  /// `id` cut to ``idLimit`` characters, its last one `…` when cut.
  /// - Complexity: O(``idLimit``).
  static func shortened(_ id: String) -> String {
    let kept = id.prefix(idLimit)
    return kept.endIndex == id.endIndex ? id : String(kept.dropLast()) + "…"
  }

  /// A reserved region as recorded, inactive ones included.
  struct Region: Sendable, Equatable {
    var kind: ReservedRegion.Kind
    var frame: Rect
    var isActive: Bool
  }

  /// One element of the plan (or of the presentation, with a replay).
  struct Element: Sendable, Equatable {
    var id: String
    /// Where the element is drawn: its presentation frame with a replay, its plan frame otherwise.
    var frame: Rect
    /// Where the plan puts it (equal to ``frame`` at rest).
    var target: Rect
    var isInteractive: Bool
    var isScrollable: Bool
    /// 0…1; below 1 while fading.
    var opacity: Double
    /// True when the element left the plan and is fading out at its last frame.
    var isDisappearing: Bool

    /// True when the presentation has not reached the plan's frame (by more than 0.5 pt, a pixel at 2×).
    var isMoving: Bool {
      abs(frame.x - target.x) > 0.5 || abs(frame.y - target.y) > 0.5
        || abs(frame.width - target.width) > 0.5 || abs(frame.height - target.height) > 0.5
    }
  }

  /// The scrolling element's content at this moment.
  struct Scroll: Sendable, Equatable {
    /// The scrolling element's frame: the viewport.
    var viewport: Rect
    /// The content offset, in points (content y at the viewport's top).
    var offset: Double
    /// The content's height, in points.
    var contentHeight: Double
    /// The items at least partly inside the viewport, with their frames in scene coordinates (not
    /// clipped).
    var visibleItems: [(id: String, frame: Rect)]
    /// The anchor: the item kept in place and its top's offset from the viewport's top, in points.
    var anchor: ScrollAnchor?
    /// The anchor item's frame in scene coordinates, when it is laid out.
    var anchorFrame: Rect?
    /// The selected item, if any.
    var selection: String?
    /// The selected item's frame in scene coordinates, when it is laid out.
    var selectionFrame: Rect?

    static func == (a: Self, b: Self) -> Bool {
      a.viewport == b.viewport && a.offset == b.offset && a.contentHeight == b.contentHeight
        && a.visibleItems.map(\.id) == b.visibleItems.map(\.id)
        && a.visibleItems.map(\.frame) == b.visibleItems.map(\.frame) && a.anchor == b.anchor
        && a.anchorFrame == b.anchorFrame && a.selection == b.selection
        && a.selectionFrame == b.selectionFrame
    }
  }

  /// A failed check located at this moment, with what a picture needs to show it.
  struct Failure: Sendable, Equatable {
    var failure: ReplayFailure
    /// The offending element's frame as drawn (its presentation), when it is in the snapshot.
    var actual: Rect?
    /// Where the plan (or the check) wanted it, when that differs from ``actual``.
    var expected: Rect?
    /// The active reserved regions the element's frame intersects.
    var regions: [Rect]
  }

  /// A frame the app itself recorded for an element (format 1.1), drawn over the model's: the element's
  /// frame in the app's last `layout` at or before the moment, or, when the app presented it since, its
  /// last presented (on-screen) frame. Empty for traces without the app's output.
  struct RecordedFrame: Sendable, Equatable {
    var id: String
    var frame: Rect
  }

  var scene: SceneID
  var display: DisplayRole
  /// Trace time, in nanoseconds.
  var time: UInt64
  var size: Size
  var safeArea: EdgeInsets
  var layoutDirection: LayoutDirection
  /// The reserved regions as recorded, the first ``regionLimit`` of them.
  var regions: [Region]
  /// How many recorded regions follow the first ``regionLimit``: counted, neither kept nor drawn.
  var omittedRegions = 0
  var shape: LayoutShape
  var presentation: Presentation
  var columns: Int
  var elements: [Element]
  /// Interactive elements the plan found no place for, clear of the reserved regions.
  var unplaced: [String]
  var scroll: Scroll?
  var failures: [Failure] = []
  /// The app's own frames, when the trace recorded them (see ``RecordedFrame``): the first
  /// ``recordedLimit``.
  var recorded: [RecordedFrame] = []
  /// How many of the app's frames follow the first ``recordedLimit``: counted, neither kept nor drawn.
  var omittedRecorded = 0
  /// True when the elements are a replay's presentation (frames may be moving), false for the plan at
  /// rest.
  var isReplayed: Bool

  /// The safe frame: the scene's bounds minus the safe-area insets, in points.
  var safeFrame: Rect {
    Rect(x: 0, y: 0, width: size.width, height: size.height).inset(by: safeArea, direction: layoutDirection)
  }
}
