import Foundation
import Testing

@testable import FoldTrace

/// The fast JSON Lines path against the Foundation reference, line by line.
enum JSONLinesDifferential {
  enum Outcome: Equatable {
    case line(TraceJSONLines.Line)
    case failure(TraceJSONLinesError)
  }

  static func fast(_ line: String, lineNumber: Int = 1) -> Outcome {
    do {
      return .line(try TraceJSONLines.decode(line: line, lineNumber: lineNumber))
    } catch let error as TraceJSONLinesError {
      return .failure(error)
    } catch {
      return .failure(TraceJSONLinesError(line: lineNumber, reason: "unexpected \(error)"))
    }
  }

  static func reference(_ line: String, lineNumber: Int = 1) -> Outcome {
    do {
      return .line(try TraceJSONLines.referenceDecode(line: line, lineNumber: lineNumber))
    } catch let error as TraceJSONLinesError {
      return .failure(error)
    } catch {
      return .failure(TraceJSONLinesError(line: lineNumber, reason: "unexpected \(error)"))
    }
  }

  /// Errors found while parsing JSON, before any field is read. Foundation names none of them precisely
  /// (its syntax errors are all "not valid JSON") and reports several in dictionary order, so for these
  /// the paths must agree on the class; every other error must be identical.
  static func isJSONLevel(_ error: TraceJSONLinesError) -> Bool {
    error.reason.hasPrefix("not valid JSON") || error.reason == JSONValue.numberOutOfRange
      || error.reason.hasPrefix(JSONValue.invalidString) || error.reason.hasPrefix(JSONValue.repeatedKey)
  }

  /// Records an issue unless the fast path and the reference read `line` alike.
  static func expectAgreement(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let fast = fast(line)
    let reference = reference(line)
    switch (fast, reference) {
    case (.line(let a), .line(let b)):
      #expect(a == b, "decoded differently: \(line)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
      if b.reason == JSONLineCheck.tooDeep || a.reason == JSONLineCheck.tooDeep {
        #expect(a == b, "\(line)", sourceLocation: sourceLocation)
      } else if isJSONLevel(b) {
        #expect(isJSONLevel(a), "fast: \(a), reference: \(b), line \(line)", sourceLocation: sourceLocation)
      } else {
        #expect(a == b, "line \(line)", sourceLocation: sourceLocation)
      }
    default:
      Issue.record("fast: \(fast), reference: \(reference), line \(line)", sourceLocation: sourceLocation)
    }
  }

  // MARK: Random events

  static func double(_ random: inout SeededGenerator) -> Double {
    switch random.next() % 10 {
    case 0: return Double(bitPattern: random.next())
    case 1: return Double(Int64(bitPattern: random.next()) >> Int(random.next() % 64))
    case 2: return Double(Int(random.next() % 2000)) / 3
    case 3:
      return [
        0, -0.0, 0x1p53, 0x1p53 + 2, -0x1p53, 1e15, 1e16, 1e21, 1e22, 1e23, .leastNonzeroMagnitude, 1e-7,
      ]
      .randomElement(using: &random)!
    case 4: return Double.random(in: -1e6...1e6, using: &random)
    case 5: return Double(bitPattern: random.next() & 0x000F_FFFF_FFFF_FFFF)  // subnormal
    default: return Double(Int(random.next() % 3000)) / 2
    }
  }

