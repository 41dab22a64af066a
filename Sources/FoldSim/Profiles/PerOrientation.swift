/// One value for each ``Orientation``.
public struct PerOrientation<Value: Sendable>: Sendable {
  /// The value in portrait.
  public var portrait: Value
  /// The value in landscape.
  public var landscape: Value

  /// Creates a pair.
  public init(portrait: Value, landscape: Value) {
    self.portrait = portrait
    self.landscape = landscape
  }

  /// Creates a pair with the same value for both orientations.
  public init(both value: Value) {
    portrait = value
    landscape = value
  }

  /// The value for `orientation`.
  public subscript(orientation: Orientation) -> Value {
    orientation == .portrait ? portrait : landscape
  }
}
