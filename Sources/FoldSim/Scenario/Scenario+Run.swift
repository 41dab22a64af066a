import FoldTrace

extension Scenario {
  /// The latest time a step may start, in nanoseconds: 2⁶³ (about 292 years). A step lasts at most
  /// about a day (mixed use or a wait of 86,400 s at most, other gestures 30 s), and `after` adds at
  /// most a day, so no time of a session whose steps all start by then can pass 2⁶⁴ − 1 ns, the largest
  /// time a trace holds.
  public static let latestStepStart: UInt64 = 1 << 63

  /// Events handed over at a time by ``play(_:)``.
  public static let eventBatch = 4096

  /// Plays the scenario and returns its events.
  /// - Returns: The events in time order, starting with the main scene's connection at time 0.
  /// - Throws: ``ScenarioError`` naming the step (line and field) the device cannot perform, a step
  ///   whose `at` comes before the previous gesture ends, or one that starts after
  ///   ``latestStepStart``.
  /// - Complexity: O(events), all held in memory; ``play(_:)`` streams them instead.
  public func events() throws(ScenarioError) -> [TraceEvent] {
    var all: [TraceEvent] = []
    try play { batch in
      all.append(contentsOf: batch)
      return true
    }
    return all
  }

  /// Plays the scenario, handing its events to `deliver` in time order, in batches of about
  /// ``eventBatch`` events as they are synthesized, so memory stays bounded by a batch and the
  /// simulated system's state however long the session (nine simulated days included).
  ///
  /// - Parameter deliver: Takes the next events, in time order; returns false to stop playing (the
  ///   caller could not store them).
  /// - Returns: False when `deliver` stopped the play, true when every event was delivered.
  /// - Throws: As ``events()``; the events before the failing step have been delivered.
  /// - Complexity: O(events) time; O(``eventBatch``) events in memory.
  @discardableResult
  public func play(_ deliver: ([TraceEvent]) -> Bool) throws(ScenarioError) -> Bool {
    var synthesizer = SessionSynthesizer(model: try initialModel(), seed: seed)
    var going = true
    for step in steps {
      let start: UInt64
      if let at = step.at {
        start = SessionSynthesizer.nanoseconds(at)
        if start < synthesizer.now {
          throw error(
            step, field: "at",
            "starts at \(at) s, before the previous gesture ends at \(Double(synthesizer.now) / 1e9) s")
        }
      } else {
        // A parsed `after` is at most a day, and `now` at most latestStepStart plus a step; steps built
        // in code may say anything, so the sum saturates and is refused below.
        start = SessionSynthesizer.later(synthesizer.now, by: SessionSynthesizer.nanoseconds(step.after))
      }
      guard start <= Self.latestStepStart else {
        throw error(
          step, field: step.at == nil ? "after" : "at",
          "starts at \(start == .max ? "2^64 ns or later" : "\(Double(start) / 1e9) s"), past 2^63 ns (about 292 years), the latest start the "
            + "trace's nanosecond clock leaves room for")
      }
      do {
        if let label = step.label {
          try synthesizer.perform(.marker(label), at: start)
        }
        try synthesizer.perform(step.gesture, at: start) { events in
          guard events.count >= Self.eventBatch else { return true }
          going = deliver(events)
          events.removeAll(keepingCapacity: true)
          return going
        }
      } catch let failure {
        throw error(step, field: "gesture", failure.message)
      }
      guard going else { return false }
      if synthesizer.events.count >= Self.eventBatch {
        guard deliver(synthesizer.takeEvents()) else { return false }
      }
    }
    let rest = synthesizer.takeEvents()
    return rest.isEmpty || deliver(rest)
  }

  /// The system at time 0, as ``start`` describes it.
  func initialModel() throws(ScenarioError) -> SystemModel {
    let orientation = start.orientation ?? profile.initialOrientation
    let arrangement: Arrangement?
    switch start.mode {
    case .automatic: arrangement = nil
    case .full: arrangement = .full
    case .window(let size):
      guard let window = profile.window else { throw startError("mode", "\(profile.name) has no windows") }
      arrangement = .window(size ?? window.initialSize.value)
    case .split(let side, let width):
      guard profile.multitasking != nil else { throw startError("mode", "\(profile.name) has no Split View") }
      let display: DisplaySpec
      if let hinge = profile.hinge, let secondary = profile.secondary {
        guard (start.hinge ?? 0) >= hinge.handoverOpening.value else {
          throw startError("mode", "Split View needs the internal display: set \"hinge\" to 180")
        }
        display = secondary
      } else {
        display = profile.primary
      }
      arrangement = .split(
        side: side, width: profile.splitWidth(width, orientation: orientation, display: display))
    case .slideOver:
      guard profile.multitasking?.slideOverWidth != nil else {
        throw startError("mode", "\(profile.name) has no Slide Over")
      }
      arrangement = .slideOver
    }
    if start.hinge != nil, profile.hinge == nil { throw startError("hinge", "\(profile.name) has no hinge") }
    if start.pip, profile.pip == nil {
      throw startError("pip", "\(profile.name) has no PiP pinned at the top")
    }
    return SystemModel(
      profile: profile, orientation: orientation, hingeAngle: start.hinge, arrangement: arrangement,
      traits: start.traits, cameraActive: start.camera, pinnedPiP: start.pip)
  }

  func error(_ step: Step, field: String, _ message: String) -> ScenarioError {
    ScenarioError(
      file: file, line: step.line, column: step.column, field: "timeline[\(step.index)].\(field)",
      message: message)
  }

  func startError(_ field: String, _ message: String) -> ScenarioError {
    ScenarioError(file: file, line: startLine, column: 1, field: "start.\(field)", message: message)
  }
}
