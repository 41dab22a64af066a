/// Why ``SessionRecorder`` refused an event. Write failures are not among them: they are the sink's own
/// errors, reported through ``SessionRecorder/lastError``, the error handler and ``SessionRecorder/close()``.
public enum SessionRecorderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A value that no trace may hold: NaN, infinite, or a negative size, inset or scale (issue 2, "Event
  /// model"). `field` names it as the JSON Lines form does (`size`, `regions[0].frame`).
  case invalidValue(kind: TraceEvent.Kind, field: String, value: Double)
  /// A scene identifier that was never connected through ``SessionRecorder/connectScene(_:display:scale:)``.
  case unknownScene(String)
  /// The recorder was closed.
  case closed

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .invalidValue(let kind, let field, let value):
      "refused \(kind.name) event: \(field) is \(value); sizes, insets and scales must be finite and ≥ 0, other values finite"
    case .unknownScene(let identifier):
      "scene \"\(identifier)\" was never connected; call connectScene first"
    case .closed:
      "the recorder is closed"
    }
  }
}
