import FoldTrace

/// A scenario that cannot be read or played, with where: file, line, column and the field's path
/// (`timeline[3].duration`).
///
/// Rendered as `FILE:LINE:COLUMN: FIELD: MESSAGE`, the form compilers use, so editors jump to it.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The scenario's file name (or `"<scenario>"` for in-memory text).
  public var file: String
  /// The 1-based line of the offending value.
  public var line: Int
  /// The 1-based column of the offending value.
  public var column: Int
  /// The JSON path of the field, for example `timeline[3].duration`; empty for syntax errors.
  public var field: String
  /// What is wrong and, where it helps, what is expected.
  public var message: String

  /// Creates an error.
  public init(file: String, line: Int, column: Int, field: String, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.field = field
    self.message = message
  }

  /// `FILE:LINE:COLUMN: FIELD: MESSAGE`, control characters in the file name, the field and the text the
  /// message quotes written out as `\u001b` (`DisplayText.escaped`, as tracecat shows text).
  public var description: String {
    DisplayText.escaped("\(file):\(line):\(column): " + (field.isEmpty ? "" : "\(field): ") + message)
  }
}
