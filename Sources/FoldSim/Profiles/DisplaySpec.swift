import FoldTrace

/// One physical display of a device profile: its size, scale, safe areas, size classes, bars, camera and
/// fold, per orientation. All lengths in points; rects as x, y, width, height in the display's coordinates
/// for that orientation.
public struct DisplaySpec: Sendable {
  /// The role scenes on this display report in `sceneConnected`.
  public var role: DisplayRole
  /// Pixels per point.
  public var scale: Sourced<Double>
  /// The display's size in portrait, in points; landscape swaps width and height.
  public var portraitSize: Sourced<TraceSize>
  /// Safe-area insets of a full-screen scene, by physical edge, in points.
  public var safeArea: Sourced<PerOrientation<PhysicalInsets>>
  /// Size classes of a full-screen scene.
  public var sizeClasses: Sourced<PerOrientation<SizeClassRule>>
  /// The physical edge where bars stand vertically, or nil where bars are horizontal.
  public var verticalBars: Sourced<PerOrientation<PhysicalEdge?>>
  /// The camera the display's content must avoid, if any.
  public var camera: CameraSpec?
  /// The fold that divides the display, if any.
  public var division: DivisionSpec?

  /// Creates a display.
  public init(
    role: DisplayRole, scale: Sourced<Double>, portraitSize: Sourced<TraceSize>,
    safeArea: Sourced<PerOrientation<PhysicalInsets>>,
    sizeClasses: Sourced<PerOrientation<SizeClassRule>>,
    verticalBars: Sourced<PerOrientation<PhysicalEdge?>> = Sourced(
      PerOrientation(both: nil),
      .published("Apple HIG, Tab bars and Toolbars: horizontal, at the bottom and top")),
    camera: CameraSpec? = nil, division: DivisionSpec? = nil
  ) {
    self.role = role
    self.scale = scale
    self.portraitSize = portraitSize
    self.safeArea = safeArea
    self.sizeClasses = sizeClasses
    self.verticalBars = verticalBars
    self.camera = camera
    self.division = division
  }

  /// The display's size in `orientation`, in points.
  public func size(_ orientation: Orientation) -> TraceSize {
    let s = portraitSize.value
    return orientation == .portrait ? s : TraceSize(width: s.height, height: s.width)
  }
}

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

/// The fold's division region: a band centred on the display, vertical in landscape (book) and horizontal
/// in portrait (tabletop). Zero width when flat, active only while partially open
/// (`003_f6edf847a2b0c034.txt`, 예약 영역 API; `000_e528e4f7338d08ab.txt`, L2).
public struct DivisionSpec: Sendable {
  /// The band's width across the fold while partially open, in points.
  public var partialWidth: Sourced<Double>

  /// Creates a division.
  public init(partialWidth: Sourced<Double>) { self.partialWidth = partialWidth }

  /// The division's frame in display points.
  /// - Parameters:
  ///   - displaySize: The display's size in the current orientation, in points.
  ///   - partiallyOpen: Whether the hinge is partially open (the band has its width) or not (zero width).
  /// - Returns: A vertical band at the horizontal centre when the display is wide, a horizontal band at
  ///   the vertical centre when it is tall.
  public func frame(displaySize: TraceSize, partiallyOpen: Bool) -> TraceRect {
    let w = partiallyOpen ? partialWidth.value : 0
    if displaySize.width > displaySize.height {
      return TraceRect(x: displaySize.width / 2 - w / 2, y: 0, width: w, height: displaySize.height)
    }
    return TraceRect(x: 0, y: displaySize.height / 2 - w / 2, width: displaySize.width, height: w)
  }
}
