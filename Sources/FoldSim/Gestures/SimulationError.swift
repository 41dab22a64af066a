/// A gesture the device cannot perform in its current state, for example folding an iPad or entering
/// Split View on a shut iPhone Duo. Scenario parsing turns it into a ``ScenarioError`` naming the step.
public struct SimulationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, as a sentence fragment naming the device and the gesture.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
