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
