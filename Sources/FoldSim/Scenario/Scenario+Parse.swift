import FoldTrace

extension Scenario {
  /// Reads a scenario from JSON text.
  ///
  /// ```json
  /// { "device": "iphone-duo", "seed": 7, "app": "Mail",
  ///   "start": { "orientation": "portrait", "hinge": 0 },
  ///   "timeline": [ { "gesture": "open", "at": 1.0, "duration": 0.7 },
  ///                 { "gesture": "scroll", "to": "item-42" } ] }
  /// ```
  /// - Parameters:
  ///   - text: The JSON document.
  ///   - file: The file name used in errors.
  /// - Returns: The scenario, validated against the device's profile and the gesture specs.
  /// - Throws: ``ScenarioError`` naming the line, column and field of the first problem.
  public static func parse(_ text: String, file: String = "<scenario>") throws(ScenarioError) -> Scenario {
    try parse(utf8: Array(text.utf8), file: file)
  }

  /// Reads a scenario from its JSON text's UTF-8 bytes, as ``parse(_:file:)`` reads the text; the bytes
  /// are kept while the scenario is read, not copied.
  ///
  /// - Complexity: O(n) in the text's length; the parsed text costs at most 4 bytes of memory per byte
  ///   of text (8 per value or key, 4 per line), besides the bytes themselves.
  package static func parse(utf8 bytes: [UInt8], file: String) throws(ScenarioError) -> Scenario {
    let root = try ScenarioField.root(utf8: bytes, file: file)
    let fields = try root.members(allowed: [
      "device", "seed", "app", "description", "start", "timeline", "appOutput",
    ])
    func required(_ key: String) throws(ScenarioError) -> ScenarioField {
      guard let field = fields[key] else { throw root.error("missing required key \"\(key)\"") }
      return field
    }
    let deviceField = try required("device")
    let id = try deviceField.string()
    guard let profile = DeviceProfile.named(id) else {
      throw deviceField.error(
        "unknown device \"\(JSONValue.excerpt(id))\"; expected one of: \(DeviceProfile.all.map(\.id).joined(separator: ", "))"
      )
    }
    var scenario = Scenario(
      file: file, profile: profile, seed: try required("seed").uint64(),
      app: try fields["app"]?.string() ?? defaultApp, steps: [])
    try fields["description"]?.requireString()
    if let start = fields["start"] {
      scenario.start = try parseStart(start)
      scenario.startLine = start.line
    }
    if let appOutput = fields["appOutput"] { scenario.appOutput = try AppOutputSpec.parse(appOutput) }
    let timeline = try required("timeline").array()
    // Counted first (a walk over the tape, no allocation), so the steps take one allocation of their
    // final size rather than a doubling array's twice that; at most `maxSteps`, which bounds it.
    scenario.steps.reserveCapacity(min(timeline.underestimatedCount, maxSteps))
    for (index, field) in timeline.enumerated() {
      guard index < maxSteps else {
        throw field.error("a timeline holds at most \(maxSteps) steps (a step may be a whole mixedUse day)")
      }
      scenario.steps.append(try parseStep(field, index: index))
    }
    return scenario
  }

  /// The most steps a timeline holds: 100 000, far past any real session (an 8 000-step timeline is half
  /// a megabyte of text; one `mixedUse` step simulates days), and a bound on the parsed steps' memory
  /// (about 140 bytes each).
  public static let maxSteps = 100_000

  /// The most angles a hinge gesture's `via` holds (`open`, `close`, `fold` and `hinge`): 1000. A real
  /// fold passes through a handful (the corpus, at most two); at the longest `duration`, 30 s, 1000 legs
  /// get under four 120 Hz frames each, a hinge rattled faster than a hand moves it; and with the longest
  /// `pause`, 10 s, such a gesture still ends within three hours, well inside the day a step is assumed
  /// to last (``latestStepStart``). The bound keeps the parsed angles at 8 KB a step; the synthesizer
  /// hands a gesture's events over leg by leg, so it is not what bounds their memory.
  public static let maxWaypoints = 1000

  static let orientations: [(String, Orientation)] = [("portrait", .portrait), ("landscape", .landscape)]
  static let sides: [(String, PhysicalEdge)] = [("left", .left), ("right", .right)]
  static let directions: [(String, UserInterfaceLayoutDirection)] = [
    ("ltr", .leftToRight), ("rtl", .rightToLeft),
  ]
  static let categories = ContentSizeCategory.allCases.map { ($0.rawValue, $0) }

  static func splitWidth(_ field: ScenarioField) throws(ScenarioError) -> Gesture.SplitWidth {
    if field.kind == .number { return .points(try field.number(100...2000, unit: "points")) }
    return try field.choice([("oneThird", .oneThird), ("half", .half), ("twoThirds", .twoThirds)])
  }

  static func parseStart(_ field: ScenarioField) throws(ScenarioError) -> Start {
    let f = try field.members(allowed: [
      "orientation", "hinge", "mode", "size", "side", "width", "dynamicType", "reduceMotion", "crossFade",
      "reduceTransparency", "direction", "camera", "pip",
    ])
    var start = Start()
    start.orientation = try f["orientation"]?.choice(orientations)
    start.hinge = try f["hinge"]?.number(0...180, unit: "degrees")
    let size = try f["size"]?.size()
    let side = try f["side"]?.choice(sides) ?? .left
    let width = try f["width"].map { (w) throws(ScenarioError) in try splitWidth(w) } ?? .half
    if let mode = f["mode"] {
      switch try mode.choice([("full", 0), ("window", 1), ("splitView", 2), ("slideOver", 3)]) {
      case 0: start.mode = .full
      case 1: start.mode = .window(size)
      case 2: start.mode = .split(side: side, width: width)
      default: start.mode = .slideOver
      }
    }
    if let d = f["dynamicType"] { start.traits.contentSizeCategory = try d.choice(categories) }
    if let r = f["reduceMotion"] { start.traits.reduceMotion = try r.bool() }
    if let c = f["crossFade"] { start.traits.prefersCrossFade = try c.bool() }
    if let r = f["reduceTransparency"] { start.traits.reduceTransparency = try r.bool() }
    if let d = f["direction"] { start.traits.layoutDirection = try d.choice(directions) }
    start.camera = try f["camera"]?.bool() ?? false
    start.pip = try f["pip"]?.bool() ?? false
    return start
  }
}