  static func string(_ random: inout SeededGenerator) -> String {
    let pool: [Unicode.Scalar] = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\u{B}", "\u{C}", "\r",
      "\u{1F}", "\u{7F}", "\u{80}", "é", "\u{301}", "\u{2028}", "\u{FEFF}", "\u{1F600}", "→", "K", "\u{212A}",
    ]
    let count = Int(random.next() % 12)
    var text = ""
    for _ in 0..<count { text.unicodeScalars.append(pool.randomElement(using: &random)!) }
    return text
  }

  static func event(_ random: inout SeededGenerator) -> TraceEvent {
    let time = random.next() % 4 == 0 ? random.next() : random.next() % 10_000_000_000
    let scene = SceneID(random.next() % 3 == 0 ? UInt32(truncatingIfNeeded: random.next()) : 1)
    func size() -> TraceSize { TraceSize(width: double(&random), height: double(&random)) }
    let payload: TraceEvent.Payload
    switch random.next() % 10 {
    case 0:
      payload = .sceneConnected(
        scene: scene, display: DisplayRole.allCases.randomElement(using: &random)!, scale: double(&random))
    case 1: payload = .sceneDisconnected(scene: scene)
    case 2:
      payload = .geometry(
        scene: scene,
        SceneGeometry(
          size: size(),
          safeArea: TraceInsets(
            top: double(&random), leading: double(&random), bottom: double(&random),
            trailing: double(&random)),
          horizontal: UserInterfaceSizeClass.allCases.randomElement(using: &random)!,
          vertical: UserInterfaceSizeClass.allCases.randomElement(using: &random)!,
          isInteractivelyResizing: random.next() % 2 == 0,
          verticalBarEdge: VerticalBarEdge.allCases.randomElement(using: &random)!,
          minimumSize: random.next() % 2 == 0 ? size() : nil,
          maximumSize: random.next() % 2 == 0 ? size() : nil))
    case 3:
      payload = .hinge(
        HingeState(
          status: HingeStatus.allCases.randomElement(using: &random)!,
          angle: random.next() % 3 == 0 ? nil : double(&random)))
    case 4:
      let regions = (0..<Int(random.next() % 4)).map { _ in
        ReservedRegion(
          kind: ReservedRegion.Kind.allCases.randomElement(using: &random)!,
          frame: TraceRect(
            x: double(&random), y: double(&random), width: double(&random), height: double(&random)),
          isActive: random.next() % 2 == 0)
      }
      payload = .regions(scene: scene, regions)
    case 5:
      payload = .traits(
        scene: scene,
        SceneTraits(
          contentSizeCategory: ContentSizeCategory.allCases.randomElement(using: &random)!,
          reduceMotion: random.next() % 2 == 0, prefersCrossFade: random.next() % 2 == 0,
          reduceTransparency: random.next() % 2 == 0,
          layoutDirection: UserInterfaceLayoutDirection.allCases.randomElement(using: &random)!))
    case 6:
      payload = .scroll(
        scene: scene, offset: TracePoint(x: double(&random), y: double(&random)),
        anchor: random.next() % 2 == 0 ? string(&random) : nil)
    case 7: payload = .selection(scene: scene, item: random.next() % 2 == 0 ? string(&random) : nil)
    case 8: payload = .marker(string(&random))
    default: payload = .dropped(count: random.next())
    }
    return TraceEvent(time: time, payload)
  }

  static func header(_ random: inout SeededGenerator) -> TraceHeader {
    let wallClock: Int64? =
      switch random.next() % 3 {
      case 0: nil
      case 1: Int64(bitPattern: random.next())
      default: Int64(random.next() % 1_000_000)
      }
    return TraceHeader(
      version: TraceFormatVersion(
        major: UInt16(random.next() % 3), minor: UInt16(truncatingIfNeeded: random.next())),
      device: string(&random), app: string(&random), recorder: string(&random), wallClockStart: wallClock)
  }

  // MARK: Mutations

  static let alphabet = Array(#"{}[]",:0123456789-+.eE \tatrufnlsx\u"#.utf8)
  static let fragments = [
    #""t":5,"#, #""kind":"marker","#, #""x":[[[1]]],"#, "1e400", "1e-400", "1.0", "1e3", "-0", "-0.0",
    "9007199254740993.0", "18446744073709551616", "1.5", #""\ud800""#, #""\u212A""#, "null", "true",
    #""a\tb""#,
    #""\u0074":7,"#, "[", "{", "]", "}", #""\ud83d\ude00""#, "0x10", "+1", "01", ".5", "1.", "1e",
    "\u{1F600}",
  ]

  /// `line` changed in one random place.
  static func mutate(_ line: String, _ random: inout SeededGenerator) -> String {
    var bytes = Array(line.utf8)
    let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
    switch random.next() % 6 {
    case 0 where !bytes.isEmpty: bytes.remove(at: position)
    case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: position)
    case 2 where !bytes.isEmpty: bytes[position] = alphabet.randomElement(using: &random)!
    case 3:
      // A fragment right after a '{', '[', ',' or ':'.
      let anchors = bytes.indices.filter {
        [UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":")].contains(bytes[$0])
      }
      let at = anchors.randomElement(using: &random).map { $0 + 1 } ?? 0
      bytes.insert(contentsOf: Array(fragments.randomElement(using: &random)!.utf8), at: at)
    case 4:
      // A number replaced by a fragment.
      let digits = bytes.indices.filter { bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") }
      guard let at = digits.randomElement(using: &random) else { break }
      var end = at
      while end < bytes.count, Array("0123456789.eE+-".utf8).contains(bytes[end]) { end += 1 }
      bytes.replaceSubrange(at..<end, with: Array(fragments.randomElement(using: &random)!.utf8))
    default:
      bytes.insert(contentsOf: Array(fragments.randomElement(using: &random)!.utf8), at: position)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
