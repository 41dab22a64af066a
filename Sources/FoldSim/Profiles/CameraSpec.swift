import FoldTrace

/// A camera that occludes part of a display (`003_f6edf847a2b0c034.txt`, 예약 영역 API).
public struct CameraSpec: Sendable {
  /// The occluded frame per orientation, in display points (x, y, width, height).
  public var frame: Sourced<PerOrientation<TraceRect>>
  /// True when the occlusion is always active (the external camera); false when only while the camera is
  /// on (the internal camera).
  public var alwaysActive: Bool
  /// The occluded frame while a Live Activity expands the Dynamic Island around this camera, if it does
  /// (`004_ac78c489c952cb34.txt`: 외부 전면 카메라 "Live Activities 표시 시 Dynamic Island 영역으로 확장").
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
