import FoldTrace

extension Scenario {
  /// Plays the scenario and returns its events.
  /// - Returns: The events in time order, starting with the main scene's connection at time 0.
  /// - Throws: ``ScenarioError`` naming the step (line and field) the device cannot perform, or a step
  ///   whose `at` comes before the previous gesture ends.
  /// - Complexity: O(events).
  public func events() throws(ScenarioError) -> [TraceEvent] {
    var synthesizer = SessionSynthesizer(model: try initialModel(), seed: seed)
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
        start = synthesizer.now + SessionSynthesizer.nanoseconds(step.after)
      }
      do {
        if let label = step.label {
          try synthesizer.perform(.marker(label), at: start)
        }
        try synthesizer.perform(step.gesture, at: start)
      } catch let failure {
        throw error(step, field: "gesture", failure.message)
      }
    }
    return synthesizer.events
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
