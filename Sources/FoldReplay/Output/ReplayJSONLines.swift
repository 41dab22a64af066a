import FoldTrace
import LayoutCore

/// The JSON Lines records of `tracecat replay --json`: a public contract (`issues show 5`). Keys come in
/// a fixed order and numbers in ``ReplayFormat`` form, so the same trace gives the same bytes.
///
/// - `{"kind":"layout","trace","t","scene","event","shape","presentation","columns","anchor":{"item","offset"}}`
///   per layout change (`anchor` is `null` without scrolling content; `offset` in points from the
///   viewport's top, after the change);
/// - `{"kind":"frame","trace","t","scene","element","frame":[x,y,w,h],"target":[x,y,w,h],"opacity"}` per
///   element per tick while it moves (`--frames`);
/// - `{"kind":"summary","trace","events","verdict":"pass"|"fail","failures":[…]}` per trace, each failure
///   `{"check","scene","event","t","element","expected","actual","message"}` (absent values `null`).
///
/// Times `t` are trace nanoseconds. With `trace` nil the key is left out: that form feeds the digest.
public enum ReplayJSONLines {
  /// The `layout` record of a change.
  public static func layout(_ change: LayoutChange, trace: String?) -> String {
    let anchor = change.anchorAfter.map {
      "{\"item\":\(string($0.itemID)),\"offset\":\(ReplayFormat.number($0.offsetFromViewportTop))}"
    }
    return "{\"kind\":\"layout\"" + traceField(trace) + ",\"t\":\(change.time),\"scene\":\(change.scene)"
      + ",\"event\":\(change.eventIndex),\"shape\":\"\(change.shape.rawValue)\""
      + ",\"presentation\":\"\(change.presentation.rawValue)\",\"columns\":\(change.columns)"
      + ",\"anchor\":\(anchor ?? "null")}"
  }

  /// The `frame` records of a sample, one per element.
  public static func frames(_ sample: FrameSample, trace: String?) -> [String] {
    sample.elements.map { element in
      "{\"kind\":\"frame\"" + traceField(trace) + ",\"t\":\(sample.time),\"scene\":\(sample.scene)"
        + ",\"element\":\(string(element.id)),\"frame\":\(array(element.frame))"
        + ",\"target\":\(array(element.target)),\"opacity\":\(ReplayFormat.number(element.opacity))}"
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
    return "{\"kind\":\"summary\"" + traceField(summary.trace) + ",\"events\":\(summary.events)"
      + ",\"verdict\":\"\(summary.passed ? "pass" : "fail")\",\"failures\":["
      + failures.joined(separator: ",") + "]}"
  }

  private static func traceField(_ trace: String?) -> String {
    trace.map { ",\"trace\":\(string($0))" } ?? ""
  }

  private static func array(_ rect: Rect) -> String {
    "[\(ReplayFormat.number(rect.x)),\(ReplayFormat.number(rect.y)),"
      + "\(ReplayFormat.number(rect.width)),\(ReplayFormat.number(rect.height))]"
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
