import Foundation
import Testing

/// FoldTrace is the only home of byte-level unsafe code: the other modules and the tools a user runs
/// (`tracecat`, `foldsim`) reach a string's or a buffer's bytes through FoldTrace's APIs (such as
/// `OutputBytes`), never through an unsafe pointer or `withUTF8`. The C targets (`Sources/CZstd`,
/// `Sources/CZstdApple`) hold no Swift. Tools that must hand raw pointers to libFuzzer, valgrind or
/// `posix_spawn(3)` (the fuzz entry points, tracebench, crashrecorder) are not covered.
@Suite struct ByteLevelCodeTests {
  /// The package's root: three levels above this file's directory.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The folders whose Swift must hold no byte-level unsafe code, relative to ``packageRoot``.
  static let checkedFolders = [
    "Sources/FoldReplay", "Sources/FoldReplayTesting", "Sources/FoldSim", "Sources/FoldSimApp",
    "Sources/LayoutCore", "Sources/ReferenceScreen", "Tools/tracecat", "Tools/foldsim",
  ]

  /// The lines of `text` that name an unsafe pointer type or call (`Unsafe`, `withUnsafe…`) or take a
  /// string's bytes by pointer (`withUTF8`), as "line N: TEXT", in line order.
  ///
  /// - Complexity: O(n) in the text's length.
  static func byteLevelLines(in text: String) -> [String] {
    var found: [String] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where line.contains("Unsafe") || line.contains("withUTF8") || line.contains("withUnsafe") {
      found.append("line \(offset + 1): \(line.trimmingCharacters(in: .whitespaces))")
    }
    return found
  }

  @Test func sourcesBeyondFoldTraceHoldNoByteLevelUnsafeCode() throws {
    let sources = try FileManager.default.contentsOfDirectory(
      atPath: Self.packageRoot.appendingPathComponent("Sources").path)
    // Every module but FoldTrace and the C targets is checked: a new one must be added to the list.
    #expect(
      Set(sources.map { "Sources/" + $0 }).subtracting(Self.checkedFolders).sorted() == [
        "Sources/CZstd", "Sources/CZstdApple", "Sources/FoldTrace",
      ])
    var files = 0
    var found: [String] = []
    for folder in Self.checkedFolders {
      let root = Self.packageRoot.appendingPathComponent(folder)
      let paths = try #require(FileManager.default.subpaths(atPath: root.path))
      for path in paths.sorted() where path.hasSuffix(".swift") {
        files += 1
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        found += Self.byteLevelLines(in: text).map { "\(folder)/\(path), \($0)" }
      }
    }
    #expect(files > 100)
    #expect(found == [])
  }

  @Test func byteLevelCodeIsFoundOnItsLine() {
    let planted = """
      var text = text
      text.withUTF8 { bytes in write(bytes) }
      let raw = UnsafeRawBufferPointer(start: nil, count: 0)
      _ = line.withUnsafeBytes { $0.count }
      let safe = text.utf8.count
      """
    #expect(
      Self.byteLevelLines(in: planted) == [
        "line 2: text.withUTF8 { bytes in write(bytes) }",
        "line 3: let raw = UnsafeRawBufferPointer(start: nil, count: 0)",
        "line 4: _ = line.withUnsafeBytes { $0.count }",
      ])
  }
}
