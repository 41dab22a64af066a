/// How a two-display device moves the app between its displays.
public enum HandoverStyle: String, Sendable, Hashable, CaseIterable {
  /// The scene on the old display disconnects and a new scene connects on the new one (the Duo).
  case reconnect
  /// The same scene stays connected and reports the new display's geometry and regions (a display
  /// change seen through `windowScene(_:didUpdateEffectiveGeometry:)`).
  case sameScene
}
