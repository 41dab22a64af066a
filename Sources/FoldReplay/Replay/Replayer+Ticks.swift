import FoldTrace
import LayoutCore

extension Replayer {
  /// Samples every moving scene's presentation at each tick up to and including `limit` (nanoseconds).
  ///
  /// Ticks fall at ``ReplayConfiguration/tickTime(_:)``. A scene is sampled from the first tick after its
  /// retarget until the first tick at which its animator reports it settled (that last sample is marked
  /// ``FrameSample/isSettled``). Nothing is sampled while every scene rests, so idle hours cost nothing.
  ///
  /// - Complexity: O(t × e) for t ticks sampled and e elements.
  mutating func advance<Sink: ReplaySink>(to limit: UInt64, into sink: inout Sink) {
    // With every scene at rest (the common event) the tick arithmetic is skipped, leaving `nextTick`
    // behind; the `max` below absorbs that: it never exceeds the first tick after `time`.
    guard isAnyAnimating else { return }
    defer { nextTick = configuration.firstTick(after: limit) }
    var tick = max(nextTick, configuration.firstTick(after: time))
    let tickRate = configuration.tickRate
    let eventIndex = eventCount - 1
    while isAnyAnimating {
      let tickTime = ReplayConfiguration.tickTime(tick, rate: tickRate)
      guard tickTime <= limit else { break }
      for index in state.scenes.indices where state.scenes[index].derived.isAnimating {
        let id = state.scenes[index].state.id
        Self.sample(&state[derived: index], scene: id, at: tickTime, eventIndex: eventIndex, into: &sink)
      }
      // The clock saturates at 2⁶⁴ − 1 ns: there is no later tick to sample.
      if tickTime == .max { break }
      tick += 1
    }
  }

  /// Samples one moving scene at `time` (nanoseconds) into its sample buffer, reports the frame, and
  /// marks the scene at rest once its animator has settled.
  private static func sample<Sink: ReplaySink>(
    _ scene: inout SceneReplay, scene id: SceneID, at time: UInt64, eventIndex: Int, into sink: inout Sink
  ) {
    let settled = sample(scene.animator, at: time, into: &scene.sampleBuffer)
    sink.receive(
      .frame(
        FrameSample(
          scene: id, time: time, eventIndex: eventIndex, elements: scene.sampleBuffer, isSettled: settled,
          reduceMotion: scene.reduceMotion, isInteractivelyResizing: scene.isInteractivelyResizing)))
    if settled { scene.isAnimating = false }
  }

  /// Fills `buffer` with `animator`'s presentations at `time` (nanoseconds) and tells whether it has
  /// settled. Generic, so a scene's animator existential is opened once per sample.
  private static func sample<Animator: PlanAnimating>(
    _ animator: Animator, at time: UInt64, into buffer: inout [ElementPresentation]
  ) -> Bool {
    let settled = animator.isSettled(at: time)
    animator.presentations(at: time, into: &buffer)
    return settled
  }

  /// True when some scene moves. Reads the flag in place through the indices: iterating the scenes
  /// would hand over a copy of each (animator and scroll state) to read one Bool.
  var isAnyAnimating: Bool { state.scenes.indices.contains { state.scenes[$0].derived.isAnimating } }
}
