/// Holds a heavy reflow parameter (the scroll content's grid column count) steady while the user drags a
/// window edge, and releases the latest value once the drag ends.
///
/// The resizability notes split work by weight (LayoutRules, "Resizable windows"): during the drag only light
/// updates (constraints, text size), the heavy work once, after the hand lets go. LayoutCore counts frames
/// and text re-wrap as light (they follow every geometry update, see ``PlanAnimator``) and a grid re-flow to
/// another column count as heavy: it goes through this gate. While resizing, ``committed`` keeps the value it
/// had when the drag began and the newest proposal waits in ``pending``; the first proposal with resizing off
/// commits it.
public struct ReflowGate<Value: Sendable & Hashable>: Sendable, Hashable {
  /// The value layouts use now.
  public private(set) var committed: Value
  /// The latest value proposed during the drag, if it differs from ``committed``.
  public private(set) var pending: Value?

  /// Creates a gate with a committed value.
  public init(_ value: Value) {
    committed = value
    pending = nil
  }

  /// Proposes `value`; commits it unless a drag is in progress.
  ///
  /// - Parameters:
  ///   - value: The value the current geometry asks for.
  ///   - isInteractivelyResizing: True while the user drags the window's size.
  /// - Returns: True when ``committed`` changed (the caller re-flows once).
  /// - Complexity: O(1).
  @discardableResult
  public mutating func propose(_ value: Value, isInteractivelyResizing: Bool) -> Bool {
    if isInteractivelyResizing {
      pending = value == committed ? nil : value
      return false
    }
    pending = nil
    guard value != committed else { return false }
    committed = value
    return true
  }
}
