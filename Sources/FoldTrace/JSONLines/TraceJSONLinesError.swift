/// A malformed JSON Lines line: which line, which field, and what was wrong.
///
/// Its ``description`` reads `line 12, field "size": expected [w, h] (2 numbers), got 3 elements`, ready
/// to print after the file name.
public struct TraceJSONLinesError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The 1-based line number in the document.
  public var line: Int
  /// The field at fault as a path (`size`, `regions[1].frame`), or nil when the line as a whole is wrong.
  public var field: String?
  /// What was wrong, in a short phrase.
  public var reason: String

  /// Creates an error.
  public init(line: Int, field: String? = nil, reason: String) {
    self.line = line
    self.field = field
    self.reason = reason
  }

  /// `line N, field "F": reason`, or `line N: reason` without a field, control characters in the
  /// strings it quotes written out as `\u001b` (``DisplayText/escaped(_:)``).
  public var description: String {
    DisplayText.escaped(field.map { "line \(line), field \"\($0)\": \(reason)" } ?? "line \(line): \(reason)")
  }

  static func missingHeader(line: Int) -> Self {
    Self(line: line, reason: "expected the header line ({\"kind\":\"header\",…}) first")
  }
}
