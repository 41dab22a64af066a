import FoldTrace

/// A session to synthesize: a device, a seed, a starting state and a timeline of gestures.
///
/// Read one from JSON with ``Scenario/parse(_:file:)``; play it with ``Scenario/events()``. The same
/// scenario always gives the same events (and, through `TraceWriter`, the same bytes).
public struct Scenario: Sendable {
  /// The scenario's file name, used in errors.
  public var file: String
  /// The device.
  public var profile: DeviceProfile
  /// The seed of every random draw.
  public var seed: UInt64
  /// The trace header's app label.
  public var app: String
  /// The state at time 0.
  public var start: Start
  /// The gestures, in time order.
  public var steps: [Step]
  /// 1-based line of the `start` object, for errors about the starting state.
  public var startLine = 1
  /// The app's recorded output to synthesize too (`appOutput`), if asked: FoldSimApp plays it.
  public var appOutput: AppOutputSpec?

  /// The state when the session starts.
  public struct Start: Sendable {
    /// The active display's orientation; the profile's when nil.
    public var orientation: Orientation?
    /// The hinge angle in degrees on a foldable; 0 (shut) when nil.
    public var hinge: Double?
    /// How the app sits on its display.
    public var mode: Mode = .automatic
    /// The traits every scene starts with.
    public var traits = SceneTraits()
    /// Whether the internal camera starts on.
    public var camera = false
    /// Whether a PiP video starts pinned at the top.
    public var pip = false

    /// Creates the default start.
    public init() {}
  }

  /// How the app sits on its display at the start.
  public enum Mode: Sendable, Equatable {
    /// Full screen, or the profile's initial window on window-only devices.
    case automatic
    /// Full screen.
    case full
    /// A free-form window (the profile's initial size when nil), in points.
    case window(TraceSize?)
    /// A Split View pane.
    case split(side: PhysicalEdge, width: Gesture.SplitWidth)
    /// Slide Over.
    case slideOver
  }

  /// One timeline step and where it came from.
  public struct Step: Sendable {
    /// The gesture.
    public var gesture: Gesture
    /// Start time in seconds from the session start, if given.
    public var at: Double?
    /// Pause in seconds after the previous gesture when ``at`` is nil.
    public var after: Double
    /// A marker to write when the step starts.
    public var label: String?
    /// The step's index in `timeline`.
    public var index: Int
    /// 1-based line of the step's object.
    public var line: Int
    /// 1-based column of the step's object.
    public var column: Int

    /// Creates a step.
    public init(
      gesture: Gesture, at: Double? = nil, after: Double = 0.5, label: String? = nil, index: Int = 0,
      line: Int = 0, column: Int = 0
    ) {
      self.gesture = gesture
      self.at = at
      self.after = after
      self.label = label
      self.index = index
      self.line = line
      self.column = column
    }
  }

  /// Creates a scenario.
  public init(
    file: String = "<scenario>", profile: DeviceProfile, seed: UInt64, app: String = Scenario.defaultApp,
    start: Start = Start(), steps: [Step]
  ) {
    self.file = file
    self.profile = profile
    self.seed = seed
    self.app = app
    self.start = start
    self.steps = steps
  }

  /// The app label when a scenario gives none.
  public static let defaultApp = "FoldSim reference app"

  /// The trace header FoldSim writes: format 1.0 for the session's inputs alone, 1.1 when the scenario
  /// asks for the app's output too (``appOutput``); the profile's name, the app label and
  /// `foldsim VERSION`; no wall clock, so traces stay byte-identical.
  public var header: TraceHeader {
    TraceHeader(
      version: appOutput == nil ? .v1_0 : .v1_1, device: profile.name, app: app,
      recorder: "foldsim \(FoldSim.version)")
  }
}
