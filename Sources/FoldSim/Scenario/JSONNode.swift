/// A JSON value with the line and column where it starts, so scenario errors can point at it.
///
/// FoldSim parses scenarios with this small RFC 8259 parser rather than `JSONSerialization` because the
/// latter forgets positions, and every scenario error must name its line.
public struct JSONNode: Sendable, Equatable {
  /// A JSON value.
  public enum Value: Sendable, Equatable {
    /// An object; members in source order (duplicate keys are refused while parsing).
    case object([Member])
    /// An array.
    case array([JSONNode])
    /// A string.
    case string(String)
    /// A number, with its source text (for exact integers such as 64-bit seeds).
    case number(Double, text: String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
  }

  /// An object member: key, key position and value.
  public struct Member: Sendable, Equatable {
    /// The key.
    public var key: String
    /// The line of the key.
    public var line: Int
    /// The column of the key.
    public var column: Int
    /// The value.
    public var value: JSONNode
  }

  /// The value.
  public var value: Value
  /// 1-based line where the value starts.
  public var line: Int
  /// 1-based column where the value starts.
  public var column: Int

  /// A short name of the value's type for messages: `object`, `array`, `string`, `number`, `true`, ….
  public var typeName: String {
    switch value {
    case .object: "an object"
    case .array: "an array"
    case .string(let s): "the string \"\(s)\""
    case .number(_, let text): "the number \(text)"
    case .bool(let b): b ? "true" : "false"
    case .null: "null"
    }
  }
}
