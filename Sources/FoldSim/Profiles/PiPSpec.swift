/// Picture in Picture pinned at the top: the app below resizes vertically, and when the display is folded
/// the video fills the half above the fold (`003_f6edf847a2b0c034.txt`, 시스템 동작: PiP).
public struct PiPSpec: Sendable {
  /// The video's aspect ratio, width / height, when pinned on a flat display.
  public var aspect: Sourced<Double>

  /// Creates a PiP spec.
  public init(aspect: Sourced<Double>) { self.aspect = aspect }
}
