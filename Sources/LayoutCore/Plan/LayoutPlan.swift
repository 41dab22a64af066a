/// How a screen is presented: the structure the shape decides (LayoutRules, "L1: shape and
/// presentation"; the density is the width's, "Density from continuous width").
public enum Presentation: String, Sendable, Hashable, CaseIterable {
  /// One column; detail reached by push.
  case stack
  /// List and detail side by side.
  case split
  /// Sidebar, list and detail.
  case expanded
}

/// One placed element of a plan.
public struct LayoutElement: Sendable, Hashable {
  /// Stable identifier, for example `"list"`, `"detail"`, `"toolbar"`, `"action.share"`.
  public var id: String
  /// The element's frame in the scene's coordinates, in points (x, y, width, height).
  public var frame: Rect
  /// True for controls the user touches (buttons, bars, fields); these must avoid reserved regions.
  public var isInteractive: Bool
  /// True for scrolling content, which is never displaced by reserved regions.
  public var isScrollable: Bool

  /// Creates an element.
  public init(id: String, frame: Rect, isInteractive: Bool = false, isScrollable: Bool = false) {
    self.id = id
    self.frame = frame
    self.isInteractive = isInteractive
    self.isScrollable = isScrollable
  }
}

/// A layout decision: the presentation, the grid density and every element's frame.
public struct LayoutPlan: Sendable, Hashable {
  /// The shape the plan was made for.
  public var shape: LayoutShape
  /// The presentation.
  public var presentation: Presentation
  /// Grid columns in the content area (density from continuous width).
  public var columns: Int
  /// Placed elements, in a stable order.
  public var elements: [LayoutElement]
  /// Identifiers of every action the screen offers, visible or in the overflow menu, sorted. Identical
  /// across presentations (HIG: never change features by size).
  public var actions: [String]
  /// Identifiers of the actions currently in the overflow menu, in declared order; a subset of
  /// ``actions``. Empty when every action fits in the bar (LayoutRules, "L2: safe area and bars").
  public var overflow: [String]
  /// Identifiers of the interactive elements the policy could not place clear of every reserved region,
  /// in element order; none of them is in ``elements``. Empty whenever any clear place exists.
  ///
  /// A group (the bar with its actions, the control row with its controls) is unplaced only when no
  /// frame of at least one 44 × 44 pt hit target inside its bounds avoids every active division and
  /// occlusion (a division covering the screen, a tiny scene with the camera in it): an interactive
  /// element over a fold or the camera cannot be used (LayoutRules, "Folds and reserved regions"),
  /// so the plan says "no room" instead of placing it there. The app hides these elements until a later
  /// plan places them; their ids are the ones they have when placed.
  public var unplaced: [String]

  /// Creates a plan.
  public init(
    shape: LayoutShape, presentation: Presentation, columns: Int, elements: [LayoutElement],
    actions: [String], overflow: [String] = [], unplaced: [String] = []
  ) {
    self.shape = shape
    self.presentation = presentation
    self.columns = columns
    self.elements = elements
    self.actions = actions
    self.overflow = overflow
    self.unplaced = unplaced
  }

  /// The element with the given id, if present.
  ///
  /// - Complexity: O(n) in the number of elements.
  public func element(_ id: String) -> LayoutElement? { elements.first { $0.id == id } }
}

/// A layout: turns a context into a plan. LayoutCore's reference list/detail screen is one; an app or a
/// test supplies its own to replay traces against its real layout.
public protocol LayoutPolicy: Sendable {
  /// The plan for `context`. Must be a pure function of its input.
  func plan(for context: LayoutContext) -> LayoutPlan
}
