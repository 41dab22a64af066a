/// What one element of an animated ``LayoutPlan`` looks like at an instant: the frame on screen, where it
/// is going, how fast, how opaque, and whether it has come to rest.
public struct ElementPresentation: Sendable, Hashable {
  /// The element's identifier (``LayoutElement/id``).
  public var id: String
  /// The presentation frame, in points (x, y, width, height).
  public var frame: Rect
  /// The frame the element is heading for: its frame in the latest plan (or its last one while it
  /// fades out), in points.
  public var target: Rect
  /// The velocity of the frame, in points per second.
  public var velocity: RectVelocity
  /// The opacity, 0…1.
  public var opacity: Double
  /// Where the element is in its life.
  public var phase: Phase
  /// Under Reduce Motion, the old rendering that fades out at the old frame while the element fades in at
  /// its new one; nil otherwise.
  public var outgoing: Outgoing?
  /// True when the frame, the opacity and any outgoing cross-fade have come to rest.
  public var isSettled: Bool

  /// Creates a presentation.
  public init(
    id: String, frame: Rect, target: Rect, velocity: RectVelocity, opacity: Double, phase: Phase,
    outgoing: Outgoing?, isSettled: Bool
  ) {
    self.id = id
    self.frame = frame
    self.target = target
    self.velocity = velocity
    self.opacity = opacity
    self.phase = phase
    self.outgoing = outgoing
    self.isSettled = isSettled
  }

  /// An element's life in the animator.
  public enum Phase: String, Sendable, Hashable {
    /// In the latest plan.
    case present
    /// Gone from the latest plan, fading out at its last frame.
    case disappearing
  }

  /// The outgoing half of a Reduce Motion cross-fade.
  public struct Outgoing: Sendable, Hashable {
    /// The frame the element had when the move was replaced by a cross-fade, in points.
    public var frame: Rect
    /// The opacity of the outgoing rendering, 0…1, falling to 0.
    public var opacity: Double

    /// Creates an outgoing rendering.
    public init(frame: Rect, opacity: Double) {
      self.frame = frame
      self.opacity = opacity
    }
  }
}
