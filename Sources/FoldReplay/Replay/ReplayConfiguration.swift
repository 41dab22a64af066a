import LayoutCore

/// What a replay drives and how: the layout, the animator, the scroll-anchoring strategy, the content
/// model and the tick.
///
/// Each part is a protocol so an app can replay traces against its real layout and a test can plant a
/// fault in exactly one part.
public struct ReplayConfiguration: Sendable {
  /// The layout under test.
  public var layout: any ContentLayout
  /// The animator; every scene starts from a copy of this value.
  public var animator: any PlanAnimating
  /// The scroll-anchoring strategy (a type: the replay makes one scroll view per scene).
  public var scrollAnchoring: any ScrollAnchoring.Type {
    didSet { layoutSharing = scrollAnchoring as? any ScrollLayoutSharing.Type }
  }
  /// ``scrollAnchoring`` when it shares layouts between scroll views (``ScrollLayoutSharing``), else nil:
  /// decided once here, not at every relayout.
  private(set) var layoutSharing: (any ScrollLayoutSharing.Type)?
  /// The scrolling content.
  public var content: any ContentModel
  /// Presentation samples per second of trace time while anything moves (default 120 Hz, ProMotion).
  public var tickRate: Int
  /// How long animations may run after the last event before the replay stops waiting, in nanoseconds
  /// (default 10 s).
  public var settleLimit: UInt64
  /// How long after a scene disconnects a scene connecting on another display still takes over its place,
  /// in nanoseconds (default 1 s): the system tears one display's scene down and brings the other's up
  /// together, so a later connect is a new, unrelated scene.
  public var handoverWindow: UInt64
  /// The id of the plan element whose frame is the scrolling viewport (the reference screen's is
  /// `"list"`). A plan without it has no scroll view.
  public var scrollElementID: String

  /// Creates a configuration for a layout that decides from the context alone.
  ///
  /// - Parameters:
  ///   - policy: The layout under test, for example the example app's `ReferenceScreenLayout()`.
  ///   - animator: The animator prototype (default LayoutCore's `PlanAnimator`).
  ///   - scrollAnchoring: The scroll-anchoring strategy (default LayoutCore's `ScrollModel`).
  ///   - content: The scrolling content, with the ids the trace's scroll and selection events name.
  ///   - tickRate: Samples per second, at least 1 (default 120).
  ///   - settleLimit: Nanoseconds animations may run after the last event (default 10 s).
  ///   - handoverWindow: Nanoseconds after a disconnect in which a connect on another display takes over
  ///     (default 1 s).
  ///   - scrollElementID: The id of the plan element that scrolls the content.
  public init(
    policy: any LayoutPolicy, animator: any PlanAnimating = PlanAnimator(),
    scrollAnchoring: any ScrollAnchoring.Type = ScrollModel.self,
    content: any ContentModel, scrollElementID: String, tickRate: Int = 120,
    settleLimit: UInt64 = 10_000_000_000, handoverWindow: UInt64 = 1_000_000_000
  ) {
    self.init(
      layout: PolicyLayout(policy), animator: animator, scrollAnchoring: scrollAnchoring, content: content,
      scrollElementID: scrollElementID, tickRate: tickRate, settleLimit: settleLimit,
      handoverWindow: handoverWindow)
  }

  /// Creates a configuration for a layout that reads the content too.
  ///
  /// - Parameters:
  ///   - layout: The layout under test.
  ///   - animator: The animator prototype (default LayoutCore's `PlanAnimator`).
  ///   - scrollAnchoring: The scroll-anchoring strategy (default LayoutCore's `ScrollModel`).
  ///   - content: The scrolling content, with the ids the trace's scroll and selection events name.
  ///   - tickRate: Samples per second, at least 1 (default 120).
  ///   - settleLimit: Nanoseconds animations may run after the last event (default 10 s).
  ///   - handoverWindow: Nanoseconds after a disconnect in which a connect on another display takes over
  ///     (default 1 s).
  ///   - scrollElementID: The id of the plan element that scrolls the content.
  public init(
    layout: any ContentLayout, animator: any PlanAnimating = PlanAnimator(),
    scrollAnchoring: any ScrollAnchoring.Type = ScrollModel.self,
    content: any ContentModel, scrollElementID: String, tickRate: Int = 120,
    settleLimit: UInt64 = 10_000_000_000, handoverWindow: UInt64 = 1_000_000_000
  ) {
    precondition(tickRate >= 1, "tickRate must be at least 1 Hz")
    self.layout = layout
    self.animator = animator
    self.scrollAnchoring = scrollAnchoring
    self.layoutSharing = scrollAnchoring as? any ScrollLayoutSharing.Type
    self.content = content
    self.tickRate = tickRate
    self.settleLimit = settleLimit
    self.handoverWindow = handoverWindow
    self.scrollElementID = scrollElementID
  }

  /// The trace time of tick `index`, in nanoseconds: `index × 10⁹ / tickRate`, rounded down, so ticks are
  /// exact integers at any rate.
  public func tickTime(_ index: UInt64) -> UInt64 { Self.tickTime(index, rate: tickRate) }

  /// The trace time of tick `index` at `rate` ticks per second, in nanoseconds (``tickTime(_:)``),
  /// computed in 128 bits and saturating at `UInt64.max` (a trace may stamp events up to 2⁶⁴ − 1 ns).
  static func tickTime(_ index: UInt64, rate: Int) -> UInt64 {
    let product = index.multipliedFullWidth(by: 1_000_000_000)
    let divisor = UInt64(rate)
    if product.high == 0 { return product.low / divisor }  // the 64-bit division, as every real trace
    return product.high >= divisor ? .max : divisor.dividingFullWidth(product).quotient
  }

  /// The index of the first tick strictly after `time` (nanoseconds); when no tick time exceeds it
  /// (`time` within one tick of `UInt64.max`), the first tick whose time saturates at `UInt64.max`.
  ///
  /// - Complexity: O(1): the 128-bit quotient is at most one tick short.
  public func firstTick(after time: UInt64) -> UInt64 {
    let product = time.multipliedFullWidth(by: UInt64(tickRate))
    var index: UInt64 =
      product.high == 0
      ? product.low / 1_000_000_000
      : product.high >= 1_000_000_000 ? .max : UInt64(1_000_000_000).dividingFullWidth(product).quotient
    while tickTime(index) <= time, tickTime(index) < .max { index += 1 }
    return index
  }
}
