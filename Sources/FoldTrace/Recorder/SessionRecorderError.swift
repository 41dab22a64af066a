/// Why ``SessionRecorder`` refused an event. Write failures are not among them: they are the sink's own
/// errors, reported through ``SessionRecorder/lastError``, the error handler and ``SessionRecorder/close()``.
public enum SessionRecorderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A value that no trace may hold: NaN, infinite, or a negative size, inset or scale (the event
  /// model); `reason` says which.
  case invalidEvent(kind: TraceEvent.Kind, reason: String)
  /// A scene identifier that was never connected through ``SessionRecorder/connectScene(_:display:scale:)``.
  case unknownScene(String)
  /// The recorder was closed.
  case closed

  /// A one-line explanation, control characters in the strings it quotes written out as `\u001b`
  /// (``DisplayText/escaped(_:)``).
  public var description: String { DisplayText.escaped(sentence) }

  private var sentence: String {
    switch self {
    case .invalidEvent(let kind, let reason):
      "refused \(kind.name) event: \(reason)"
    case .unknownScene(let identifier):
      "scene \"\(identifier)\" was never connected; call connectScene first"
    case .closed:
      "the recorder is closed"
    }
  }
}
