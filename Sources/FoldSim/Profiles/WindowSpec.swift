import FoldTrace

/// A free-form window the user resizes by dragging its edges (LayoutCore's LayoutRules, "Resizable
/// windows").
public struct WindowSpec: Sendable {
  /// The role the window's scene reports.
  public var role: DisplayRole
  /// The window's size when the session starts, in points.
  public var initialSize: Sourced<TraceSize>
  /// The smallest size the system lets the user drag to, in points; reported as the declared minimum.
  public var minimumSize: Sourced<TraceSize>
  /// The largest size, in points (the screen's usable area).
  public var maximumSize: Sourced<TraceSize>
  /// How the system judges the window's size classes.
  public var sizeClasses: Sourced<SizeClassRule>
  /// The window's safe-area insets, in points.
  public var safeArea: Sourced<PhysicalInsets>
  /// True when the device has no full-screen mode (Catalyst, Mirroring): the scene is always a window.
  public var windowOnly: Bool
  /// True when the declared minimum and maximum are reported in geometry events (`sizeRestrictions`).
  public var reportsRestrictions: Bool

  /// Creates a window spec.
  public init(
    role: DisplayRole, initialSize: Sourced<TraceSize>, minimumSize: Sourced<TraceSize>,
    maximumSize: Sourced<TraceSize>, sizeClasses: Sourced<SizeClassRule>, safeArea: Sourced<PhysicalInsets>,
    windowOnly: Bool, reportsRestrictions: Bool
  ) {
    self.role = role
    self.initialSize = initialSize
    self.minimumSize = minimumSize
    self.maximumSize = maximumSize
    self.sizeClasses = sizeClasses
    self.safeArea = safeArea
    self.windowOnly = windowOnly
    self.reportsRestrictions = reportsRestrictions
  }
}
