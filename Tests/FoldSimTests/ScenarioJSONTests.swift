import FoldSim
import FoldTrace
import Testing

/// The scenario parser's precise errors and its lenient corners: depth, numbers, escapes, paths and
/// strings the trace format cannot hold, each named as such at its own line and column.
struct ScenarioJSONTests {
  /// The error parsing `text` and then encoding its trace raises.
  func failure(_ text: String) throws -> ScenarioError {
    do {
      _ = try Scenario.parse(text, file: "bad.json").traceBytes()
    } catch {
      return error
    }
    Issue.record("expected a scenario error")
    throw CancellationError()
  }

  /// A scenario whose one step is a marker with `label`, written as JSON text (escapes stay as given).
  func marker(_ label: String) -> String {
    #"{"device": "iphone", "seed": 1, "timeline": [{"gesture": "marker", "text": "\#(label)"}]}"#
  }

  /// The label of the scenario's one marker.
  func markerText(_ text: String) throws -> String? {
    let scenario = try Scenario.parse(text, file: "ok.json")
    guard case .marker(let label) = scenario.steps.first?.gesture else { return nil }
    return label
  }

  @Test func nestingBeyondTheLimitIsNamedAsTheDepthLimit() throws {
    let deep = String(repeating: "[", count: 100_000)
    let error = try failure(#"{"device": "iphone", "seed": 1, "timeline": "# + deep)
    #expect(error.line == 1 && error.column == 108)
    #expect(error.message == "nesting depth limit exceeded: more than 64 levels of arrays and objects")
  }

  @Test func numbersNoDoubleHoldsAreNamedOutOfRange() throws {
    for number in ["1e400", "-1e400", "1e-400", "-2.5e-400"] {
      let error = try failure(
        #"{"device": "iphone", "seed": 1, "timeline": [{"gesture": "wait", "duration": \#(number)}]}"#)
      #expect(error.line == 1 && error.column == 78, "\(number): \(error)")
      #expect(error.message == "number out of range for a 64-bit double: \(number)", "\(number)")
    }
    // Zero itself, however written, is zero.
    let zero = try Scenario.parse(
      #"{"device": "iphone", "seed": 1, "timeline": [{"gesture": "wait", "duration": 1, "after": 0e-400}]}"#)
    #expect(zero.steps.first?.after == 0)
  }

  @Test func fieldPathsIndexArraysInBrackets() throws {
    let error = try failure(
      #"{"device": "ipad-13", "seed": 1, "timeline": [{"gesture": "resize", "to": [500, 0]}]}"#)
    #expect(error.field == "timeline[0].to[1]")
    #expect(error.description.hasPrefix("bad.json:1:"))
  }

  @Test func surrogatePairsJoinAndLoneSurrogatesAreRefused() throws {
    // As Python's json.dumps writes an emoji.
    #expect(try markerText(marker(#"\ud83d\ude00"#)) == "😀")
    #expect(try markerText(marker(#"a\u00e9\u0041"#)) == "aéA")
    for lone in [#"\ud83d"#, #"\ude00"#, #"\ud83d\u0041"#, #"\ud83dx"#, #"\ude00\ud83d"#] {
      let error = try failure(marker(lone))
      #expect(error.message.hasPrefix("lone surrogate"), "\(lone): \(error)")
      #expect(error.line == 1 && error.column == 77, "\(lone): \(error)")
    }
  }

  @Test func unicodeEscapesTakeExactlyFourHexDigits() throws {
    for bad in [#"\u+041"#, #"\u-041"#, #"\u 041"#, #"\u04"#, #"\u004g"#] {
      let error = try failure(marker(bad))
      #expect(error.message.hasPrefix("invalid \\u escape"), "\(bad): \(error)")
      #expect(error.line == 1 && error.column == 77, "\(bad): \(error)")
    }
  }

  @Test func anOverlongMarkerIsReportedWhereItStands() throws {
    let long = String(repeating: "m", count: 64 * 1024 + 1)
    let text = """
      {"device": "iphone", "seed": 1, "timeline": [
        {"gesture": "wait", "duration": 1},
        {"gesture": "marker", "text": "\(long)"},
        {"gesture": "wait", "duration": 1, "label": "\(long)"}
      ]}
      """
    let error = try failure(text)
    #expect(error.line == 3 && error.column == 33)
    #expect(error.field == "timeline[1].text")
    #expect(error.message == "65537 bytes of UTF-8, more than the 65536 a trace string holds")
    #expect(!error.description.contains("memory"))
    let label = try failure(text.replacingOccurrences(of: "\"text\": \"\(long)\"", with: "\"text\": \"m\""))
    #expect(label.line == 4 && label.field == "timeline[2].label")
    #expect(!label.description.contains("memory"))
  }
}

/// A scenario's errors quote at most a short excerpt of what they name, and say which field it is in;
/// a seed is any JSON number that is exactly a whole number from 0 to 2⁶⁴ − 1.
struct ScenarioTokenTests {
  func failure(_ text: String) throws -> ScenarioError {
    do {
      _ = try Scenario.parse(text, file: "bignum.json")
    } catch {
      return error
    }
    Issue.record("expected a scenario error")
    throw CancellationError()
  }

  @Test func aHugeNumberIsQuotedShortAndNamedByItsField() throws {
    let digits = "1" + String(repeating: "0", count: 500_000)
    let error = try failure(#"{"device":"iphone","seed":1,"timeline":[],"description":\#(digits)}"#)
    #expect(
      error.description
        == "bignum.json:1:57: description: number out of range for a 64-bit double: 1\(String(repeating: "0", count: 39))…"
    )
    let bad = try failure(
      #"{"device":"iphone","seed":1,"timeline":[{"gesture":"wait","duration":1.\#(digits)e}]}"#)
    #expect(bad.field == "timeline[0].duration")
    #expect(
      bad.message
        == "invalid number '1.\(String(repeating: "1", count: 1) + String(repeating: "0", count: 37))…'")
  }

  @Test func aHugeStringIsQuotedShort() throws {
    let name = String(repeating: "x", count: 100_000)
    let error = try failure(#"{"device":"\#(name)","seed":1,"timeline":[]}"#)
    #expect(error.field == "device")
    #expect(
      error.message.hasPrefix("unknown device \"\(String(repeating: "x", count: 40))…\"; expected one of:"))
    let seed = try failure(#"{"device":"iphone","seed":"\#(name)","timeline":[]}"#)
    #expect(seed.message.utf8.count < 200, "\(seed.message.prefix(200))")
  }

  @Test func aSeedIsAnyNumberThatIsExactlyAWholeNumberInRange() throws {
    func seed(_ text: String) throws -> UInt64 {
      try Scenario.parse(#"{"device":"iphone","seed":\#(text),"timeline":[]}"#).seed
    }
    #expect(try seed("1e19") == 10_000_000_000_000_000_000)
    #expect(try seed("1.5e3") == 1500)
    #expect(try seed("1500.000") == 1500)
    #expect(try seed("0.0") == 0)
    #expect(try seed("-0") == 0)
    #expect(try seed("18446744073709551615.0") == .max)
    #expect(try seed("1844674407370955161.5e1") == .max)
    #expect(try seed("184467440737095516150e-1") == .max)
    for refused in [
      "1.5", "1e-1", "-1", "18446744073709551616", "1.8446744073709551616e19", "1e20", "5e-400",
    ] {
      let error = try failure(#"{"device":"iphone","seed":\#(refused),"timeline":[]}"#)
      #expect(error.field == "seed", "\(refused)")
      #expect(
        error.message.hasPrefix("expected an integer from 0 to 18446744073709551615, found")
          || error.message.hasPrefix("number out of range"), "\(refused): \(error.message)")
    }
  }
}
