import LayoutCore

/// A mail app's screen, as a team writes it against LayoutCore alone: a message list, a reading pane
/// beside it when there is room, a folder list when there is more, and a bar of actions that overflows by
/// priority.
///
/// The decisions follow LayoutCore's LayoutRules: the shape decides the structure (stack, split,
/// expanded), the measured width decides the pane widths, panes meet at an active vertical division
/// instead of spanning it, and the bar is moved out of every active division and occlusion
/// (``Displacement``). It is deliberately not the reference screen: other panes, other numbers.
public struct MailboxLayout: LayoutPolicy {
  /// The bar's actions in declared order: reply and archive stay visible longest.
  public static let actions = [
    BarAction("reply", priority: .high), BarAction("archive", priority: .high), BarAction("flag"),
    BarAction("move", priority: .low), BarAction("delete", priority: .low),
  ]
  /// The element that scrolls the messages: present in every plan.
  public static let scrollElementID = "messages"
  /// The bar's height (or width, on a vertical bar edge), in points: one 44 pt hit target plus 4 pt
  /// above and below.
  public static let barThickness = 52.0
  /// The narrowest message list beside a reading pane, in points.
  public static let minimumListWidth = 300.0

  /// Creates the layout.
  public init() {}

  /// The plan for `context`: a pure function of it.
  ///
  /// - Complexity: O(a log a) for a bar actions, plus ``Displacement``'s search.
  public func plan(for context: LayoutContext) -> LayoutPlan {
    let context = context.sanitized()
    let safe = context.safeFrame
    let presentation = context.shape.presentation
    let barFrame = safe.bottomSlice(min(Self.barThickness, safe.height))
    let content = Rect(x: safe.x, y: safe.y, width: safe.width, height: max(0, safe.height - barFrame.height))
    var elements = panes(in: content, presentation: presentation, context: context)
    let all = Self.actions.map(\.id).sorted()
    guard
      let bar = Displacement.clear(
        barFrame, within: safe, avoiding: context.reservedRegions,
        minimumSize: Size(width: 44, height: min(44, barFrame.height)),
        direction: context.layoutDirection)
    else {
      return LayoutPlan(
        shape: context.shape, presentation: presentation, columns: 1, elements: elements, actions: all,
        unplaced: ["toolbar"] + Self.actions.map(\.id))
    }
    elements.append(LayoutElement(id: "toolbar", frame: bar, isInteractive: true))
    let slots = BarOverflow.slots(length: bar.width - 16, item: 44, spacing: 8)
    let (visible, overflowed) = BarOverflow.partition(Self.actions, slots: slots)
    var x = bar.x + 8
    for action in visible {
      elements.append(
        LayoutElement(
          id: action.id, frame: Rect(x: x, y: bar.y + (bar.height - 44) / 2, width: 44, height: 44),
          isInteractive: true))
      x += 52
    }
    if !overflowed.isEmpty {
      elements.append(
        LayoutElement(
          id: "more", frame: Rect(x: x, y: bar.y + (bar.height - 44) / 2, width: 44, height: 44),
          isInteractive: true))
    }
    return LayoutPlan(
      shape: context.shape, presentation: presentation, columns: 1, elements: elements, actions: all,
      overflow: overflowed.map(\.id))
  }

  /// The panes of `presentation` in `content`: the message list always; the reading pane in split and
  /// expanded; the folder list in expanded. With an active vertical division, the list ends at the
  /// division's leading edge and the next pane starts at its trailing edge.
  private func panes(
    in content: Rect, presentation: Presentation, context: LayoutContext
  ) -> [LayoutElement] {
    let fold = context.verticalDivisions.first { $0.minX > content.minX && $0.maxX < content.maxX }
    switch presentation {
    case .stack:
      return [LayoutElement(id: Self.scrollElementID, frame: content, isScrollable: true)]
    case .split, .expanded:
      var rest = content
      var panes: [LayoutElement] = []
      if presentation == .expanded, fold == nil {
        let folders = content.leadingSlice(min(240, content.width / 4), direction: context.layoutDirection)
        panes.append(LayoutElement(id: "folders", frame: folders, isScrollable: true))
        rest = content.remainder(after: folders, direction: context.layoutDirection)
      }
      let listWidth: Double
      let gap: Double
      if let fold {
        listWidth = fold.minX - rest.minX
        gap = fold.width
      } else {
        listWidth = min(max(Self.minimumListWidth, rest.width / 3), rest.width / 2)
        gap = 0
      }
      let list = rest.leadingSlice(listWidth, direction: context.layoutDirection)
      let afterList = rest.remainder(after: list, direction: context.layoutDirection)
      let message = afterList.trailingSlice(
        max(0, afterList.width - gap), direction: context.layoutDirection)
      panes.append(LayoutElement(id: Self.scrollElementID, frame: list, isScrollable: true))
      panes.append(LayoutElement(id: "message", frame: message, isScrollable: true))
      return panes
    }
  }
}

extension PlanVocabulary {
  /// The mailbox's names: panes `folders`, `messages` and `message`, bar actions `action.<name>` and the
  /// overflow button `more`.
  public static let mailbox = PlanVocabulary(
    paneIDs: ["folders", "messages", "message"], actionIDPrefix: "action.", overflowElementID: "more")
}
