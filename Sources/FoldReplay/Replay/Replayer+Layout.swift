import FoldTrace
import LayoutCore

extension Replayer {
  /// Asks the layout for a plan after a scene's context input changed; lays the scrolling content out
  /// again and retargets the animator when the plan or the content's arrangement changed.
  mutating func relayout<Sink: ReplaySink>(_ id: SceneID, eventIndex: Int, into sink: inout Sink) {
    guard let index = state.index(of: id), let context = LayoutContext(state.scenes[index].state),
      state.scenes[index].derived.context != context
    else { return }
    let plan = configuration.layout.plan(for: context, content: configuration.content)
    sink.receive(
      .evaluation(
        LayoutEvaluation(scene: id, time: time, eventIndex: eventIndex, context: context, plan: plan)))
    state[derived: index].context = context
    let viewport = scrollViewport(in: plan, context: context)
    let scrollConfiguration = configuration.content.configuration(
      columns: plan.columns, dynamicTypeSize: context.dynamicTypeSize)
    let planChanged = state.scenes[index].derived.plan != plan
    let contentChanged =
      viewport != state.scenes[index].derived.viewport
      || (viewport != nil && scrollConfiguration != state.scenes[index].derived.scrollConfiguration)
    guard planChanged || contentChanged else { return }

    var change = LayoutChange(scene: id, time: time, eventIndex: eventIndex, context: context, plan: plan)
    if let viewport {
      let input = state.scenes[index].state
      Self.relayoutScroll(
        &state[derived: index], input: input, viewport: viewport, configuration: scrollConfiguration,
        replay: configuration, layouts: &layouts, change: &change)
    }
    if planChanged {
      Self.retarget(
        &state[derived: index], scene: id, to: plan, context: context, at: time, eventIndex: eventIndex,
        into: &sink)
    }
    state[derived: index].plan = plan
    sink.receive(.layout(change))
  }

  /// Retargets a scene's animator, reporting the presentation just before and just after.
  ///
  /// The presentations are written into the scene's two retarget buffers, taken out while they are
  /// filled and put back once the sink has seen them: no arrays are allocated per retarget once the
  /// sink lets go of them.
  private static func retarget<Sink: ReplaySink>(
    _ scene: inout SceneReplay, scene id: SceneID, to plan: LayoutPlan, context: LayoutContext,
    at time: UInt64, eventIndex: Int, into sink: inout Sink
  ) {
    guard scene.plan != nil else {
      scene.animator.update(to: plan, context: context, at: time)
      return
    }
    var before: [ElementPresentation] = []
    var after: [ElementPresentation] = []
    swap(&before, &scene.retargetBefore)
    swap(&after, &scene.retargetAfter)
    scene.isAnimating = retarget(
      &scene.animator, to: plan, context: context, at: time, before: &before, after: &after)
    sink.receive(
      .retarget(
        Retarget(
          scene: id, time: time, eventIndex: eventIndex, before: before, after: after,
          reduceMotion: context.reduceMotion, isInteractivelyResizing: context.isInteractivelyResizing)))
    swap(&before, &scene.retargetBefore)
    swap(&after, &scene.retargetAfter)
  }

  /// Updates `animator` to `plan` at `time` (nanoseconds), fills `before` and `after` with its
  /// presentations just before and just after (``PlanAnimating/presentations(at:into:)``, the same
  /// elements as ``PlanAnimating/presentations(at:)``), and tells whether it then moves. Generic and in
  /// place: the scene's animator existential is opened once where it is stored.
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
  /// records in `change` what it measured: the place kept, where its item ended up in the new content,
  /// the content's extent and whether the view was at the top. What anchoring should have done is the
  /// anchor check's to decide from these.
  ///
  /// Static, with the replay's parts passed in: the scene is borrowed from the replayer's session state
  /// while it is laid out, so the replayer itself cannot be.
  static func relayoutScroll(
    _ scene: inout SceneReplay, input: SceneState, viewport: ScrollViewport,
    configuration scrollConfiguration: ScrollConfiguration, replay configuration: ReplayConfiguration,
    layouts: inout ScrollLayoutCache, change: inout LayoutChange
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
      let offset = input.scrollOffset.y
      if let sharing = configuration.layoutSharing {
        scene.scroll = sharing.init(
          items: items, viewport: viewport, configuration: scrollConfiguration, contentOffset: offset,
          selection: input.selection, using: &layouts)
      } else {
        scene.scroll = strategy.init(
          items: items, viewport: viewport, configuration: scrollConfiguration, contentOffset: offset,
          selection: input.selection)
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
    change.wasAtTop = wasAtTop
    change.maximumOffset = layout.maxOffset(in: viewport)
    guard let top = layout.frame(of: promise.itemID)?.minY else {
      // The anchor's item is gone: the next surviving item becomes the anchor.
      scene.promise = scene.scroll?.anchor
      change.anchorAfter = scene.promise.flatMap { standing($0, in: layout, offset: offset) }
      return
    }
    change.anchorItemTop = top
    change.anchorAfter = ScrollAnchor(itemID: promise.itemID, offsetFromViewportTop: top - offset)
    if wasAtTop {
      // Nothing was anchored at the top: the place is where the strategy now stands.
      scene.promise = scene.scroll?.anchor
    } else if change.handoverFrom != nil {
      scene.promise = promise
    }
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

  /// Hands a departed scene's place to the scene that takes over.
  mutating func disconnected<Sink: ReplaySink>(
    _ input: SceneState, _ departing: SceneReplay, eventIndex: Int, into sink: inout Sink
  ) {
    guard let place = departing.scroll?.position ?? departing.handover?.position else { return }
    let handover = Handover(
      from: input.id, display: input.display, connectedAt: departing.connectedAt, disconnectedAt: time,
      position: place)
    // The other scene may have connected first (the system shows the new display before it tears the old
    // one down): it takes over if the user has not touched it yet.
    guard
      let successor = state.scenes.indices.last(where: {
        let scene = state.scenes[$0]
        return scene.state.display != input.display && scene.derived.connectedAt >= departing.connectedAt
          && !scene.derived.userActed && scene.derived.handover == nil
      })
    else {
      pendingHandover = handover
      return
    }
    state[derived: successor].handover = handover
    let successorInput = state.scenes[successor].state
    let derived = state.scenes[successor].derived
    guard let viewport = derived.viewport, let scrollConfiguration = derived.scrollConfiguration,
      let context = derived.context, let plan = derived.plan
    else { return }
    var change = LayoutChange(
      scene: successorInput.id, time: time, eventIndex: eventIndex, context: context, plan: plan)
    state[derived: successor].scroll = nil
    Self.relayoutScroll(
      &state[derived: successor], input: successorInput, viewport: viewport,
      configuration: scrollConfiguration, replay: configuration, layouts: &layouts, change: &change)
    sink.receive(.layout(change))
  }
}
