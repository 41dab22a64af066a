import Foundation

/// Finds the traces `tracecat replay` was pointed at and slices them for sharding.
enum ReplayInputs {
  /// The trace files named or found under directories (recursively, `*.foldtrace`), sorted by path
  /// without duplicates. A named file is taken whatever its extension. A directory search skips every
  /// subdirectory named ``knownBadDirectory`` (the corpus's deliberately failing recordings), so
  /// `replay Traces` checks what must pass; name that directory itself to run it.
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` when a path does not exist.
  static func traceFiles(in paths: [String]) throws -> [String] {
    let manager = FileManager.default
    var files: Set<String> = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw TracecatError.io(file: path, reason: "No such file or directory")
      }
      guard isDirectory.boolValue else {
        files.insert(path)
        continue
      }
      let base = path.hasSuffix("/") ? String(path.dropLast()) : path
      for case let relative as String in manager.enumerator(atPath: path) ?? NSEnumerator()
      where relative.hasSuffix(".foldtrace") {
        let directories = relative.split(separator: "/").dropLast()
        guard !directories.contains(Substring(knownBadDirectory)) else { continue }
        files.insert(base + "/" + relative)
      }
    }
    return files.sorted()
  }

  /// The name of a directory a search skips: recordings kept because they fail.
  static let knownBadDirectory = "known-bad"

  /// The `index`-th (from 1) of `count` contiguous slices of `files`: slice k holds the files from
  /// ⌊(k−1)·n/count⌋ up to ⌊k·n/count⌋, so every file is in exactly one slice and sizes differ by at
  /// most one. The products are taken at double width, so any 1 ≤ index ≤ count up to `Int.max` is exact.
  ///
  /// - Complexity: O(n) to copy the slice.
  static func slice(_ files: [String], shard index: Int, of count: Int) -> [String] {
    precondition(1 <= index && index <= count, "the command validates 1 ≤ I ≤ N")
    func bound(_ k: Int) -> Int {
      // k·n/count ≤ n, so the quotient fits and dividingFullWidth cannot overflow.
      count.dividingFullWidth(k.multipliedFullWidth(by: files.count)).quotient
    }
    return Array(files[bound(index - 1)..<bound(index)])
  }
}
