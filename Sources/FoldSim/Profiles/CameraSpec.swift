import FoldTrace

/// A camera that occludes part of a display (LayoutCore's LayoutRules, "iPhone Duo").
public struct CameraSpec: Sendable {
  /// The occluded frame per orientation, in display points (x, y, width, height).
  public var frame: Sourced<PerOrientation<TraceRect>>
  /// True when the occlusion is always active (the external camera); false when only while the camera is
  /// on (the internal camera).
  public var alwaysActive: Bool
  /// The occluded frame while a Live Activity expands the Dynamic Island around this camera, if it does
  /// (LayoutCore's LayoutRules, "iPhone Duo": the external front camera's region grows with the Dynamic
  /// Island while a Live Activity shows).
  public var liveActivityFrame: Sourced<PerOrientation<TraceRect>>?

  /// Creates a camera occlusion.
  public init(
    frame: Sourced<PerOrientation<TraceRect>>, alwaysActive: Bool,
    liveActivityFrame: Sourced<PerOrientation<TraceRect>>? = nil
  ) {
    self.frame = frame
    self.alwaysActive = alwaysActive
    self.liveActivityFrame = liveActivityFrame
  }
}
