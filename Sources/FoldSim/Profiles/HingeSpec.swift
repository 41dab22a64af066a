import FoldTrace

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
      .reconnect,
      .published(
        "LayoutCore's LayoutRules, \"Spatial consistency across displays\": a scene disconnects and "
          + "another connects on the other display"))
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
