import LayoutCore

/// What the reference record-list screen shows: its bar actions and its row of controls.
///
/// The content is the same in every presentation; only how much of it is visible at once changes
/// (LayoutCore's LayoutRules, "L1: shape and presentation": the three presentations hold the same set of
/// features).
public struct ReferenceContent: Sendable, Hashable {
  /// The bar's actions in declared (display) order.
  public var actions: [BarAction] { didSet { sortedActionIDs = Self.sortedIDs(of: actions) } }
  /// The actions' element ids in ascending order, as every plan lists them (kept with the actions).
  private(set) var sortedActionIDs: [String]
  /// The titles of the segmented control row above the list (for example a period filter); each is an
  /// interactive element `"control.<title>"`.
  public var controls: [String]

  /// Creates content. Action names and control titles must be unique.
  public init(actions: [BarAction], controls: [String]) {
    precondition(Set(actions.map(\.name)).count == actions.count, "duplicate action names")
    precondition(Set(controls).count == controls.count, "duplicate control titles")
    self.actions = actions
    self.controls = controls
    self.sortedActionIDs = Self.sortedIDs(of: actions)
  }

  private static func sortedIDs(of actions: [BarAction]) -> [String] { actions.map(\.id).sorted() }

  /// The guide's record list (a study-timer app's records): compose and share pinned (high), filter
  /// automatic, save, export and archive low; a day/week/month control row.
  public static let `default` = ReferenceContent(
    actions: [
      BarAction("compose", priority: .high), BarAction("share", priority: .high), BarAction("filter"),
      BarAction("save", priority: .low), BarAction("export", priority: .low),
      BarAction("archive", priority: .low),
    ],
    controls: ["day", "week", "month"])
}
