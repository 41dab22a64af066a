import Foundation  // links libm for rounding on Linux

/// "The system": device profiles and human gestures that synthesize sessions.
///
/// FoldSim plays the OS for the app under test: it knows devices (``DeviceProfile``) and how the system
/// reports their geometry, size classes, safe areas, bars and reserved regions (``SystemModel``); gestures
/// (``Gesture``) drive it; a ``Scenario`` strings gestures into a session whose events go through the same
/// `TraceWriter` an app uses. It imports FoldTrace only, never LayoutCore.
public enum FoldSim {
  /// The synthesizer's version, written into trace headers as `foldsim VERSION`: it names the sessions
  /// FoldSim synthesizes and changes when they change, not with the package's version, so that the
  /// corpus's traces stay byte-identical across releases that synthesize the same sessions.
  public static let version = "0.1"
}
