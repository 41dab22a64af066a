import FoldTrace

extension SystemModel {
  /// Appends the events for everything that changed since the last publish: the hinge first, then each
  /// connected scene's geometry, reserved regions and traits, in scene order.
  /// - Parameter time: The trace time, in nanoseconds.
  /// - Complexity: O(scenes + regions).
  public mutating func publish(at time: UInt64) {
    if let hingeAngle, let status = hingeStatus {
      let state = HingeState(status: status, angle: (hingeAngle * 10).rounded() / 10)
      if state != lastHinge {
        lastHinge = state
        events.append(TraceEvent(time: time, .hinge(state)))
      }
    }
    for scene in connected.keys.sorted() {
      let report = scene == mainScene ? mainReport() : secondReport(role: connected[scene]!)
      if lastGeometry[scene] != report.geometry {
        lastGeometry[scene] = report.geometry
        events.append(TraceEvent(time: time, .geometry(scene: scene, report.geometry)))
      }
      if let regions = report.regions, lastRegions[scene] != regions {
        lastRegions[scene] = regions
        events.append(TraceEvent(time: time, .regions(scene: scene, regions)))
      }
      if lastTraits[scene] != traits {
        lastTraits[scene] = traits
        events.append(TraceEvent(time: time, .traits(scene: scene, traits)))
      }
    }
  }

  /// Moves the hinge to `angle` degrees and hands the app between displays when it crosses the
  /// profile's handover angles, then publishes.
  ///
  /// Opening past ``HingeSpec/handoverOpening`` disconnects the external scene and connects a new scene on
  /// the internal display (rotated: external portrait opens to internal landscape, a book); closing below
  /// ``HingeSpec/handoverClosing`` does the reverse. A second scene, Split View and PiP end with the
  /// display they were on (LayoutCore's LayoutRules, "iPhone Duo": Split View collapses to one window on
  /// the external display).
  /// - Parameters:
  ///   - angle: The new angle in degrees, clamped to 0…180.
  ///   - time: The trace time, in nanoseconds.
  public mutating func setHinge(_ angle: Double, at time: UInt64) {
    guard let hinge = profile.hinge else { return }
    hingeAngle = min(180, max(0, angle))
    if !onSecondary, hingeAngle! >= hinge.handoverOpening.value {
      handover(toSecondary: true, at: time)
    } else if onSecondary, hingeAngle! < hinge.handoverClosing.value {
      handover(toSecondary: false, at: time)
    }
    publish(at: time)
  }

  /// Moves the main scene to the other display: by the profile's ``HandoverStyle``, disconnect and
  /// connect a new scene there, or keep the scene and let the next publish report the new geometry.
  mutating func handover(toSecondary: Bool, at time: UInt64) {
    if let second = secondScene {
      disconnect(second, at: time)
      secondScene = nil
    }
    let reconnect = profile.hinge?.handover.value != .sameScene
    if reconnect {
      publish(at: time)
      disconnect(mainScene, at: time)
    }
    onSecondary = toSecondary
    orientation = orientation.rotated
    if case .split = arrangement { arrangement = .full }
    if !toSecondary { pipHeight = nil }
    if reconnect {
      mainScene = connect(role: mainRole, at: time)
    } else {
      connected[mainScene] = mainRole
    }
  }

  /// Connects a second scene: on the other display of a two-display device, else as a second window.
  /// - Returns: The new scene, or nil when the device cannot show one now (a Duo that is shut, a phone).
  @discardableResult
  public mutating func connectSecondScene(at time: UInt64) -> SceneID? {
    guard secondScene == nil else { return nil }
    let role: DisplayRole
    if let secondary = profile.secondary {
      guard onSecondary else { return nil }
      role = secondary.role == .internal ? profile.primary.role : secondary.role
    } else if let window = profile.window {
      role = window.role
    } else {
      return nil
    }
    secondScene = connect(role: role, at: time)
    publish(at: time)
    return secondScene
  }

  /// Disconnects the second scene, if any.
  public mutating func disconnectSecondScene(at time: UInt64) {
    guard let second = secondScene else { return }
    disconnect(second, at: time)
    secondScene = nil
    secondScrollOffset = 0
  }
}
