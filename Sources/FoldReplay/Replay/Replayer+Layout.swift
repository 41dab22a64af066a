import FoldTrace
import LayoutCore

extension Replayer {
  /// Asks the layout for a plan after a scene's context input changed; lays the scrolling content out
  /// again and retargets the animator when the plan or the content's arrangement changed.
  mutating func relayout<Sink: ReplaySink>(_ id: SceneID, eventIndex: Int, into sink: inout Sink) {
    guard let position = position(of: id), let state = session.scene(id),
      let context = LayoutContext(state), scenes[position].context != context
    else { return }
    let plan = configuration.layout.plan(for: context, content: configuration.content)
    sink.receive(
      .evaluation(
        LayoutEvaluation(scene: id, time: time, eventIndex: eventIndex, context: context, plan: plan)))
    scenes[position].context = context
    let viewport = scrollViewport(in: plan, context: context)
    let scrollConfiguration = configuration.content.configuration(
      columns: plan.columns, dynamicTypeSize: context.dynamicTypeSize)
    let planChanged = scenes[position].plan != plan
    let contentChanged =
      viewport != scenes[position].viewport
      || (viewport != nil && scrollConfiguration != scenes[position].scrollConfiguration)
    guard planChanged || contentChanged else { return }

    var change = LayoutChange(scene: id, time: time, eventIndex: eventIndex, context: context, plan: plan)
    if let viewport {
      Self.relayoutScroll(
        &scenes[position], viewport: viewport, configuration: scrollConfiguration,
        replay: configuration, session: session, layouts: &layouts, change: &change)
    }
    if planChanged { retarget(position, to: plan, context: context, eventIndex: eventIndex, into: &sink) }
    scenes[position].plan = plan
    sink.receive(.layout(change))
  }

  /// Retargets a scene's animator, reporting the presentation just before and just after.
  private mutating func retarget<Sink: ReplaySink>(
    _ position: Int, to plan: LayoutPlan, context: LayoutContext, eventIndex: Int, into sink: inout Sink
  ) {
    guard scenes[position].plan != nil else {
      scenes[position].animator.update(to: plan, context: context, at: time)
      return
    }
    // The presentations are written into the scene's two retarget buffers, taken out while they are
    // filled and put back once the sink has seen them: no arrays are allocated and freed per retarget
    // once the sink lets go of them (a fresh array of presentations cost 2.5 times a refill).
    var before: [ElementPresentation] = []
    var after: [ElementPresentation] = []
    swap(&before, &scenes[position].retargetBefore)
    swap(&after, &scenes[position].retargetAfter)
    let isAnimating = Self.retarget(
      &scenes[position].animator, to: plan, context: context, at: time, before: &before, after: &after)
    scenes[position].isAnimating = isAnimating
    sink.receive(
      .retarget(
        Retarget(
          scene: scenes[position].id, time: time, eventIndex: eventIndex, before: before, after: after,
          reduceMotion: context.reduceMotion, isInteractivelyResizing: context.isInteractivelyResizing)))
    swap(&before, &scenes[position].retargetBefore)
    swap(&after, &scenes[position].retargetAfter)
  }

  /// Updates `animator` to `plan` at `time` (nanoseconds), fills `before` and `after` with its
  /// presentations just before and just after (``PlanAnimating/presentations(at:into:)``, the same
  /// elements as ``PlanAnimating/presentations(at:)``), and tells whether it then moves. Generic and in
  /// place: the scene's animator existential is opened once where it is stored (reading it through the
  /// scenes array four times copied the whole scene twice).
  private static func retarget<Animator: PlanAnimating>(
    _ animator: inout Animator, to plan: LayoutPlan, context: LayoutContext, at time: UInt64,
    before: inout [ElementPresentation], after: inout [ElementPresentation]
  ) -> Bool {
    animator.presentations(at: time, into: &before)
    animator.update(to: plan, context: context, at: time)
    animator.presentations(at: time, into: &after)
    return !animator.isSettled(at: time)
  }

  /// The scrolling element's viewport in a plan: ``ReplayConfiguration/scrollElementID``'s frame size in
  /// the scene's layout direction; nil when the plan has no such element.
  func scrollViewport(in plan: LayoutPlan, context: LayoutContext) -> ScrollViewport? {
    plan.element(configuration.scrollElementID).map {
      ScrollViewport(size: $0.frame.size, layoutDirection: context.layoutDirection)
    }
  }

