import FoldReplay
import FoldTrace
import Foundation

/// The shipped corpus, `Traces/*.foldtrace`, and the goldens that describe it.
enum Corpus {
  /// The corpus directory.
  static let directory = FileManagerPaths.packageRoot + "/Traces"
  /// The golden summaries' directory (see the FoldReplay DocC article, "Goldens").
  static let goldens = FileManagerPaths.packageRoot + "/Tests/FoldReplayTests/__Goldens__"

  /// The trace file names, sorted.
  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return files.filter { $0.hasSuffix(".foldtrace") }.sorted()
  }()

  static func path(_ name: String) -> String { directory + "/" + name }

  /// The golden file of a trace: `__Goldens__/<name without .foldtrace>.txt`.
  static func golden(_ name: String) -> String {
    goldens + "/" + String(name.dropLast(".foldtrace".count)) + ".txt"
  }
}
