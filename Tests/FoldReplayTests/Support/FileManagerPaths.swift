import Foundation

/// Paths the tests use: temporary files and the package's own directories.
enum FileManagerPaths {
  /// A path in a fresh per-process temporary directory.
  static func temporary(_ name: String) -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("FoldReplayTests-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
  }

  static func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// The package root (three levels above this file).
  static let packageRoot: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}
