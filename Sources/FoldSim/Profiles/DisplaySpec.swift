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
