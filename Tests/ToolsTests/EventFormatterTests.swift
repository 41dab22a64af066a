import FoldSim
import FoldTrace
import Foundation
import TestSupport
import Testing

@testable import tracecat

/// `tracecat cat`'s columns, written straight into bytes, are exactly the lines the string-built
/// reference below gives: on every corpus event and on seeded random events of every kind, with strings
/// that are plain words, look like them, or are not (quotes, escapes, controls, non-ASCII letters and
/// combining marks, `null`, a leading digit).
@Suite struct EventFormatterTests {
  /// The columns as they were built from strings: the time, scene and kind padded by character count,
  /// each field `key=value` from ``TraceJSONLines/fields(of:)`` through ``EventFormatter/bare(_:)``,
  /// trailing spaces trimmed.
  static func referenceLine(_ event: TraceEvent) -> String {
    let fields = TraceJSONLines.fields(of: event).map { "\($0.key)=\(EventFormatter.shown($0.json))" }
      .joined(separator: " ")
    let scene = event.scene.map { String($0.rawValue) } ?? "-"
    let kind = event.kind.name.padding(to: EventFormatter.kindWidth)
    return
      "\(EventFormatter.time(event.time).leftPadded(to: 9))  \(scene.leftPadded(to: 3))  \(kind)  \(fields)"
      .trimmingTrailingSpaces()
  }

  @Test func corpusLinesMatchTheReference() throws {
    var count = 0
    let traces =
      FileManager.default.enumerator(at: Corpus.directory, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "foldtrace" } ?? []
    #expect(traces.count >= 39)
    for url in traces {
      for event in try TraceReader.readAll(path: url.path).events {
        #expect(EventFormatter.line(event) == Self.referenceLine(event), "\(url.lastPathComponent)")
        count += 1
      }
    }
    #expect(count > 30_000)
  }

  /// Pieces random strings are made of: plain word characters, the three JSON words, and characters that
  /// force quotes or escapes or leave printable ASCII.
  static let pieces = [
    "a", "Z", "q7", "-", "_", ".", "/", ":", "#", "0", "42", "null", "true", "false", " ", "\"", "\\", "\t",
    "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "\u{301}", "\u{93E}", "\u{600}", "\u{212A}", "Ω", "ª",
    "\u{2028}", "\u{1F600}", "→", "compactTall", "item-7", "\u{3164}", "\u{115F}", "\u{200B}", "\u{202E}",
    "\u{FE0F}", "\u{200D}", "\u{E0041}", "\u{2800}",
  ]

  static func string(_ random: inout SplitMix64) -> String {
    (0..<Int(random.next() % 4)).map { _ in random.pick(pieces) }.joined()
  }

  static func double(_ random: inout SplitMix64) -> Double {
    random.pick([
      0, -0.0, 390, 1.5, 0.1, 1 / 3, -12.25, 1e-7, 1e21, 0x1p53 + 2, .leastNonzeroMagnitude,
      random.double(in: -1e4...1e4),
    ])
  }

  static func rect(_ random: inout SplitMix64) -> TraceRect {
    TraceRect(x: double(&random), y: double(&random), width: double(&random), height: double(&random))
  }

