import FoldTrace
import LayoutCore

/// The JSON Lines records of `tracecat replay --json`: a public contract. Keys come in
/// a fixed order and numbers in ``ReplayFormat`` form, so the same trace gives the same bytes.
///
/// - `{"kind":"layout","trace","t","scene","event","shape","presentation","columns","anchor":{"item","offset"}}`
///   per layout change (`anchor` is `null` without scrolling content; `offset` in points from the
///   viewport's top, after the change);
/// - `{"kind":"frame","trace","t","scene","element","frame":[x,y,w,h],"target":[x,y,w,h],"opacity"}` per
///   element per tick while it moves (`--frames`);
/// - `{"kind":"summary","trace","events","verdict":"pass"|"fail","failures":[…]}` per trace, each failure
///   `{"check","scene","event","t","element","expected","actual","message"}` (absent values `null`);
///   when the checks kept fewer failures than they found (at most 20 per check), `"failureCount"`
///   follows `failures` with the number found; then, each only when not 0, `"unlistedScenes"` (scenes
///   laid out past ``ReplaySummary/sceneLimit``, counted not listed) and `"omittedTransitions"` (shape
///   transitions left out of the scenes' kept history, ``ReplaySummary/SceneShapes/omittedTransitions``).
///
/// Times `t` are trace nanoseconds. With `trace` nil the key is left out: that form feeds the digest.
public enum ReplayJSONLines {
  /// The `layout` record of a change.
  public static func layout(_ change: LayoutChange, trace: String?) -> String {
    var record = ""
    layout(change, trace: trace) { record += $0 }
    return record
  }

  /// The `layout` record of a change handed to `write` in pieces, in order: their concatenation is
  /// ``layout(_:trace:)``. A digest hashes the pieces as they come (FNV-1a over a byte stream does not
  /// depend on where it is cut), without building the record.
  ///
  /// - Parameters:
  ///   - change: The layout change.
  ///   - trace: The trace's name, or nil to leave the key out (the digest's form).
  ///   - write: Receives the pieces.
  /// - Complexity: O(k) in the record's length.
  public static func layout(_ change: LayoutChange, trace: String?, write: (String) -> Void) {
    write("{\"kind\":\"layout\"")
    if let trace {
      write(",\"trace\":")
      string(trace, write: write)
    }
    write(",\"t\":")
    write(String(change.time))
    write(",\"scene\":")
    write(String(change.scene.rawValue))
    write(",\"event\":")
    write(String(change.eventIndex))
    write(",\"shape\":\"")
    write(change.shape.rawValue)
    write("\",\"presentation\":\"")
    write(change.presentation.rawValue)
    write("\",\"columns\":")
    write(String(change.columns))
    write(",\"anchor\":")
    if let anchor = change.anchorAfter {
      write("{\"item\":")
      string(anchor.itemID, write: write)
      write(",\"offset\":")
      write(ReplayFormat.json(anchor.offsetFromViewportTop))
      write("}}")
    } else {
      write("null}")
    }
  }

  /// The `frame` records of a sample, one per element.
  public static func frames(_ sample: FrameSample, trace: String?) -> [String] {
    sample.elements.map { element in
      "{\"kind\":\"frame\"" + traceField(trace) + ",\"t\":\(sample.time),\"scene\":\(sample.scene)"
        + ",\"element\":\(string(element.id)),\"frame\":\(array(element.frame))"
        + ",\"target\":\(array(element.target)),\"opacity\":\(ReplayFormat.json(element.opacity))}"
    }
  }

  /// The `summary` record of a trace.
  public static func summary(_ summary: ReplaySummary) -> String {
    let failures = summary.failures.map { failure in
      "{\"check\":\"\(failure.check.rawValue)\",\"scene\":\(failure.scene.map { "\($0)" } ?? "null")"
        + ",\"event\":\(failure.eventIndex.map { "\($0)" } ?? "null"),\"t\":\(failure.time)"
        + ",\"element\":\(failure.element.map(string) ?? "null"),\"expected\":\(string(failure.expected))"
        + ",\"actual\":\(string(failure.actual)),\"message\":\(string(failure.message))}"
    }
    let omitted = summary.scenes.reduce(0) { $0 + $1.omittedTransitions }
    return "{\"kind\":\"summary\"" + traceField(summary.trace) + ",\"events\":\(summary.events)"
      + ",\"verdict\":\"\(summary.passed ? "pass" : "fail")\",\"failures\":["
      + failures.joined(separator: ",") + "]"
      + (summary.failureCount > summary.failures.count ? ",\"failureCount\":\(summary.failureCount)" : "")
      + (summary.unlistedScenes > 0 ? ",\"unlistedScenes\":\(summary.unlistedScenes)" : "")
      + (omitted > 0 ? ",\"omittedTransitions\":\(omitted)" : "") + "}"
  }

