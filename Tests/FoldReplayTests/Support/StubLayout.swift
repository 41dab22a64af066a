import LayoutCore

/// A small stand-in for the reference screen, for tests that must not depend on its exact numbers: a
/// list (scrolling viewport), a detail pane when not stacked, a 44 pt toolbar at the top of the trailing
/// pane, and grid columns from the list width (one per 180 pt, even when the scene can fold). The toolbar
/// steps aside from active divisions and occlusions.
struct StubLayout: LayoutPolicy {
  func plan(for context: LayoutContext) -> LayoutPlan {
    let safe = Rect(origin: .zero, size: context.size).inset(
      by: context.safeArea, direction: context.layoutDirection)
    let presentation: Presentation =
      context.shape.prefersSingleColumn ? .stack : (context.shape == .regularWide ? .expanded : .split)
    let listWidth = presentation == .stack ? safe.width : (safe.width / 2).rounded(.down)
    let trailingX = presentation == .stack ? safe.x : safe.x + listWidth
    var toolbar = Rect(x: trailingX, y: safe.y, width: min(300, safe.maxX - trailingX), height: 44)
    for region in context.activeDivisions + context.occlusions where toolbar.intersects(region) {
      toolbar.x = region.maxX
    }
    let list = Rect(x: safe.x, y: safe.y + 44, width: listWidth, height: max(0, safe.height - 44))
    var columns = max(1, Int(listWidth / 180))
    if context.canFold, columns > 1, columns % 2 == 1 { columns -= 1 }
    var elements = [
      LayoutElement(id: "toolbar", frame: toolbar, isInteractive: true),
      LayoutElement(id: "list", frame: list, isScrollable: true),
    ]
    if presentation != .stack {
      elements.append(
        LayoutElement(
          id: "detail",
          frame: Rect(x: list.maxX, y: list.y, width: safe.maxX - list.maxX, height: list.height),
          isScrollable: true))
    }
    return LayoutPlan(
      shape: context.shape, presentation: presentation, columns: columns, elements: elements,
      actions: ["compose", "share"])
  }
}
