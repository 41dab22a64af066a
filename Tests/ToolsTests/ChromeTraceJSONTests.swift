import FoldSim
import FoldTrace
import Foundation
import Testing

@testable import tracecat

/// `export --chrome` writes each event with a hand-written writer: its text is held, byte for byte, to
/// what `JSONEncoder` (sorted keys, slashes unescaped) writes for the same event.
@Suite struct ChromeTraceJSONTests {
  /// An event as `export` encoded it before the hand-written writer: the same stored properties, the
  /// arguments a dictionary. What `JSONEncoder` writes (or throws) for it is the reference.
  struct EncodedEvent: Encodable {
    var name: String
    var cat: String?
    var ph: String
    var ts: Double
    var dur: Double?
    var pid: Int
    var tid: Int
    var s: String?
    var args: [String: ChromeTraceEvent.Argument]?

    init(_ event: ChromeTraceEvent) {
      (name, cat, ph, ts, dur, pid, tid, s) =
        (event.name, event.cat, event.ph, event.ts, event.dur, event.pid, event.tid, event.s)
      args = event.args.map { arguments in
        var dictionary: [String: ChromeTraceEvent.Argument] = [:]
        arguments.forEach { dictionary[$0] = $1 }
        return dictionary
      }
    }
  }

  /// The writer's text for `event`, and the encoder's, for the event and for its dictionary form.
  static func both(_ event: ChromeTraceEvent) throws -> (writer: String, encoder: String) {
    let reference = try ChromeTraceJSON.referenceEncoder.encode(EncodedEvent(event))
    #expect(try ChromeTraceJSON.referenceEncoder.encode(event) == reference)
    return (try text(event), String(decoding: reference, as: UTF8.self))
  }

  /// The writer's text for `event`, written into a text with `capacity` bytes of room to begin with.
  static func text(_ event: ChromeTraceEvent, capacity: Int = 0) throws -> String {
    var json = ChromeTraceJSON(capacity: capacity)
    try json.append(event)
    #expect(json.count <= ChromeTraceJSON.bound(of: event))
    return String(decoding: json.take(), as: UTF8.self)
  }

