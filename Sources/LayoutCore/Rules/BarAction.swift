/// A bar item's visibility priority: which items stay in the bar when space runs out
/// (`ToolbarItemVisibilityPriority` / `UIBarButtonItemVisibilityPriority`).
///
/// Higher stays longer: high-priority items such as share stay at every size, low-priority items such as
/// save go to overflow when narrow, and frequent actions stay visible. Source: LayoutRules, "L2: safe area
/// and bars".
public struct VisibilityPriority: RawRepresentable, Sendable, Hashable, Comparable {
  /// The priority's value; higher stays visible longer.
  public var rawValue: Int

  /// Creates a custom priority.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Stays in the bar at every size it can (share, compose).
  public static let high = VisibilityPriority(rawValue: 100)
  /// The default.
  public static let automatic = VisibilityPriority(rawValue: 0)
  /// First into the overflow menu (save, secondary settings).
  public static let low = VisibilityPriority(rawValue: -100)

  /// Orders by ``rawValue``: the lower priority goes to the overflow menu first.
  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// One action the reference screen offers in its bar.
public struct BarAction: Sendable, Hashable {
  /// The action's name; its element id is `"action.<name>"`.
  public var name: String { didSet { id = Self.id(of: name) } }
  /// Which actions stay visible when the bar is short.
  public var priority: VisibilityPriority
  /// The element id of this action: `"action.<name>"` (kept with the name: every plan reads it).
  public private(set) var id: String

  /// Creates an action.
  public init(_ name: String, priority: VisibilityPriority = .automatic) {
    self.name = name
    self.priority = priority
    self.id = Self.id(of: name)
  }

  private static func id(of name: String) -> String { "action." + name }
}
