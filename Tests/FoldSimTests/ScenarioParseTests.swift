import FoldSim
import FoldTrace
import Testing

struct ScenarioParseTests {
  /// Parses `text` and returns the error it must raise.
  func failure(_ text: String) throws -> ScenarioError {
    do {
      let scenario = try Scenario.parse(text, file: "bad.json")
      _ = try scenario.events()
    } catch {
      return error
    }
    Issue.record("expected a scenario error")
    throw CancellationError()
  }

  @Test func readsAFullScenario() throws {
    let scenario = try Scenario.parse(
      """
      {
        "device": "iphone-duo", "seed": 18446744073709551615, "app": "Mail",
        "start": {"orientation": "portrait", "hinge": 0, "dynamicType": "accessibilityLarge"},
        "timeline": [
          {"gesture": "open", "at": 1.0, "duration": 0.7, "via": [90], "pause": 0.2},
          {"gesture": "scroll", "to": "item-42", "label": "read"},
          {"gesture": "select", "item": null}
        ]
      }
      """)
    #expect(scenario.profile.id == "iphone-duo")
    #expect(scenario.seed == UInt64.max)
    #expect(scenario.app == "Mail")
    #expect(scenario.start.traits.contentSizeCategory == .accessibilityLarge)
    #expect(scenario.steps.count == 3)
    #expect(scenario.steps[0].gesture == .hinge(to: 180, via: [90], duration: 0.7, pause: 0.2))
    #expect(scenario.steps[0].line == 5)
    #expect(scenario.steps[1].gesture == .scroll(.item(42), duration: nil, second: false))
    #expect(scenario.steps[2].gesture == .select(item: nil, second: false))
    #expect(scenario.header.device == "iPhone Duo")
    #expect(scenario.header.recorder == "foldsim 0.1")
    #expect(scenario.header.wallClockStart == nil)
  }

  /// The file name, field path and message quote the user's text: shown escaped as tracecat shows it.
  @Test func errorDescriptionEscapesTheQuotedText() {
    let error = ScenarioError(
      file: "s\u{1B}[2J.json", line: 2, column: 5, field: "timeline[0].\u{202E}kind",
      message: "unknown gesture \"x\u{2066}\ny\"")
    #expect(
      error.description == #"s\u001b[2J.json:2:5: timeline[0].\u202ekind: unknown gesture "x\u2066\ny""#)
  }

  @Test func syntaxErrorsNameLineAndColumn() throws {
    let e = try failure("{\n  \"device\": \"iphone\",\n  \"seed\": 1,,\n}")
    #expect(e.line == 3)
    #expect(e.column == 13)
    #expect(e.description.hasPrefix("bad.json:3:13: "))
  }

  @Test func unknownKeysNameTheField() throws {
    let e = try failure(
      """
      {"device": "iphone", "seed": 1, "timeline": [
        {"gesture": "scroll", "to": "item-3"},
        {"gesture": "scroll", "by": 40, "speed": 3}
      ]}
      """)
    #expect(e.field == "timeline[1].speed")
    #expect(e.line == 3)
    #expect(e.message.contains("unknown key"))
  }

