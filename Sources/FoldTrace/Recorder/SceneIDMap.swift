/// Maps UIKit's string scene identifiers (`UISceneSession.persistentIdentifier`) to the small
/// ``SceneID`` numbers a trace carries.
///
/// Numbers are handed out in connection order starting at 1, and an identifier keeps its number for the
/// whole session, also across a disconnect and reconnect, so a trace never depends on UIKit's strings.
public struct SceneIDMap: Sendable, Equatable {
  private var ids: [String: SceneID] = [:]
  private var next: UInt32 = 1

  /// Creates an empty map.
  public init() {}

  /// The number of the scene with this identifier, if it has one.
  public subscript(identifier: String) -> SceneID? { ids[identifier] }

  /// The number for an identifier, assigning the next free one the first time.
  ///
  /// - Parameter identifier: The scene's persistent identifier.
  /// - Returns: The scene's number and whether it was assigned by this call.
  /// - Complexity: O(1) on average.
  public mutating func id(for identifier: String) -> (id: SceneID, isNew: Bool) {
    if let id = ids[identifier] { return (id, false) }
    let id = SceneID(next)
    next += 1
    ids[identifier] = id
    return (id, true)
  }
}
