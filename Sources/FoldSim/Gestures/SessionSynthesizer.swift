import FoldTrace

/// Plays gestures against a ``SystemModel`` and collects the events a recorder on the device would have
/// written.
///
/// Continuous gestures (hinge, edge drags, dividers, PiP, scrolls) are sampled at 120 Hz with seeded
/// frame-time jitter and follow a minimum-jerk profile; discrete ones (rotation, Split View entry, traits)
/// publish once. Idle time produces no events, so long sessions stay small.
public struct SessionSynthesizer: Sendable {
  /// The simulated system; its ``SystemModel/events`` are the session so far.
  public internal(set) var model: SystemModel
  /// The session's random source.
  public var random: SplitMix64
  /// The 120 Hz sample clock.
  public var clock: FrameClock
  /// The end of the last gesture, in nanoseconds.
  public internal(set) var now: UInt64 = 0

  /// Height of one list row in the simulated app's content, in points (an assumption: a two-line
  /// `List` row). Scroll anchors are `"item-N"` for the row at the top of the viewport.
  public static let rowHeight = 88.0

  /// Rows in the simulated app's content: the reference screen's record list, `item-0` through
  /// `item-399`. Mixed use scrolls within them (an explicit scroll in a scenario may go past).
  public static let contentItems = 400

  /// Creates a synthesizer.
  /// - Parameters:
  ///   - model: The system in its initial state (its main scene already connected at time 0).
  ///   - seed: The seed for every random draw.
  ///   - clock: The sample clock.
  public init(model: SystemModel, seed: UInt64, clock: FrameClock = FrameClock()) {
    self.model = model
    self.random = SplitMix64(seed: seed)
    self.clock = clock
  }

  /// The events published and not yet taken (all of them unless ``takeEvents()`` or a drain took some).
  public var events: [TraceEvent] { model.events }

  /// Hands the events published so far to a caller that streams them, during a long gesture. It may
  /// take them (leave the array empty); it returns false to stop the gesture early.
  public typealias EventDrain = (inout [TraceEvent]) -> Bool

  /// Removes and returns the events published so far, so a caller streaming a session holds only the
  /// events since its last call.
  ///
  /// - Complexity: O(1): the array is handed over.
  public mutating func takeEvents() -> [TraceEvent] {
    var taken: [TraceEvent] = []
    swap(&taken, &model.events)
    return taken
  }

  /// Performs a gesture starting at `start`.
  /// - Parameters:
  ///   - gesture: What to do.
  ///   - start: When it starts, in nanoseconds; at least ``now``.
  /// - Throws: ``SimulationError`` when the device cannot do it now.
  public mutating func perform(_ gesture: Gesture, at start: UInt64) throws(SimulationError) {
    try perform(gesture, at: start, draining: { _ in true })
  }

  /// Performs a gesture starting at `start`, handing the events published so far to `drain` between the
  /// parts of a long one — the legs of a hinge gesture (up to ``Scenario/maxWaypoints`` + 1 of them), the
  /// gestures of mixed use (which lasts up to a day) — so a caller that streams them holds at most one
  /// part's events however long the gesture.
  /// - Parameters:
  ///   - gesture: What to do.
  ///   - start: When it starts, in nanoseconds; at least ``now``.
  ///   - drain: Takes events as they are published; returns false to stop the gesture early.
  /// - Throws: ``SimulationError`` when the device cannot do it now.
  public mutating func perform(_ gesture: Gesture, at start: UInt64, draining drain: EventDrain)
    throws(SimulationError)
  {
    now = max(now, start)
    switch gesture {
    case .hinge(let to, let via, let duration, let pause, let reverseAt):
      if let reverseAt, let current = model.hingeAngle {
        let turn = (current + (to - current) * min(1, max(0, reverseAt))).rounded()
        try hinge(to: current, via: via + [turn], duration: duration, pause: pause, draining: drain)
      } else {
        try hinge(to: to, via: via, duration: duration, pause: pause, draining: drain)
      }
    case .rotate(let to): try rotate(to: to)
    case .resize(let size, let duration): try resize(to: size, duration: duration)
    case .splitView(let action): try splitView(action)
    case .slideOver(let enter): try slideOver(enter: enter)
    case .window(let enter, let size): try window(enter: enter, size: size)
    case .pip(let action): try pip(action)
    case .camera(let on): try camera(on: on)
    case .liveActivity(let on): try liveActivity(on: on)
    case .traits(let change): traits(change)
    case .secondScene(let connect): try secondScene(connect: connect)
    case .scroll(let target, let duration, let second):
      try scroll(target, duration: duration, second: second)
    case .select(let item, let second): try select(item: item, second: second)
    case .marker(let label): model.record(.marker(label), at: now)
    case .wait(let seconds): now = Self.later(now, by: Self.nanoseconds(seconds))
    case .mixedUse(let seconds):
      mixedUse(until: Self.later(now, by: Self.nanoseconds(seconds)), draining: drain)
    }
  }