  static func event(_ random: inout SplitMix64) -> TraceEvent {
    let time = random.next() % 5 == 0 ? random.next() : random.next() % 200_000_000_000
    let scene = SceneID(random.pick([1, 42, 999, 1000, 123_456, UInt32.max]))
    func text() -> String? { random.chance(0.2) ? nil : string(&random) }
    let payload: TraceEvent.Payload
    switch random.next() % 12 {
    case 0: payload = .sceneConnected(scene: scene, display: .internal, scale: double(&random))
    case 1: payload = .sceneDisconnected(scene: scene)
    case 2:
      payload = .geometry(
        scene: scene,
        SceneGeometry(
          size: TraceSize(width: double(&random), height: double(&random)),
          safeArea: TraceInsets(top: double(&random), leading: 0, bottom: double(&random), trailing: 0),
          horizontal: .compact, vertical: .regular, isInteractivelyResizing: random.chance(0.5),
          verticalBarEdge: random.pick(VerticalBarEdge.allCases),
          minimumSize: random.chance(0.5) ? TraceSize(width: 320, height: double(&random)) : nil))
    case 3:
      payload = .hinge(
        HingeState(
          status: random.pick(HingeStatus.allCases), angle: random.chance(0.3) ? nil : double(&random)))
    case 4:
      let regions = (0..<Int(random.next() % 3)).map { _ in
        ReservedRegion(kind: random.pick(ReservedRegion.Kind.allCases), frame: rect(&random), isActive: true)
      }
      payload = .regions(scene: scene, regions)
    case 5:
      payload = .traits(
        scene: scene,
        SceneTraits(
          contentSizeCategory: random.pick(ContentSizeCategory.allCases), reduceMotion: random.chance(0.5),
          prefersCrossFade: false, reduceTransparency: random.chance(0.5), layoutDirection: .rightToLeft))
    case 6:
      payload = .scroll(
        scene: scene, offset: TracePoint(x: 0, y: double(&random)), anchor: text(),
        anchorTop: random.chance(0.5) ? double(&random) : nil)
    case 7: payload = .selection(scene: scene, item: text())
    case 8: payload = .marker(string(&random))
    case 9: payload = .dropped(count: random.next() % 3 == 0 ? random.next() : random.next() % 100)
    case 10:
      let elements = (0..<Int(random.next() % 3)).map { _ in
        RecordedElement(id: string(&random), frame: rect(&random), isInteractive: random.chance(0.5))
      }
      payload = .layout(
        scene: scene,
        RecordedLayout(
          shape: text(), presentation: text(), columns: random.chance(0.5) ? Int(random.next() % 4) : nil,
          elements: elements))
    default:
      let elements = (0..<Int(random.next() % 3)).map { _ in
        PresentedElement(id: string(&random), frame: rect(&random), opacity: double(&random))
      }
      payload = .presented(scene: scene, elements)
    }
    return TraceEvent(time: time, payload)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomLinesMatchTheReference(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<3000 {
      let event = Self.event(&random)
      #expect(EventFormatter.line(event) == Self.referenceLine(event))
    }
  }

  /// Letters and marks that draw nothing — the Hangul fillers, zero-width and bidi characters, tags, a
  /// Braille blank — are written as `\uXXXX` inside quotes, so a field holding one never looks empty or
  /// like its visible part alone. A joiner or variation selector after a visible character stays (it only
  /// shapes that character); alone, or after another invisible one, it is escaped.
  @Test func invisibleCharactersAreQuotedAndEscaped() {
    let scene = SceneID(7)
    func shown(_ item: String) -> String {
      let line = EventFormatter.line(TraceEvent(time: 0, .selection(scene: scene, item: item)))
      return String(line.dropFirst("    0.000    7  selection          item=".count))
    }
    #expect(shown("\u{3164}") == #""\u3164""#)
    #expect(shown("\u{115F}\u{1160}\u{FFA0}") == #""\u115f\u1160\uffa0""#)
    #expect(shown("row\u{3164}") == #""row\u3164""#)
    #expect(shown("a\u{200B}b") == #""a\u200bb""#)
    #expect(shown("\u{2800}") == #""\u2800""#)
    #expect(shown("x\u{E0041}") == #""x\udb40\udc41""#)
    #expect(shown("\u{FE0F}") == #""\ufe0f""#)
    #expect(shown("\u{2764}\u{FE0F}") == "\"\u{2764}\u{FE0F}\"")
    #expect(shown("\u{1F469}\u{200D}\u{1F4BB}") == "\"\u{1F469}\u{200D}\u{1F4BB}\"")
    // Still JSON with the same meaning.
    let line = EventFormatter.line(TraceEvent(time: 0, .marker("\u{3164}\u{200B}\u{E0041}")))
    let json = line.firstIndex(of: "\"").map { String(line[$0...]) } ?? line
    #expect(
      (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)) as? String
        == "\u{3164}\u{200B}\u{E0041}")
    // Visible letters stay bare.
    #expect(shown("한글") == "한글")
  }

  /// The invisible characters are Unicode's default-ignorable code points and the Braille blank, each
  /// one's UTF-8 form starts with a byte the line's quick scan looks for, and that scan finds a scalar
  /// exactly when one of the escapings changes it.
  @Test func invisibleIsDefaultIgnorableTheBrailleBlankOrAnAnnotationMark() {
    var mismatches: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected =
        scalar.properties.isDefaultIgnorableCodePoint || value == 0x2800 || (0xFFF9...0xFFFB).contains(value)
      if EventFormatter.isInvisible(scalar) != expected { mismatches.append(value) }
      if expected, !DisplayText.mayStartInvisible(String(scalar).utf8.first!) { mismatches.append(value) }
      // The line's scan finds DEL, C1, U+2028/U+2029 and the invisible characters, and nothing else: all
      // that either escaping changes (but C0, which JSON has escaped; a joiner after a drawn character
      // is found and kept).
      let text = "a" + String(scalar) + "b"
      let changes = DisplayText.escaped(text) != text
      let found = DisplayText.mayNeedEscaping(ArraySlice(text.utf8))
      let sought = expected || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
      if value >= 0x20, found != sought || (changes && !found) { mismatches.append(value) }
    }
    #expect(mismatches == [])
  }

  /// A few lines spelled out: a plain word bare, a word-like string quoted, padding past the columns.
  @Test func linesAsTheyRead() {
    let scene = SceneID(7)
    #expect(
      EventFormatter.line(TraceEvent(time: 1_234_999_999, .selection(scene: scene, item: "row-42")))
        == "    1.234    7  selection          item=row-42")
    #expect(
      EventFormatter.line(TraceEvent(time: 5, .selection(scene: scene, item: "null")))
        == "    0.000    7  selection          item=\"null\"")
    #expect(
      EventFormatter.line(TraceEvent(time: 123_456_789_000_000, .sceneDisconnected(scene: SceneID(123_456))))
        == "123456.789  123456  sceneDisconnected")
    #expect(
      EventFormatter.line(TraceEvent(time: 0, .marker("café au lait")))
        == "    0.000    -  marker             label=\"café au lait\"")
  }
}
