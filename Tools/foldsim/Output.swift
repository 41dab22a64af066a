import FoldSim
import Foundation

/// Writes a synthesized trace to a file, replacing it atomically (so `Tools/gen-corpus` can regenerate
/// the corpus in place and a failed run never leaves half a trace).
enum Output {
  static func write(_ bytes: [UInt8], to path: String) throws(FoldsimError) {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw .file("cannot write '\(path)': \(error.localizedDescription)")
    }
  }
}
