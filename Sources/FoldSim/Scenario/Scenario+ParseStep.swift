import FoldTrace

extension Scenario {
  /// Reads one timeline step, checking its keys against its ``GestureSpec``.
  static func parseStep(_ field: ScenarioField, index: Int) throws(ScenarioError) -> Step {
    guard field.kind == .object else {
      throw field.error("expected a step object, found \(field.typeName)")
    }
    guard let nameField = field.member("gesture") else {
      throw field.error("missing required key \"gesture\"")
    }
    let name = try nameField.string()
    guard let spec = GestureSpec.named(name) else {
      throw nameField.error(
        "unknown gesture \"\(JSONValue.excerpt(name))\"; expected one of: \(GestureSpec.all.map(\.name).joined(separator: ", "))"
      )
    }
    let keys = (GestureSpec.common + spec.parameters).map(\.name)
    let f = try field.members(allowed: keys)
    for parameter in spec.parameters where parameter.required && f[parameter.name] == nil {
      throw field.error("gesture \"\(name)\" needs \"\(parameter.name)\" (\(parameter.type))")
    }
    var step = Step(
      gesture: .wait(0), at: try f["at"]?.number(0...86_400, unit: "seconds"),
      after: try f["after"]?.number(0...86_400, unit: "seconds") ?? 0.5, label: try f["label"]?.traceString(),
      index: index, line: field.line, column: field.column)
    step.gesture = try gesture(name, f, field)
    return step
  }

  /// Builds the gesture from its validated fields.
  static func gesture(_ name: String, _ f: [String: ScenarioField], _ step: ScenarioField)
    throws(ScenarioError)
    -> Gesture
  {
    func seconds(_ key: String, _ range: ClosedRange<Double> = 0.05...30) throws(ScenarioError) -> Double? {
      try f[key]?.number(range, unit: "seconds")
    }
    func degrees(_ key: String) throws(ScenarioError) -> Double? {
      try f[key]?.number(0...180, unit: "degrees")
    }
    func hinge(to: Double) throws(ScenarioError) -> Gesture {
      var via: [Double] = []
      if let list = f["via"] {
        let angles = try list.array()
        via.reserveCapacity(min(angles.underestimatedCount, maxWaypoints))
        for (index, angle) in angles.enumerated() {
          guard index < maxWaypoints else {
            throw angle.error(
              "a via list holds at most \(maxWaypoints) angles (a real fold passes through a handful)")
          }
          via.append(try angle.number(0...180, unit: "degrees"))
        }
      }
      return .hinge(
        to: to, via: via, duration: try seconds("duration"), pause: try seconds("pause", 0...10) ?? 0,
        reverseAt: try f["reverseAt"]?.number(0...1, unit: "of the way"))
    }
    func on() throws(ScenarioError) -> Bool { try f["on"]!.bool() }
    func second() throws(ScenarioError) -> Bool {
      try f["scene"]?.choice([("main", false), ("second", true)]) ?? false
    }
    switch name {
    case "open": return try hinge(to: 180)
    case "close": return try hinge(to: 0)
    case "fold": return try hinge(to: try degrees("angle") ?? 110)
    case "hinge": return try hinge(to: try degrees("to")!)
    case "rotate": return .rotate(to: try f["to"]?.choice(orientations))
    case "resize": return .resize(to: try f["to"]!.size(), duration: try seconds("duration"))
    case "splitView":
      let width = try f["width"].map { (w) throws(ScenarioError) in try splitWidth(w) } ?? .half
      switch try f["action"]!.choice([("enter", 0), ("resize", 1), ("exit", 2)]) {
      case 0: return .splitView(.enter(side: try f["side"]?.choice(sides) ?? .left, width: width))
      case 1: return .splitView(.resize(width, duration: try seconds("duration")))
      default: return .splitView(.exit)
      }
    case "slideOver": return .slideOver(enter: try f["action"]!.choice([("enter", true), ("exit", false)]))
    case "window":
      return .window(
        enter: try f["action"]!.choice([("enter", true), ("exit", false)]), size: try f["size"]?.size())
    case "pip":
      let duration = try seconds("duration")
      switch try f["action"]!.choice([("pin", 0), ("resize", 1), ("unpin", 2)]) {
      case 0: return .pip(.pin(duration: duration))
      case 1:
        guard let height = f["height"] else { throw step.error("pip resize needs \"height\" (points)") }
        return .pip(.resize(height: try height.number(1...5000, unit: "points"), duration: duration))
      default: return .pip(.unpin(duration: duration))
      }
    case "camera": return .camera(on: try on())
    case "liveActivity": return .liveActivity(on: try on())
    case "dynamicType": return .traits(.dynamicType(try f["size"]!.choice(categories)))
    case "reduceMotion": return .traits(.reduceMotion(try on()))
    case "crossFade": return .traits(.crossFade(try on()))
    case "reduceTransparency": return .traits(.reduceTransparency(try on()))
    case "direction": return .traits(.direction(try f["to"]!.choice(directions)))
    case "secondScene":
      return .secondScene(connect: try f["action"]!.choice([("connect", true), ("disconnect", false)]))
    case "scroll":
      let target: Gesture.ScrollTarget
      switch (f["to"], f["by"]) {
      case (let to?, nil): target = .item(try to.itemIndex())
      case (nil, let by?): target = .by(try by.number(-1_000_000...1_000_000, unit: "points"))
      default: throw step.error("scroll needs exactly one of \"to\" (\"item-N\") or \"by\" (points)")
      }
      return .scroll(target, duration: try seconds("duration"), second: try second())
    case "select":
      let item = f["item"]!
      if item.kind == .null { return .select(item: nil, second: try second()) }
      _ = try item.itemIndex()
      return .select(item: try item.string(), second: try second())
    case "marker": return .marker(try f["text"]!.traceString())
    case "wait": return .wait(try seconds("duration", 0...86_400)!)
    default: return .mixedUse(duration: try seconds("duration", 1...86_400)!)
    }
  }
}
