import FoldTrace

/// One thing a person (or the system on their behalf) does during a session. Durations are in seconds;
/// nil durations are drawn from the session's seed in a human range (0.3–0.9 s for hinge motion).
public enum Gesture: Sendable, Equatable {
  /// Move the hinge to `to` degrees through the `via` angles, each leg a minimum-jerk movement, resting
  /// `pause` seconds between legs. Opening, closing, partial folds and reversals are all this gesture.
  /// With `reverseAt` (0…1) the person gives up that fraction of the way and returns to where they began.
  case hinge(to: Double, via: [Double], duration: Double?, pause: Double, reverseAt: Double? = nil)
  /// Rotate the device (to the other orientation when `to` is nil).
  case rotate(to: Orientation?)
  /// Drag a window edge to `to` (points), sampled at 120 Hz with `isInteractivelyResizing` true while the
  /// finger is down.
  case resize(to: TraceSize, duration: Double?)
  /// Enter, resize or leave Split View.
  case splitView(SplitAction)
  /// Enter or leave Slide Over.
  case slideOver(enter: Bool)
  /// Enter or leave a free-form window on a device that also has full screen (iPad).
  case window(enter: Bool, size: TraceSize?)
  /// Pin, resize or unpin a PiP video at the top of the display.
  case pip(PiPAction)
  /// Turn the internal camera on or off.
  case camera(on: Bool)
  /// A Live Activity arrives (the Dynamic Island's occlusion grows) or ends.
  case liveActivity(on: Bool)
  /// Change a device-wide trait (Dynamic Type, Reduce Motion, …).
  case traits(TraitChange)
  /// Connect or disconnect a second scene (on the other display, or a second window).
  case secondScene(connect: Bool)
  /// Scroll the main (or second) scene to an item or by a distance.
  case scroll(ScrollTarget, duration: Double?, second: Bool)
  /// Select an item (`"item-42"`) or clear the selection.
  case select(item: String?, second: Bool)
  /// A labelled marker.
  case marker(String)
  /// Do nothing for the given seconds.
  case wait(Double)
  /// Seeded mixed use for the given seconds: the gestures the device allows, with human pauses; it
  /// scrolls within the reference content, `item-0`…`item-399` (``SessionSynthesizer/contentItems``).
  case mixedUse(duration: Double)

  /// A Split View step.
  public enum SplitAction: Sendable, Equatable {
    /// Enter Split View with the app against `side`, at `width`.
    case enter(side: PhysicalEdge, width: SplitWidth)
    /// Drag the divider so the app gets `width`.
    case resize(SplitWidth, duration: Double?)
    /// Leave Split View (the app takes the whole display).
    case exit
  }

  /// A Split View width: a preset of the profile or points.
  public enum SplitWidth: Sendable, Equatable {
    case oneThird, half, twoThirds
    case points(Double)
  }

  /// A PiP step.
  public enum PiPAction: Sendable, Equatable {
    /// Drag a video to the top; the app shrinks below it.
    case pin(duration: Double?)
    /// Drag the boundary so the video is `height` points tall.
    case resize(height: Double, duration: Double?)
    /// Dismiss the video; the app takes the whole height.
    case unpin(duration: Double?)
  }

  /// A trait change.
  public enum TraitChange: Sendable, Equatable {
    case dynamicType(ContentSizeCategory)
    case reduceMotion(Bool)
    case crossFade(Bool)
    case reduceTransparency(Bool)
    case direction(UserInterfaceLayoutDirection)
  }

  /// Where a scroll goes.
  public enum ScrollTarget: Sendable, Equatable {
    /// Bring the item with this index to the top (`"item-42"` → 42).
    case item(Int)
    /// Move the content by this many points (positive scrolls down).
    case by(Double)
  }
}
