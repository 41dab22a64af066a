/// The description of one scenario gesture: its name, what it does, and its parameters. `foldsim list`
/// prints these, and the scenario parser refuses keys that are not in them.
public struct GestureSpec: Sendable {
  /// A gesture parameter.
  public struct Parameter: Sendable {
    /// The JSON key.
    public var name: String
    /// The value's type and unit, for example `"seconds"`, `"[width, height] points"`.
    public var type: String
    /// True when the step must give it.
    public var required: Bool
    /// What it does, and its default when optional.
    public var summary: String

    /// Creates a parameter.
    public init(_ name: String, _ type: String, required: Bool = false, _ summary: String) {
      self.name = name
      self.type = type
      self.required = required
      self.summary = summary
    }
  }

  /// The `"gesture"` value.
  public var name: String
  /// What it does.
  public var summary: String
  /// Its parameters, besides the common `at`, `after` and `label`.
  public var parameters: [Parameter]

  /// Creates a spec.
  public init(_ name: String, _ summary: String, _ parameters: [Parameter] = []) {
    self.name = name
    self.summary = summary
    self.parameters = parameters
  }

  /// Keys every step may carry.
  public static let common: [Parameter] = [
    Parameter("gesture", "string", required: true, "the gesture's name"),
    Parameter("at", "seconds", "start time from session start; default: previous end + `after`"),
    Parameter("after", "seconds", "pause after the previous gesture when `at` is absent; default 0.5"),
    Parameter("label", "string", "emit a marker with this label when the step starts"),
  ]

  static let duration = Parameter(
    "duration", "seconds", "movement time; default drawn from the seed (0.3–0.9)")
  static let hingePath: [Parameter] = [
    duration,
    Parameter(
      "via", "[degrees]", "intermediate angles (at most 1000), each reached with its own minimum-jerk leg"),
    Parameter("pause", "seconds", "rest between legs; default 0"),
    Parameter("reverseAt", "0…1", "give up at this fraction of the way and return to the start angle"),
  ]
  static let scene = Parameter("scene", "\"main\" | \"second\"", "which scene; default main")

  /// Every gesture a scenario can use, in the order `foldsim list` prints them.
  public static let all: [GestureSpec] = [
    GestureSpec("open", "unfold the hinge to 180° (hands a Duo from external to internal)", hingePath),
    GestureSpec("close", "fold the hinge shut (hands a Duo back to its external display)", hingePath),
    GestureSpec(
      "fold", "partially fold (book in landscape, tabletop in portrait)",
      [Parameter("angle", "degrees", "target angle; default 110")] + hingePath),
    GestureSpec(
      "hinge", "move the hinge to any angle",
      [Parameter("to", "degrees", required: true, "target angle")] + hingePath),
    GestureSpec(
      "rotate", "rotate the device", [Parameter("to", "\"portrait\" | \"landscape\"", "default: the other")]),
    GestureSpec(
      "resize", "drag a window edge at 120 Hz (isInteractivelyResizing while the finger is down)",
      [
        Parameter(
          "to", "[width, height] points", required: true, "target size, clamped to the window limits"),
        duration,
      ]),
    GestureSpec(
      "splitView", "enter, resize (drag the divider) or exit Split View",
      [
        Parameter("action", "\"enter\" | \"resize\" | \"exit\"", required: true, "what to do"),
        Parameter("side", "\"left\" | \"right\"", "enter: the app's side; default left"),
        Parameter("width", "\"oneThird\" | \"half\" | \"twoThirds\" | points", "enter/resize: default half"),
        duration,
      ]),
    GestureSpec(
      "slideOver", "move the app into or out of Slide Over",
      [Parameter("action", "\"enter\" | \"exit\"", required: true, "what to do")]),
    GestureSpec(
      "window", "switch an iPad app between full screen and a free-form window",
      [
        Parameter("action", "\"enter\" | \"exit\"", required: true, "what to do"),
        Parameter("size", "[width, height] points", "enter: the window's size; default the profile's"),
      ]),
    GestureSpec(
      "pip", "pin a video at the top (the app's height follows), resize it, or unpin it",
      [
        Parameter("action", "\"pin\" | \"resize\" | \"unpin\"", required: true, "what to do"),
        Parameter("height", "points", required: false, "resize: the video's height"), duration,
      ]),
    GestureSpec(
      "camera", "turn the internal camera on or off", [Parameter("on", "bool", required: true, "on or off")]),
    GestureSpec(
      "liveActivity", "a Live Activity arrives (the Dynamic Island's occlusion grows) or ends",
      [Parameter("on", "bool", required: true, "arrives or ends")]),
    GestureSpec(
      "dynamicType", "change the Dynamic Type size",
      [
        Parameter(
          "size", "content size category", required: true, "e.g. \"accessibilityExtraExtraExtraLarge\"")
      ]),
    GestureSpec(
      "reduceMotion", "turn Reduce Motion on or off", [Parameter("on", "bool", required: true, "on or off")]),
    GestureSpec(
      "crossFade", "turn Prefer Cross-Fade Transitions on or off",
      [Parameter("on", "bool", required: true, "on or off")]),
    GestureSpec(
      "reduceTransparency", "turn Reduce Transparency on or off",
      [Parameter("on", "bool", required: true, "on or off")]),
    GestureSpec(
      "direction", "change the layout direction",
      [Parameter("to", "\"ltr\" | \"rtl\"", required: true, "direction")]),
    GestureSpec(
      "secondScene", "connect a second scene on the other display (or a second window), or disconnect it",
      [Parameter("action", "\"connect\" | \"disconnect\"", required: true, "what to do")]),
    GestureSpec(
      "scroll", "scroll with a minimum-jerk fling, one event per 120 Hz frame",
      [
        Parameter("to", "\"item-N\"", "bring item N to the top"),
        Parameter("by", "points", "scroll by a distance (positive: down); give `to` or `by`"), duration,
        scene,
      ]),
    GestureSpec(
      "select", "select an item or clear the selection",
      [Parameter("item", "\"item-N\" | null", required: true, "the item"), scene]),
    GestureSpec(
      "marker", "write a marker", [Parameter("text", "string", required: true, "the marker's label")]),
    GestureSpec("wait", "do nothing", [Parameter("duration", "seconds", required: true, "how long")]),
    GestureSpec(
      "mixedUse", "seeded mixed use: what the device allows, with reading pauses",
      [Parameter("duration", "seconds", required: true, "how long")]),
  ]

  /// The spec named `name`, if any.
  public static func named(_ name: String) -> GestureSpec? { all.first { $0.name == name } }
}
