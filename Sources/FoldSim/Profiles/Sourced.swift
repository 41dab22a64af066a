/// A value together with its ``MetricSource``.
public struct Sourced<Value: Sendable>: Sendable {
  /// The value, in the units its property documents.
  public var value: Value
  /// Where the value comes from.
  public var source: MetricSource

  /// Creates a sourced value.
  public init(_ value: Value, _ source: MetricSource) {
    self.value = value
    self.source = source
  }
}
