extension SessionRecorder {
  /// Records that a scene connected, numbering it from its UIKit identifier.
  ///
  /// - Parameters:
  ///   - identifier: The scene session's `persistentIdentifier`.
  ///   - display: The display the scene is on.
  ///   - scale: The display scale, in pixels per point (for example 3.0).
  /// - Returns: The scene's number in the trace; the same identifier always gets the same number.
  /// - Throws: As ``record(_:)``.
  @discardableResult
  public func connectScene(_ identifier: String, display: DisplayRole, scale: Double) throws -> SceneID {
    try RecordValidation.check(.sceneConnected(scene: SceneID(0), display: display, scale: scale))
    let now = clock.now()
    let (scene, wake) = try state.withLock { state throws in
      if state.closed { throw SessionRecorderError.closed }
      let scene = state.scenes.id(for: identifier).id
      let result = try enqueue(
        .sceneConnected(scene: scene, display: display, scale: scale), at: now, into: &state)
      return (scene, result.wake)
    }
    if wake { wakeup.signal() }
    return scene
  }

  /// Records that a scene disconnected.
  ///
  /// - Parameter identifier: The scene session's `persistentIdentifier`.
  /// - Throws: ``SessionRecorderError/unknownScene(_:)`` for an identifier never connected, or as
  ///   ``record(_:)``.
  public func disconnectScene(_ identifier: String) throws {
    try record(.sceneDisconnected(scene: try scene(identifier)))
  }

  /// The trace's number for a connected scene.
  ///
  /// - Parameter identifier: The scene session's `persistentIdentifier`.
  /// - Returns: The number ``connectScene(_:display:scale:)`` gave it.
  /// - Throws: ``SessionRecorderError/unknownScene(_:)`` when the scene never connected.
  public func scene(_ identifier: String) throws -> SceneID {
    guard let scene = state.withLock({ $0.scenes[identifier] }) else {
      throw SessionRecorderError.unknownScene(identifier)
    }
    return scene
  }
}
