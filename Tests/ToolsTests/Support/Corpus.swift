import Foundation

/// The shipped corpus in `Traces/`, written by FoldSim.
enum Corpus {
  /// The `Traces/` directory of this package.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Traces")

  /// Every corpus trace's file name, sorted.
  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".foldtrace") }.sorted()
  }
}

extension TracecatFixture {
  /// Copies corpus traces into the fixture's directory, so outputs name them without a machine's path.
  func copyCorpus(_ names: [String]) throws {
    for name in names {
      try FileManager.default.copyItem(
        at: Corpus.directory.appendingPathComponent(name), to: directory.appendingPathComponent(name))
    }
  }
}