  /// The `divergence` record of a place where the app's recorded layout and the model's plan disagree
  /// (`replay --compare`): `{"kind":"divergence","trace","t","scene","event","element","decision",
  /// "presented","app","model","distance","layouts","until","message"}`. `element` is the element's (or
  /// the anchor item's) id or `null`; `decision` is `"shape"`, `"presentation"`, `"columns"`,
  /// `"anchorTop"` or `null`; `presented` is true for a presented sample's frame; `app` and `model` are
  /// frames `[x,y,w,h]` in points for an element (`null` on the side that has none), numbers of points
  /// for `anchorTop` and strings for a decision; `distance` is the largest difference of the four frame
  /// values in points (`null` unless both have the element); `layouts` counts the consecutive recorded
  /// layouts (or presented samples) of the scene that diverge the same way and `until` is the last one's
  /// time (ns).
  public static func divergence(_ divergence: Divergence, trace: String?) -> String {
    let element: String
    let decision: String
    let app: String
    let model: String
    var isPresented = false
    if case .presented = divergence.subject { isPresented = true }
    switch divergence.subject {
    case .element(let id), .presented(let id):
      element = string(id)
      decision = "null"
      app = divergence.appFrame.map(array) ?? "null"
      model = divergence.modelFrame.map(array) ?? "null"
    case .anchor(let id):
      element = string(id)
      decision = "\"anchorTop\""
      app = divergence.app
      model = divergence.model
    case .shape, .presentation, .columns:
      element = "null"
      decision = string(divergence.subject.name)
      app = string(divergence.app)
      model = string(divergence.model)
    }
    return "{\"kind\":\"divergence\"" + traceField(trace) + ",\"t\":\(divergence.time)"
      + ",\"scene\":\(divergence.scene),\"event\":\(divergence.eventIndex),\"element\":\(element)"
      + ",\"decision\":\(decision),\"presented\":\(isPresented),\"app\":\(app),\"model\":\(model)"
      + ",\"distance\":\(divergence.distance.map(ReplayFormat.json) ?? "null")"
      + ",\"layouts\":\(divergence.layouts),\"until\":\(divergence.lastTime)"
      + ",\"message\":\(string(divergence.message))}"
  }

  /// The `comparison` record of a trace (`replay --compare`): `{"kind":"comparison","trace","layouts",
  /// "elements","presented","divergences","verdict":"agree"|"diverge"|"none"}` — recorded layouts
  /// compared, element frames compared, presented frames compared, divergences (all of them,
  /// ``ModelComparisonResult/divergenceCount``, though at most the first 100 have a `divergence`
  /// record); `none` when the trace
  /// recorded no layout to compare.
  public static func comparison(_ result: ModelComparisonResult) -> String {
    let verdict = result.layouts == 0 ? "none" : result.agrees ? "agree" : "diverge"
    return "{\"kind\":\"comparison\"" + traceField(result.trace) + ",\"layouts\":\(result.layouts)"
      + ",\"elements\":\(result.elements),\"presented\":\(result.presented)"
      + ",\"divergences\":\(result.divergenceCount)"
      + ",\"verdict\":\"\(verdict)\"}"
  }

  private static func traceField(_ trace: String?) -> String {
    trace.map { ",\"trace\":\(string($0))" } ?? ""
  }

  private static func array(_ rect: Rect) -> String {
    "[\(ReplayFormat.json(rect.x)),\(ReplayFormat.json(rect.y)),"
      + "\(ReplayFormat.json(rect.width)),\(ReplayFormat.json(rect.height))]"
  }

  /// ``string(_:)`` handed to `write`: the text itself between quotes when nothing in it needs an escape
  /// (the same characters), otherwise the escaped literal.
  private static func string(_ text: String, write: (String) -> Void) {
    guard text.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
    else { return write(string(text)) }
    write("\"")
    write(text)
    write("\"")
  }

  /// `text` as a JSON string literal (RFC 8259 escapes).
  public static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