  /// A long key is cut in the field path (its first 40 characters and `…`), so the message stays one
  /// short line.
  @Test func longKeysAreCutInTheField() throws {
    let key = String(repeating: "k", count: 3_000)
    let e = try failure(
      #"{"device": "iphone", "seed": 1, "timeline": [{"gesture": "scroll", ""# + key + #"": 1}]}"#)
    #expect(e.field == "timeline[0]." + String(repeating: "k", count: 40) + "…")
    #expect(e.description.utf8.count < 300)
  }

  @Test func wrongTypesNameTheField() throws {
    let e = try failure(
      """
      {"device": "iphone-duo", "seed": 1, "timeline": [
        {"gesture": "open", "duration": "fast"}
      ]}
      """)
    #expect(e.field == "timeline[0].duration")
    #expect(e.line == 2)
    #expect(e.message.contains("expected a number of seconds"))
  }

  @Test func missingAndUnknownValues() throws {
    #expect(try failure(#"{"seed": 1, "timeline": []}"#).message.contains("missing required key \"device\""))
    let device = try failure(#"{"device": "pixel", "seed": 1, "timeline": []}"#)
    #expect(device.field == "device" && device.message.contains("iphone-duo"))
    let seed = try failure(#"{"device": "iphone", "seed": -1, "timeline": []}"#)
    #expect(seed.field == "seed")
    let gesture = try failure(#"{"device": "iphone", "seed": 1, "timeline": [{"gesture": "fly"}]}"#)
    #expect(gesture.field == "timeline[0].gesture")
    let required = try failure(#"{"device": "iphone", "seed": 1, "timeline": [{"gesture": "resize"}]}"#)
    #expect(required.message.contains("needs \"to\""))
    let item = try failure(
      #"{"device": "iphone", "seed": 1, "timeline": [{"gesture": "select", "item": "42"}]}"#)
    #expect(item.field == "timeline[0].item")
    let dup = try failure(#"{"device": "iphone", "device": "ipad-11", "seed": 1, "timeline": []}"#)
    #expect(dup.message.contains("duplicate key"))
    let range = try failure(
      #"{"device": "iphone-duo", "seed": 1, "timeline": [{"gesture": "fold", "angle": 200}]}"#)
    #expect(range.field == "timeline[0].angle")
  }

  /// 100 000 distinct keys parse (a key list searched linearly made this quadratic: over 30 s), and a
  /// duplicate after them is still found, at its own line and column.
  @Test func manyKeysParseAndTheLastDuplicateIsFound() throws {
    let members = (0..<100_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",\n")
    guard case .object(let parsed) = try JSONValue.parse("{\(members)}").kind else {
      Issue.record("expected an object")
      return
    }
    #expect(parsed.count == 100_000)
    #expect(parsed.last?.key == "k99999")
    do {
      _ = try JSONValue.parse("{\(members),\n\"k7\": 0}")
      Issue.record("expected the duplicate key to be refused")
    } catch {
      #expect(error.line == 100_001 && error.column == 1)
      #expect(error.message == "duplicate key \"k7\"")
    }
  }

  /// A hinge gesture's `via` holds at most 1000 angles: the next one is refused where it stands, by
  /// line and column, before any event is synthesized (800 k angles held 1.14 GB of events).
  @Test(arguments: [
    #""gesture": "hinge", "to": 180"#, #""gesture": "open""#, #""gesture": "close""#,
    #""gesture": "fold", "angle": 90"#,
  ])
  func aViaListHoldsAtMost1000Angles(_ gesture: String) throws {
    func text(_ count: Int) -> (text: String, column: Int) {
      let step = "  {" + gesture + ", \"via\": ["
      let angles = (0..<count).map { $0 % 2 == 0 ? "100" : "80" }
      let before = step + angles.prefix(1000).map { $0 + "," }.joined()
      return (
        "{\"device\": \"iphone-duo\", \"seed\": 1, \"start\": {\"hinge\": 180},\n \"timeline\": [\n"
          + step + angles.joined(separator: ",") + "]}]}",
        before.utf8.count + 1
      )
    }
    let fits = try Scenario.parse(text(1000).text)
    guard case .hinge(_, let via, _, _, _) = try #require(fits.steps.first).gesture else {
      Issue.record("expected a hinge gesture")
      return
    }
    #expect(via.count == 1000)
    let (over, column) = text(1001)
    let e = try failure(over)
    #expect(e.line == 3)
    #expect(e.column == column)
    #expect(e.field == "timeline[0].via[1000]")
    #expect(
      e.message
        == "a via list holds at most 1000 angles (a real fold passes through a handful)")
  }

  @Test func impossibleStepsNameTheirLine() throws {
    let e = try failure(
      """
      {"device": "ipad-11", "seed": 1, "timeline": [
        {"gesture": "rotate"},
        {"gesture": "fold", "angle": 90}
      ]}
      """)
    #expect(e.field == "timeline[1].gesture")
    #expect(e.line == 3)
    #expect(e.message == "iPad 11-inch has no hinge")
  }

  @Test func overlappingStepsAreRefused() throws {
    let e = try failure(
      """
      {"device": "iphone-duo", "seed": 1, "timeline": [
        {"gesture": "open", "at": 1, "duration": 0.8},
        {"gesture": "close", "at": 1.5}
      ]}
      """)
    #expect(e.field == "timeline[1].at")
    #expect(e.message.contains("before the previous gesture ends at 1.8 s"))
  }

  @Test func impossibleStartsNameTheStartField() throws {
    let e = try failure(
      """
      {"device": "iphone", "seed": 1,
       "start": {"mode": "splitView"},
       "timeline": []}
      """)
    #expect(e.field == "start.mode")
    #expect(e.line == 2)
  }

  @Test func everyGestureSpecParses() throws {
    // One minimal step per gesture, each checked against the spec's required parameters.
    let minimal: [String: String] = [
      "hinge": #""to": 90"#, "resize": #""to": [500, 600]"#, "splitView": #""action": "exit""#,
      "slideOver": #""action": "enter""#, "window": #""action": "enter""#, "pip": #""action": "pin""#,
      "camera": #""on": true"#, "liveActivity": #""on": true"#, "dynamicType": #""size": "small""#,
      "reduceMotion": #""on": true"#,
      "crossFade": #""on": true"#, "reduceTransparency": #""on": true"#, "direction": #""to": "rtl""#,
      "secondScene": #""action": "connect""#, "scroll": #""by": 10"#, "select": #""item": "item-1""#,
      "marker": #""text": "x""#, "wait": #""duration": 1"#, "mixedUse": #""duration": 5"#,
    ]
    for spec in GestureSpec.all {
      let extra = minimal[spec.name].map { ", " + $0 } ?? ""
      let text = #"{"device": "iphone-duo", "seed": 1, "timeline": [{"gesture": "\#(spec.name)"\#(extra)}]}"#
      let scenario = try Scenario.parse(text)
      #expect(scenario.steps.count == 1, "\(spec.name)")
    }
  }
}
