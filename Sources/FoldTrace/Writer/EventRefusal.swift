/// Why a trace writer refuses an event: the rule it breaks and the value that breaks it.
///
/// The writer's rules are stated once, in ``TraceEvent/Payload/refusal``, which the writer, the
/// recorder (on the caller's thread, at every call) and the reader (at every record it decodes) all
/// apply; the rule on the session state's strings (``stateStrings(bytes:)``) needs the events before,
/// and each of them keeps its total. Finding a refusal formats nothing; ``description`` writes the
/// message when it is reported.
public enum EventRefusal: Sendable, Equatable, CustomStringConvertible {
  /// A display scale that is not finite and > 0.
  case displayScale(Double)
  /// A size that is not finite and ≥ 0 points in both dimensions.
  case size(SizeField, TraceSize)
  /// A safe-area inset that is not finite and ≥ 0 points.
  case inset(Edge, Double)
  /// A hinge angle outside 0…360°.
  case hingeAngle(Double)
  /// More regions than ``TraceFormat/maxRegionsPerRecord``.
  case regionCount(Int)
  /// A region origin that is not finite; the region's index and origin in points.
  case regionOrigin(index: Int, x: Double, y: Double)
  /// A scroll offset that is not finite, in points.
  case scrollOffset(x: Double, y: Double)
  /// An `anchorTop` that is not finite, in points.
  case anchorTop(Double)
  /// A string over ``TraceEvent/maxStringBytes`` bytes of UTF-8; its length in bytes.
  case string(StringField, bytes: Int)
  /// Strings of a `layout` or `presented` event over ``TraceEvent/maxRecordStringBytes`` bytes of UTF-8
  /// together, each element's id counted; their total in bytes.
  case stringTotal(bytes: Int)
  /// Strings of the session state — every connected scene's anchor, selection and layout — over
  /// ``TraceEvent/maxStateStringBytes`` bytes of UTF-8 together once the event is applied; that total in
  /// bytes. A rule of the event in its session (the writer, the recorder and the reader track the state),
  /// never found by ``TraceEvent/Payload/refusal``, which sees the event alone.
  case stateStrings(bytes: Int)
  /// A column count outside 1…65 535.
  case columns(Int)
  /// More elements than the record holds (256).
  case elementCount(Int)
  /// An element origin that is not finite; the element's id and origin in points.
  case elementOrigin(id: String, x: Double, y: Double)
  /// An opacity outside 0…1.
  case opacity(id: String, Double)

  /// Which size of an event.
  public enum SizeField: Sendable, Equatable {
    /// The scene's size.
    case size
    /// The scene's minimum size.
    case minimumSize
    /// The scene's maximum size.
    case maximumSize
    /// The size of the region at this index.
    case region(Int)
    /// The size of the element with this id.
    case element(String)
  }

  /// Which safe-area inset.
  public enum Edge: String, Sendable, Equatable {
    /// The top inset.
    case top
    /// The leading inset.
    case leading
    /// The bottom inset.
    case bottom
    /// The trailing inset.
    case trailing
  }

  /// Which string of an event.
  public enum StringField: String, Sendable, Equatable {
    /// A scroll event's anchor item.
    case anchor
    /// A layout event's shape.
    case shape
    /// A layout event's presentation.
    case presentation
    /// An element's id.
    case elementID = "element id"
    /// A selection event's item.
    case item
    /// A marker's label.
    case label
  }

  /// The rule broken, in words, naming the value (`size 10 × -1 pt is not finite and ≥ 0`); control
  /// characters in an element id written out as `\u001b` (``DisplayText/escaped(_:)``).
  public var description: String { DisplayText.escaped(rule) }

  private var rule: String {
    switch self {
    case .displayScale(let scale): "display scale \(Self.number(scale)) is not finite and > 0"
    case .size(let field, let size):
      "\(field.name) \(Self.number(size.width)) × \(Self.number(size.height)) pt is not finite and ≥ 0"
    case .inset(let edge, let value):
      "safe-area \(edge.rawValue) inset \(Self.number(value)) pt is not finite and ≥ 0"
    case .hingeAngle(let angle): "hinge angle \(Self.number(angle))° is not within 0…360"
    case .regionCount(let count): "\(count) regions, more than \(TraceFormat.maxRegionsPerRecord)"
    case .regionOrigin(let index, let x, let y):
      "region \(index) origin (\(Self.number(x)), \(Self.number(y))) is not finite"
    case .scrollOffset(let x, let y): "scroll offset (\(Self.number(x)), \(Self.number(y))) is not finite"
    case .anchorTop(let value): "anchorTop \(Self.number(value)) pt is not finite"
    case .string(let field, let bytes):
      "\(field.rawValue) is \(bytes) bytes of UTF-8, more than \(TraceEvent.maxStringBytes)"
    case .stringTotal(let bytes):
      "its strings total \(bytes) bytes of UTF-8 (an id counted at every element naming it), more than "
        + "\(TraceEvent.maxRecordStringBytes)"
    case .stateStrings(let bytes):
      "the session state's strings (each connected scene's anchor, selection and layout) would total "
        + "\(bytes) bytes of UTF-8, more than \(TraceEvent.maxStateStringBytes)"
    case .columns(let columns): "column count \(columns) is not within 1…65535"
    case .elementCount(let count): "\(count) elements, more than \(RecordCodec.maxElementsPerRecord)"
    case .elementOrigin(let id, let x, let y):
      "element \(Self.name(id)) origin (\(Self.number(x)), \(Self.number(y))) is not finite"
    case .opacity(let id, let opacity):
      "element \(Self.name(id)) opacity \(Self.number(opacity)) is not within 0…1"
    }
  }
}

extension EventRefusal {
  /// A value in a message: a whole number without a fraction (`-1`, not `-1.0`), others in the shortest
  /// form that reads back exactly (`0.5`, `1e+300`), and `nan`, `inf`, `-inf`.
  static func number(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 0x1p53 { return String(Int64(value)) }
    return value.isNaN ? "nan" : "\(value)"
  }

  /// An element id in a message: as it is, or quoted and escaped when it is empty or holds white space
  /// or a quote, so it cannot read as part of the sentence (`element "" size`, not `element  size`).
  static func name(_ id: String) -> String {
    let plain = !id.isEmpty && !id.contains { $0.isWhitespace || $0 == "\"" || $0.isNewline }
    return plain ? id : String(reflecting: id)
  }
}

extension EventRefusal.SizeField {
  /// The size's name in messages.
  var name: String {
    switch self {
    case .size: "size"
    case .minimumSize: "minimum size"
    case .maximumSize: "maximum size"
    case .region(let index): "region \(index) size"
    case .element(let id): "element \(EventRefusal.name(id)) size"
    }
  }
}
