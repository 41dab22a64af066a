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
