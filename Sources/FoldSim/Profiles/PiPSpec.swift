/// Picture in Picture pinned at the top: the app below resizes vertically, and when the display is folded
/// the video fills the half above the fold (LayoutCore's LayoutRules, "iPhone Duo").
public struct PiPSpec: Sendable {
  /// The video's aspect ratio, width / height, when pinned on a flat display.
  public var aspect: Sourced<Double>

  /// Creates a PiP spec.
  public init(aspect: Sourced<Double>) { self.aspect = aspect }
}
