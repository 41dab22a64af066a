import FoldTrace

/// A device "the system" can play: its displays, resizable windows, multitasking, hinge and PiP.
///
/// Profiles are data: every number carries a ``MetricSource`` (published or assumption), and
/// `foldsim list` and the DocC article *Device Profiles* print them. The built-in ones are in
/// ``DeviceProfile/all``.
public struct DeviceProfile: Sendable {
  /// Stable identifier used in scenarios, for example `"iphone-duo"`.
  public var id: String
  /// The label written to the trace header's `device`, for example `"iPhone Duo"`.
  public var name: String
  /// One line on what the profile models.
  public var summary: String
  /// The display the app starts on (the phone or iPad screen, the Mac screen, the Duo's external display).
  public var primary: DisplaySpec
  /// The other display of a two-display device (the Duo's internal display).
  public var secondary: DisplaySpec?
  /// Free-form windows, when the device has them.
  public var window: WindowSpec?
  /// Split View and Slide Over, when the device has them.
  public var multitasking: MultitaskingSpec?
  /// The hinge, on a foldable.
  public var hinge: HingeSpec?
  /// How a two-display device moves the app between its displays.
  public enum HandoverStyle: String, Sendable, Hashable, CaseIterable {
    /// The scene on the old display disconnects and a new scene connects on the new one (the Duo).
    case reconnect
    /// The same scene stays connected and reports the new display's geometry and regions (a display
    /// change seen through `windowScene(_:didUpdateEffectiveGeometry:)`).
    case sameScene
  }

  /// Picture in Picture pinned at the top, when the device supports it.
  public var pip: PiPSpec?
  /// The orientation a session starts in unless the scenario says otherwise.
  public var initialOrientation: Orientation

  /// Creates a profile.
  public init(
    id: String, name: String, summary: String, primary: DisplaySpec, secondary: DisplaySpec? = nil,
    window: WindowSpec? = nil, multitasking: MultitaskingSpec? = nil, hinge: HingeSpec? = nil,
    pip: PiPSpec? = nil, initialOrientation: Orientation = .portrait
  ) {
    self.id = id
    self.name = name
    self.summary = summary
    self.primary = primary
    self.secondary = secondary
    self.window = window
    self.multitasking = multitasking
    self.hinge = hinge
    self.pip = pip
    self.initialOrientation = initialOrientation
  }

  /// True when the scene can only be a free-form window (Mac Catalyst, iPhone Mirroring).
  public var isWindowOnly: Bool { window?.windowOnly ?? false }
}

/// A free-form window the user resizes by dragging its edges (`002_1da93e9f788744f6.txt`, §5 and §7).
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

/// The widths of Split View and Slide Over, per orientation, in points.
public struct MultitaskingSpec: Sendable {
  /// Split View widths: one third, one half, two thirds of the display (less the divider).
  public var split: Sourced<PerOrientation<SplitWidths>>
  /// Slide Over's width, in points, or nil when the device has no Slide Over.
  public var slideOverWidth: Sourced<Double>?
  /// Slide Over's height less than the display's, in points (the panel's top and bottom margins).
  public var slideOverInset: Sourced<Double>
  /// Safe-area insets of a split or slide-over scene, in points.
  public var safeArea: Sourced<PhysicalInsets>
  /// Bars that stand on each pane's outer edge (the Duo), instead of horizontal bars.
  public var barsOnOuterEdge: Bool
  /// Size classes of split panes.
  public var sizeClasses: Sourced<SizeClassRule>

  /// Creates a multitasking spec.
  public init(
    split: Sourced<PerOrientation<SplitWidths>>, slideOverWidth: Sourced<Double>?,
    slideOverInset: Sourced<Double>, safeArea: Sourced<PhysicalInsets>, barsOnOuterEdge: Bool = false,
    sizeClasses: Sourced<SizeClassRule> = SizeClassRule.window
  ) {
    self.split = split
    self.slideOverWidth = slideOverWidth
    self.slideOverInset = slideOverInset
    self.safeArea = safeArea
    self.barsOnOuterEdge = barsOnOuterEdge
    self.sizeClasses = sizeClasses
  }
}

/// The three Split View widths of one orientation, in points.
public struct SplitWidths: Sendable, Hashable {
  /// One third.
  public var oneThird: Double
  /// One half.
  public var half: Double
  /// Two thirds.
  public var twoThirds: Double

  /// Creates the widths.
  public init(oneThird: Double, half: Double, twoThirds: Double) {
    self.oneThird = oneThird
    self.half = half
    self.twoThirds = twoThirds
  }
}

/// The hinge of a foldable: when the status changes and when the app moves between displays.
public struct HingeSpec: Sendable {
  /// Below this angle (degrees) the hinge reports `closed`.
  public var closedBelow: Sourced<Double>
  /// From this angle (degrees) the hinge reports `fullyOpen`.
  public var fullyOpenFrom: Sourced<Double>
  /// Opening past this angle (degrees) hands the app from the external to the internal display.
  public var handoverOpening: Sourced<Double>
  /// Closing below this angle (degrees) hands the app back to the external display.
  public var handoverClosing: Sourced<Double>
  /// How the app moves between displays.
  public var handover: Sourced<HandoverStyle>

  /// Creates a hinge spec.
  public init(
    closedBelow: Sourced<Double>, fullyOpenFrom: Sourced<Double>, handoverOpening: Sourced<Double>,
    handoverClosing: Sourced<Double>,
    handover: Sourced<HandoverStyle> = Sourced(
      .reconnect, .published("issue 5: \"a scene disconnects and another connects on the other display\""))
  ) {
    self.closedBelow = closedBelow
    self.fullyOpenFrom = fullyOpenFrom
    self.handoverOpening = handoverOpening
    self.handoverClosing = handoverClosing
    self.handover = handover
  }

  /// The status the hinge reports at `angle` degrees.
  public func status(at angle: Double) -> HingeStatus {
    if angle < closedBelow.value { return .closed }
    if angle >= fullyOpenFrom.value { return .fullyOpen }
    return .partiallyOpen
  }
}

/// How a two-display device moves the app between its displays.
public enum HandoverStyle: String, Sendable, Hashable, CaseIterable {
  /// The scene on the old display disconnects and a new scene connects on the new one (the Duo).
  case reconnect
  /// The same scene stays connected and reports the new display's geometry and regions (a display
  /// change seen through `windowScene(_:didUpdateEffectiveGeometry:)`).
  case sameScene
}

/// Picture in Picture pinned at the top: the app below resizes vertically, and when the display is folded
/// the video fills the half above the fold (`003_f6edf847a2b0c034.txt`, 시스템 동작: PiP).
public struct PiPSpec: Sendable {
  /// The video's aspect ratio, width / height, when pinned on a flat display.
  public var aspect: Sourced<Double>

  /// Creates a PiP spec.
  public init(aspect: Sourced<Double>) { self.aspect = aspect }
}