  /// Lays a scene's content out for a new viewport and configuration through the scroll strategy, and
  /// records in `change` the place kept, where it ended up and what anchoring should have done.
  ///
  /// Static, with the replay's parts passed in: a method on the replayer would be handed a copy of it
  /// while one of its scenes is borrowed, and that copy would make the scenes array copy itself.
  static func relayoutScroll(
    _ scene: inout SceneReplay, viewport: ScrollViewport,
    configuration scrollConfiguration: ScrollConfiguration, replay configuration: ReplayConfiguration,
    session: SessionState, layouts: inout ScrollLayoutCache, change: inout LayoutChange
  ) {
    let items = configuration.content.items
    let strategy = configuration.scrollAnchoring
    var previousOffset: Double
    var promise = scene.promise
    let wasAtTop: Bool
    if let offset = scene.scroll?.contentOffset {
      previousOffset = offset
      wasAtTop = previousOffset == 0
      // Taken out while it is laid out, so the scene holds no second reference to its storage.
      if configuration.layoutSharing != nil, var shared = scene.scroll.take() as? any ScrollLayoutSharing {
        shared.relayout(items: nil, viewport: viewport, configuration: scrollConfiguration, using: &layouts)
        scene.scroll = consume shared
      } else {
        scene.scroll!.relayout(items: nil, viewport: viewport, configuration: scrollConfiguration)
      }
    } else if let handover = scene.handover {
      if let sharing = configuration.layoutSharing {
        scene.scroll = sharing.init(
          restoring: handover.position, items: items, viewport: viewport,
          configuration: scrollConfiguration, using: &layouts)
      } else {
        scene.scroll = strategy.init(
          restoring: handover.position, items: items, viewport: viewport,
          configuration: scrollConfiguration)
      }
      change.handoverFrom = handover.from
      promise = handover.position.anchor
      wasAtTop = handover.position.isAtTop
      previousOffset = wasAtTop ? 0 : .nan
      scene.handover = nil
    } else {
      let state = session.scene(scene.id)
      let offset = state?.scrollOffset.y ?? 0
      if let sharing = configuration.layoutSharing {
        scene.scroll = sharing.init(
          items: items, viewport: viewport, configuration: scrollConfiguration, contentOffset: offset,
          selection: state?.selection, using: &layouts)
      } else {
        scene.scroll = strategy.init(
          items: items, viewport: viewport, configuration: scrollConfiguration, contentOffset: offset,
          selection: state?.selection)
      }
      scene.promise = scene.scroll?.anchor
      promise = nil
      wasAtTop = false
      previousOffset = scene.scroll?.contentOffset ?? 0
    }
    // The replay measures the content itself: from the shared cache, which holds only layouts computed
    // from their inputs (a strategy's own layout is never trusted). Usually the strategy has just taken
    // the same layout from it, so this finds it at once.
    let layout: ScrollLayout
    if scene.viewport == viewport && scene.scrollConfiguration == scrollConfiguration, let kept = scene.layout
    {
      layout = kept
    } else {
      layout = layouts.layout(
        items: items, viewport: viewport, configuration: scrollConfiguration, previous: scene.layout)
    }
    scene.viewport = viewport
    scene.scrollConfiguration = scrollConfiguration
    scene.layout = layout
    let offset = scene.scroll?.contentOffset ?? 0
    change.offsetBefore = previousOffset.isNaN ? offset : previousOffset
    change.offsetAfter = offset
    change.anchorBefore = promise
    guard let promise else {
      // The first layout: nothing to keep yet; report where the new anchor stands.
      change.anchorAfter = scene.promise.flatMap { standing($0, in: layout, offset: offset) }
      return
    }
    guard let top = layout.frame(of: promise.itemID)?.minY else {
      change.anchorOutcome = .removed
      scene.promise = scene.scroll?.anchor
      change.anchorAfter = scene.promise.flatMap { standing($0, in: layout, offset: offset) }
      return
    }
    change.anchorAfter = ScrollAnchor(itemID: promise.itemID, offsetFromViewportTop: top - offset)
    let ideal = top - promise.offsetFromViewportTop
    let maximum = layout.maxOffset(in: viewport)
    if wasAtTop {
      change.anchorOutcome = .atTop
      scene.promise = scene.scroll?.anchor
    } else if ideal < 0 {
      change.anchorOutcome = .clamped(0)
    } else if ideal > maximum {
      change.anchorOutcome = .clamped(maximum)
    } else {
      change.anchorOutcome = .kept
    }
    if change.handoverFrom != nil, !wasAtTop { scene.promise = promise }
  }

  /// Where `anchor`'s item stands in `layout` relative to the viewport top at content offset `offset`
  /// (points); nil when the layout no longer has the item.
  private static func standing(
    _ anchor: ScrollAnchor, in layout: ScrollLayout, offset: Double
  ) -> ScrollAnchor? {
    layout.frame(of: anchor.itemID).map {
      ScrollAnchor(itemID: anchor.itemID, offsetFromViewportTop: $0.minY - offset)
    }
  }

  /// Removes a departing scene and hands its place to the scene that takes over.
  mutating func disconnect<Sink: ReplaySink>(
    _ state: SceneState, eventIndex: Int, into sink: inout Sink
  ) {
    guard let position = position(of: state.id) else { return }
    let departing = scenes.remove(at: position)
    guard let place = departing.scroll?.position ?? departing.handover?.position else { return }
    let handover = Handover(
      from: departing.id, display: departing.display, connectedAt: departing.connectedAt,
      disconnectedAt: time, position: place)
    // The other scene may have connected first (the system shows the new display before it tears the old
    // one down): it takes over if the user has not touched it yet.
    guard
      let successor = scenes.indices.last(where: {
        scenes[$0].display != departing.display && scenes[$0].connectedAt >= departing.connectedAt
          && !scenes[$0].userActed && scenes[$0].handover == nil
      })
    else {
      pendingHandover = handover
      return
    }
    scenes[successor].handover = handover
    guard let viewport = scenes[successor].viewport,
      let scrollConfiguration = scenes[successor].scrollConfiguration,
      let context = scenes[successor].context, let plan = scenes[successor].plan
    else { return }
    var change = LayoutChange(
      scene: scenes[successor].id, time: time, eventIndex: eventIndex, context: context, plan: plan)
    scenes[successor].scroll = nil
    Self.relayoutScroll(
      &scenes[successor], viewport: viewport, configuration: scrollConfiguration,
      replay: configuration, session: session, layouts: &layouts, change: &change)
    sink.receive(.layout(change))
  }
}
