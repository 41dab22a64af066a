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
    // The common event finds every scene at rest: skip the tick arithmetic. `nextTick` is then left
    // behind, which the `max` below absorbs: it never exceeds the first tick after `time`.
    guard isAnyAnimating else { return }
    defer { nextTick = configuration.firstTick(after: limit) }
    var tick = max(nextTick, configuration.firstTick(after: time))
    // The rate, not the whole configuration (existentials and all), is what the loop reads.
    let tickRate = configuration.tickRate
    let eventIndex = eventCount - 1
    // The scenes are reached through their buffer: element access through the array copied whole
    // `SceneReplay`s (animator and scroll state) several times per tick.
    scenes.withUnsafeMutableBufferPointer { scenes in
      while scenes.indices.contains(where: { scenes[$0].isAnimating }) {
        let tickTime = ReplayConfiguration.tickTime(tick, rate: tickRate)
        guard tickTime <= limit else { break }
        for index in scenes.indices where scenes[index].isAnimating {
          let scene = scenes.baseAddress! + index
          let settled = Self.sample(
            scene.pointee.animator, at: tickTime, into: &scene.pointee.sampleBuffer)
          sink.receive(
            .frame(
              FrameSample(
                scene: scene.pointee.id, time: tickTime, eventIndex: eventIndex,
                elements: scene.pointee.sampleBuffer, isSettled: settled,
                reduceMotion: scene.pointee.reduceMotion,
                isInteractivelyResizing: scene.pointee.isInteractivelyResizing)))
          if settled { scene.pointee.isAnimating = false }
        }
        // The clock saturates at 2⁶⁴ − 1 ns: there is no later tick to sample.
        if tickTime == .max { break }
        tick += 1
      }
    }
  }

  /// Fills `buffer` with `animator`'s presentations at `time` (nanoseconds) and tells whether it has
  /// settled. Generic, so a scene's animator existential is opened once per sample rather than copied
  /// for each of the two calls.
  private static func sample<Animator: PlanAnimating>(
    _ animator: Animator, at time: UInt64, into buffer: inout [ElementPresentation]
  ) -> Bool {
    let settled = animator.isSettled(at: time)
    animator.presentations(at: time, into: &buffer)
    return settled
  }

  /// True when some scene moves. Reads the flag in place: `contains(where:)` on the scenes, or a key
  /// path, hands over a copy of each whole ``SceneReplay`` (animator and scroll state) to read one Bool.
  var isAnyAnimating: Bool { scenes.indices.contains { scenes[$0].isAnimating } }
}