  static let trickyStrings: [String] = [
    "", "plain", "quote \" inside", "back\\slash", "\\\"", "slash / and </script>", "tab\there",
    "new\nline", "cr\rlf\n", "bell\u{07} backspace\u{08} formfeed\u{0C} vt\u{0B} esc\u{1B} us\u{1F}",
    String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }), "nul\u{0} in the middle",
    "del \u{7F}", "line separator \u{2028} paragraph separator \u{2029}", "é, ü, ß, 中文, 한국어",
    "emoji 😀 and flag 🇰🇷 and family 👨‍👩‍👧", "combining e\u{301}", "bom \u{FEFF}", "replacement \u{FFFD}",
    "private use \u{E000} and last scalar \u{10FFFF}", "device — <stdin>",
    String(decoding: [0x61, 0xED, 0xA0, 0x80, 0x62, 0xFF], as: UTF8.self),  // a lone surrogate, repaired
  ]

  static let trickyNumbers: [Double] = [
    0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.5, 1e-7, 1e-5, 1e-4, 0.001, 1e21, 1e22, 1e16, 1e15,
    .leastNonzeroMagnitude, -.leastNonzeroMagnitude, Double(bitPattern: 2_024),  // 5e-324, a subnormal
    .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,  // 1.7976931348623157e308
    0x1p53 - 1, 0x1p53, 0x1p53 + 2, -0x1p53, -(0x1p53 - 1), 0x1p63, 0x1p64,
    4_294_967_295, 4_294_968_295, 1_234_567_890_123_456, 12_345_678_901_234_568, 999_999.98,
    1_250_000.02, 8_333.333, 18_446_744_073_709_551.615, 2_500_000, 0.5, 123_456.789e3,
    Double(UInt64.max) / 1000, Double(Int.max), Double(Int.min), .ulpOfOne, .pi, 1 / 3, 2.0 / 3,
    100.0 / 3, 1e100, 1e-100,
  ]

  @Test(arguments: trickyStrings) func aStringIsEscapedAsTheEncoderEscapesIt(text: String) throws {
    let event = ChromeTraceEvent.instant(
      text, category: text, at: 1, pid: 1, tid: 2, scope: text, ["message": .text(text), text: .text(text)])
    let (writer, encoder) = try Self.both(event)
    #expect(writer == encoder)
  }

  @Test(arguments: trickyNumbers) func aNumberIsSpelledAsTheEncoderSpellsIt(number: Double) throws {
    var event = ChromeTraceEvent.counter(
      "c", at: 0, pid: 1, ["pt": .number(number), "degrees": .number(-number)])
    event.ts = number
    event.dur = number.magnitude
    let (writer, encoder) = try Self.both(event)
    #expect(writer == encoder)
  }

  /// The cases the writer takes apart from `Double.description`, spelled out: JSONEncoder drops a
  /// trailing ".0" (1.0, -0.0, 2⁵³), keeps the exponent forms, and never escapes a slash.
  @Test func theTextIsWhatTheEncoderWrote() throws {
    var event = ChromeTraceEvent.slice(
      "a/b \"c\"\u{1}", category: "x", from: 1_000, to: 3_500, pid: 1001, tid: 3)
    event.args = [
      "z": .number(-0.0), "a": .number(0x1p53), "B": .number(1e-7), "é": .number(1e21), "aa": .number(1),
    ]
    #expect(
      try Self.text(event)
        == #"{"args":{"B":1e-07,"a":9007199254740992,"aa":1,"z":-0,"é":1e+21},"cat":"x","dur":2.5,"#
        + #""name":"a/b \"c\"\u0001","ph":"X","pid":1001,"tid":3,"ts":1}"#)
    #expect(Double(1).description == "1.0" && (-0.0).description == "-0.0")
  }

  @Test func integersAreInDecimal() throws {
    for (pid, tid) in [(0, 0), (1, -1), (Int.max, Int.min), (4_294_967_295, 1_000_000_007), (-42, 10)] {
      let event = ChromeTraceEvent.metadata("thread_name", pid: pid, tid: tid, ["name": .text("n")])
      let (writer, encoder) = try Self.both(event)
      #expect(writer == encoder)
    }
  }

  /// The text makes room for any event, however long: the longest strings a trace holds (64 KiB), each
  /// byte escaped to six, in a text with little room, and after text already written.
  @Test func anEventLargerThanTheRoomFits() throws {
    let controls = String(repeating: "\u{1}", count: 64 * 1024)
    let event = ChromeTraceEvent.instant(
      controls, category: "marker", at: 1, pid: 1, tid: 2, scope: "g", ["message": .text(controls + "é")])
    let (writer, encoder) = try Self.both(event)
    #expect(writer == encoder)
    #expect(writer.utf8.count > 2 * 6 * 64 * 1024)
    var json = ChromeTraceJSON(capacity: 300)
    json.append(raw: "[".utf8)
    for _ in 0..<3 {
      try json.append(.metadata("thread_name", pid: 1, tid: 1, ["name": .text("hinge")]))
      try json.append(event)
    }
    let text = String(decoding: json.take(), as: UTF8.self)
    #expect(text == "[" + String(repeating: Self.metadataText + encoder, count: 3))
    #expect(json.count == 0)
  }

  static let metadataText = #"{"args":{"name":"hinge"},"name":"thread_name","ph":"M","pid":1,"tid":1,"ts":0}"#

  /// 20 000 seeded events: random bit patterns as numbers (every finite double is fair), strings drawn
  /// from the scalars that need care, and every optional field present or absent.
  @Test func seededEventsMatchTheEncoder() throws {
    var random = SplitMix64(seed: 20_261_203)
    let scalars: [Unicode.Scalar] =
      (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + ["\"", "\\", "/", "a", "Z", "0", " ", "\u{7F}"]
      + ["\u{80}", "\u{FF}", "\u{2028}", "\u{FFFD}", "😀", "한"]
    func text() -> String {
      var scalarsView = String.UnicodeScalarView()
      for _ in 0..<random.next() % 12 { scalarsView.append(random.pick(scalars)) }
      return String(scalarsView)
    }
    func number() -> Double {
      switch random.next() % 4 {
      case 0: return Double(bitPattern: random.next())
      case 1: return Double(random.next() % 10_000_000_000) / 1000
      case 2: return Double(Int64(bitPattern: random.next()) >> (random.next() % 64))
      default: return random.pick(Self.trickyNumbers)
      }
    }
    var compared = 0
    var mismatches: [(writer: String, encoder: String)] = []
    for _ in 0..<20_000 {
      var event = ChromeTraceEvent(
        name: text(), ph: random.pick(["M", "X", "C", "i"]), ts: number(),
        pid: Int(bitPattern: UInt(random.next())) >> (random.next() % 64), tid: Int(random.next() % 20))
      if random.chance(0.5) { event.cat = text() }
      if random.chance(0.5) { event.dur = number() }
      if random.chance(0.5) { event.s = text() }
      if random.chance(0.7) {
        var args: [String: ChromeTraceEvent.Argument] = [:]
        for _ in 0..<random.next() % 6 {
          args[random.chance(0.5) ? text() : random.pick(["name", "pt", "top", "Top", "count"])] =
            random.chance(0.4)
            ? .text(text())
            : random.chance(0.3) ? .count(random.next() >> (random.next() % 64)) : .number(number())
        }
        event.args = ChromeTraceEvent.Arguments(args.map { ($0.key, $0.value) })
      }
      guard event.numbersAreFinite else { continue }
      let texts = try Self.both(event)
      if texts.writer != texts.encoder { mismatches.append(texts) }
      compared += 1
    }
    #expect(compared > 19_000)
    // The first mismatch tells; 20 000 would drown it.
    #expect(mismatches.count == 0)
    #expect(mismatches.first?.writer == mismatches.first?.encoder)
  }

  /// JSON has no NaN or infinity: the encoder refuses them, and the writer hands such an event to it,
  /// so the error is the same and nothing is written.
  @Test(arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
  func aNonFiniteNumberFailsAsTheEncoderFails(number: Double) throws {
    for event in [
      ChromeTraceEvent.counter("anchor drift", at: 5, pid: 1001, ["pt": .number(number)]),
      ChromeTraceEvent(name: "n", ph: "X", ts: number, pid: 1, tid: 1),
      ChromeTraceEvent(name: "n", ph: "X", ts: 1, dur: number, pid: 1, tid: 1),
    ] {
      var json = ChromeTraceJSON(capacity: 0)
      json.append(raw: "kept".utf8)
      let writerError = #expect(throws: EncodingError.self) { try json.append(event) }
      let encoderError = #expect(throws: EncodingError.self) {
        try ChromeTraceJSON.referenceEncoder.encode(EncodedEvent(event))
      }
      #expect(writerError.map { "\($0)" } == encoderError.map { "\($0)" })
      #expect(json.take() == Array("kept".utf8))
    }
  }
}
