import LayoutCore

/// The numbers the reference screen lays out with, in points. Every one is documented in the
/// LayoutRules article with its source.
public struct ReferenceMetrics: Sendable, Hashable {
  /// The layout margin inside panes (16).
  public var margin: Double = 16
  /// A bar's thickness: height of a horizontal bar, width of a vertical one (52 = a 44 pt item + 4 pt
  /// each side).
  public var barThickness: Double = 52
  /// One bar item's hit target (44: HIG minimum).
  public var barItem: Double = 44
  /// The gap between bar items (8).
  public var barSpacing: Double = 8
  /// Share of a horizontal bar's length kept for the title (0.4), at most ``titleReserveMaximum``.
  public var titleReserveFraction: Double = 0.4
  /// The most a horizontal bar keeps for its title (160).
  public var titleReserveMaximum: Double = 160
  /// Split: the list's share of the width (0.38), clamped to 280…420 and at most half.
  public var splitListFraction: Double = 0.38
  /// Split: narrowest list (280).
  public var splitListMinimum: Double = 280
  /// Split: widest list (420).
  public var splitListMaximum: Double = 420
  /// Expanded: the sidebar's share of the width (0.22), clamped to 180…280.
  public var sidebarFraction: Double = 0.22
  /// Expanded: narrowest sidebar (180).
  public var sidebarMinimum: Double = 180
  /// Expanded: widest sidebar (280).
  public var sidebarMaximum: Double = 280
  /// Expanded: the list's share (0.3), clamped to 280…400.
  public var expandedListFraction: Double = 0.3
  /// Expanded: narrowest list (280).
  public var expandedListMinimum: Double = 280
  /// Expanded: widest list (400).
  public var expandedListMaximum: Double = 400
  /// Expanded: sidebar + list take at most this share, leaving the rest to the detail (0.65).
  public var expandedPrimaryMaximumFraction: Double = 0.65
  /// Book pose, expanded: the sidebar's share of the half before the fold (0.4).
  public var bookPoseSidebarFraction: Double = 0.4
  /// Tabletop: each half must be at least this tall to arrange media above and controls below (120).
  public var tabletopMinimumHalf: Double = 120
  /// The gap between controls in the control row and between the row and its neighbours (8).
  public var controlSpacing: Double = 8
  /// Horizontal padding around a control's title (2 × 12 = 24).
  public var controlPadding: Double = 24
  /// The grid rule for the list's cards.
  public var grid: AdaptiveGrid = .guide

  /// The default metrics.
  public init() {}

  /// The default metrics.
  public static let `default` = ReferenceMetrics()
}