  /// Seconds to nanoseconds, rounded; negative or NaN is 0, and 2⁶⁴ ns (about 584 years) or more
  /// saturates at `UInt64.max` instead of trapping.
  public static func nanoseconds(_ seconds: Double) -> UInt64 {
    let value = (max(0, seconds) * 1e9).rounded()
    return value < 0x1p64 ? UInt64(value) : .max
  }

  /// `a + b` in nanoseconds, saturating at `UInt64.max` (a scenario refuses steps long before).
  static func later(_ a: UInt64, by b: UInt64) -> UInt64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  /// A human duration: `given` when set, else a seeded draw from `range` (seconds), in nanoseconds.
  mutating func humanDuration(_ given: Double?, _ range: ClosedRange<Double> = 0.3...0.9) -> UInt64 {
    Self.nanoseconds(given ?? random.uniform(range))
  }

  /// Runs a continuous movement: calls `apply` with the minimum-jerk progress (0…1) at each 120 Hz
  /// sample after the start, then advances ``now`` to the end.
  mutating func animate(duration: UInt64, _ apply: (inout SystemModel, Double, UInt64) -> Void) {
    let start = now
    let times = clock.samples(start: start, duration: duration, random: &random)
    for time in times.dropFirst() {
      let tau = Double(time - start) / Double(duration)
      apply(&model, MinimumJerk.progress(tau), time)
    }
    now = start + duration
  }

  /// Moves the hinge through `via` to `to`, one minimum-jerk leg per waypoint, with `pause` seconds of
  /// rest between legs. The total `duration` is shared among legs by angular distance; a leg lasts at
  /// least one 120 Hz frame.
  ///
  /// Each leg's events are handed to `drain` when the leg ends: a leg that crosses the Duo's handover
  /// publishes a dozen events (a scene leaves, another connects with its geometry, regions and traits),
  /// so a gesture through many waypoints held about 1.2 KB per leg until it ended.
  /// - Parameters:
  ///   - to: The final angle, in degrees (0…180).
  ///   - via: The angles passed on the way, in degrees (0…180), in order.
  ///   - duration: The whole movement's time in seconds, pauses excluded; drawn from the seed when nil.
  ///   - pause: The rest between legs, in seconds.
  ///   - drain: Takes the events published so far after each leg; returns false to stop the gesture.
  /// - Throws: ``SimulationError`` on a device without a hinge or for an angle outside 0…180°, before
  ///   any event is published.
  /// - Complexity: O(legs + samples) time; O(legs) memory for the legs, O(one leg's samples) for the
  ///   events a draining caller holds.
  mutating func hinge(
    to: Double, via: [Double], duration: Double?, pause: Double, draining drain: EventDrain = { _ in true }
  ) throws(SimulationError) {
    guard model.profile.hinge != nil, let current = model.hingeAngle else {
      throw SimulationError("\(model.profile.name) has no hinge")
    }
    for angle in via + [to] where !(0...180).contains(angle) {
      throw SimulationError("hinge angle \(angle)° is outside 0…180°")
    }
    let points = [current] + via + [to]
    let legs = zip(points, points.dropFirst()).filter { $0.0 != $0.1 }
    let distance = legs.reduce(0) { $0 + abs($1.1 - $1.0) }
    guard distance > 0 else { return }
    let total = Double(humanDuration(duration))
    for (index, leg) in legs.enumerated() {
      if index > 0 { now = Self.later(now, by: Self.nanoseconds(pause)) }
      let legDuration = max(FrameClock.frameInterval, UInt64(total * abs(leg.1 - leg.0) / distance))
      let motion = MinimumJerk(from: leg.0, to: leg.1)
      animate(duration: legDuration) { model, progress, time in
        model.setHinge(motion.from + (motion.to - motion.from) * progress, at: time)
      }
      guard drain(&model.events) else { return }
    }
  }
}
