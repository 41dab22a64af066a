import FoldTrace

/// "The system": the state of one simulated device and what it reports to the app.
///
/// Gestures mutate the state (hinge angle, orientation, window size, Split View, PiP, camera, traits,
/// scenes) and call ``publish(at:)``, which appends the events the OS would deliver — only for what
/// changed, as `windowScene(_:didUpdateEffectiveGeometry:)` fires only on change. Size classes, safe areas,
/// bars and reserved regions come from the ``DeviceProfile``, never from LayoutCore.
public struct SystemModel: Sendable {
  /// The device.
  public let profile: DeviceProfile
  /// Orientation of the display the main scene is on.
  public var orientation: Orientation
  /// The hinge angle in degrees (0 shut, 180 flat), on a foldable.
  public var hingeAngle: Double?
  /// True while the main scene is on the profile's secondary display (the Duo's internal display).
  public var onSecondary: Bool
  /// How the main scene sits on its display.
  public var arrangement: Arrangement
  /// The pinned PiP video's height in points while flat, or nil when no video is pinned.
  public var pipHeight: Double?
  /// True while a Live Activity expands the Dynamic Island.
  public var liveActivity = false
  /// True while the internal camera is on.
  public var cameraActive: Bool
  /// True while a finger drags a window edge, a divider or the PiP boundary.
  public var isInteractivelyResizing = false
  /// The device-wide traits every scene reports.
  public var traits: SceneTraits
  /// The app's main scene.
  public internal(set) var mainScene: SceneID
  /// A second scene on the other display or a second window, if connected.
  public internal(set) var secondScene: SceneID?
  /// The main scene's vertical content offset, in points.
  public var scrollOffset: Double = 0
  /// The second scene's vertical content offset, in points.
  public var secondScrollOffset: Double = 0
  /// The events published so far, in time order.
  public internal(set) var events: [TraceEvent] = []

  var nextScene: UInt32 = 1
  var connected: [SceneID: DisplayRole] = [:]
  var lastGeometry: [SceneID: SceneGeometry] = [:]
  var lastRegions: [SceneID: [ReservedRegion]] = [:]
  var lastTraits: [SceneID: SceneTraits] = [:]
  var lastHinge: HingeState?

  /// Creates the system in its initial state and connects the main scene at time 0.
  /// - Parameters:
  ///   - profile: The device.
  ///   - orientation: The initial orientation; the profile's when nil.
  ///   - hingeAngle: The initial hinge angle in degrees on a foldable (0 when nil: shut).
  ///   - arrangement: The initial arrangement; `.window` at the profile's initial size for window-only
  ///     devices when nil, `.full` otherwise.
  ///   - traits: The initial traits.
  ///   - cameraActive: Whether the internal camera starts on.
  ///   - pinnedPiP: Whether a PiP video starts pinned at the top (at its natural height).
  public init(
    profile: DeviceProfile, orientation: Orientation? = nil, hingeAngle: Double? = nil,
    arrangement: Arrangement? = nil, traits: SceneTraits = SceneTraits(), cameraActive: Bool = false,
    pinnedPiP: Bool = false
  ) {
    self.profile = profile
    self.orientation = orientation ?? profile.initialOrientation
    self.traits = traits
    if let hinge = profile.hinge {
      let angle = hingeAngle ?? 0
      self.hingeAngle = angle
      onSecondary = angle >= hinge.handoverOpening.value
    } else {
      onSecondary = false
    }
    if let arrangement {
      self.arrangement = arrangement
    } else if let window = profile.window, window.windowOnly {
      self.arrangement = .window(window.initialSize.value)
    } else {
      self.arrangement = .full
    }
    self.cameraActive = cameraActive
    mainScene = SceneID(0)
    if pinnedPiP { pipHeight = naturalPiPHeight }
    mainScene = connect(role: mainRole, at: 0)
    publish(at: 0)
  }

  /// The display the main scene is on.
  public var activeDisplay: DisplaySpec {
    onSecondary ? (profile.secondary ?? profile.primary) : profile.primary
  }

  /// The role the main scene reports.
  public var mainRole: DisplayRole {
    if case .window = arrangement, let window = profile.window { return window.role }
    return activeDisplay.role
  }

  /// The hinge status now, on a foldable.
  public var hingeStatus: HingeStatus? {
    guard let hinge = profile.hinge, let hingeAngle else { return nil }
    return hinge.status(at: hingeAngle)
  }

  /// Rounds a length to the active display's pixel grid, as the system reports geometry.
  /// - Parameter points: A length in points.
  /// - Returns: The nearest multiple of 1/scale points.
  public func pixelAligned(_ points: Double) -> Double {
    let scale = activeDisplay.scale.value
    return (points * scale).rounded() / scale
  }

  /// Connects a scene and returns its id. Publishing its geometry is left to ``publish(at:)``.
  mutating func connect(role: DisplayRole, at time: UInt64) -> SceneID {
    let id = SceneID(nextScene)
    nextScene += 1
    connected[id] = role
    let scale = (profile.display(for: role) ?? profile.primary).scale.value
    events.append(TraceEvent(time: time, .sceneConnected(scene: id, display: role, scale: scale)))
    return id
  }

  /// Disconnects a scene.
  mutating func disconnect(_ id: SceneID, at time: UInt64) {
    connected[id] = nil
    lastGeometry[id] = nil
    lastRegions[id] = nil
    lastTraits[id] = nil
    events.append(TraceEvent(time: time, .sceneDisconnected(scene: id)))
  }

  /// Appends an app-reported event (scroll, selection, marker) at `time`.
  public mutating func record(_ payload: TraceEvent.Payload, at time: UInt64) {
    events.append(TraceEvent(time: time, payload))
  }
}
