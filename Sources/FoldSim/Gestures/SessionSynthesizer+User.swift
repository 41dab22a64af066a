import FoldTrace

extension SessionSynthesizer {
  /// Turns the internal camera on or off: its occlusion region becomes active or inactive.
  mutating func camera(on: Bool) throws(SimulationError) {
    let displays = [model.profile.primary] + (model.profile.secondary.map { [$0] } ?? [])
    guard displays.contains(where: { $0.camera.map { !$0.alwaysActive } ?? false }) else {
      throw SimulationError("\(model.profile.name) has no camera that turns on and off")
    }
    model.cameraActive = on
    model.publish(at: now)
  }

  /// Starts or ends a Live Activity: the Dynamic Island's occlusion grows or shrinks back.
  mutating func liveActivity(on: Bool) throws(SimulationError) {
    let displays = [model.profile.primary] + (model.profile.secondary.map { [$0] } ?? [])
    guard displays.contains(where: { $0.camera?.liveActivityFrame != nil }) else {
      throw SimulationError("\(model.profile.name) has no Dynamic Island that grows for Live Activities")
    }
    model.liveActivity = on
    model.publish(at: now)
  }

  /// Changes a device-wide trait; every connected scene reports it.
  mutating func traits(_ change: Gesture.TraitChange) {
    switch change {
    case .dynamicType(let size): model.traits.contentSizeCategory = size
    case .reduceMotion(let on): model.traits.reduceMotion = on
    case .crossFade(let on): model.traits.prefersCrossFade = on
    case .reduceTransparency(let on): model.traits.reduceTransparency = on
    case .direction(let direction): model.traits.layoutDirection = direction
    }
    model.publish(at: now)
  }

  /// Connects or disconnects the second scene.
  mutating func secondScene(connect: Bool) throws(SimulationError) {
    if connect {
      if model.secondScene != nil { throw SimulationError("a second scene is already connected") }
      guard model.connectSecondScene(at: now) != nil else {
        throw SimulationError(
          "\(model.profile.name) cannot show a second scene now"
            + (model.profile.secondary != nil ? " (open it first)" : ""))
      }
    } else {
      guard model.secondScene != nil else { throw SimulationError("no second scene is connected") }
      model.disconnectSecondScene(at: now)
    }
  }

  /// The scene a user gesture goes to.
  func userScene(second: Bool) throws(SimulationError) -> SceneID {
    if second {
      guard let scene = model.secondScene else { throw SimulationError("no second scene is connected") }
      return scene
    }
    return model.mainScene
  }

  /// The anchor item at a content offset: the row at the top of the viewport.
  public static func anchor(at offset: Double) -> String {
    "item-\(Int((max(0, offset) / rowHeight).rounded(.down)))"
  }

  /// Scrolls a scene with a minimum-jerk fling, one scroll event per 120 Hz frame.
  mutating func scroll(_ target: Gesture.ScrollTarget, duration: Double?, second: Bool)
    throws(SimulationError)
  {
    let scene = try userScene(second: second)
    let from = second ? model.secondScrollOffset : model.scrollOffset
    let to: Double
    switch target {
    case .item(let index): to = Double(max(0, index)) * Self.rowHeight
    case .by(let points): to = max(0, from + points)
    }
    guard to != from else { return }
    animate(duration: humanDuration(duration)) { model, p, time in
      let offset = model.pixelAligned(from + (to - from) * p)
      guard offset != (second ? model.secondScrollOffset : model.scrollOffset) else { return }
      if second { model.secondScrollOffset = offset } else { model.scrollOffset = offset }
      model.record(
        .scroll(scene: scene, offset: TracePoint(x: 0, y: offset), anchor: Self.anchor(at: offset)),
        at: time)
    }
  }

  /// Selects an item or clears the selection.
  mutating func select(item: String?, second: Bool) throws(SimulationError) {
    let scene = try userScene(second: second)
    model.record(.selection(scene: scene, item: item), at: now)
  }
}
