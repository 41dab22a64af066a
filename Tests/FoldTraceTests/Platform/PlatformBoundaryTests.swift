import Foundation
import Testing

/// FoldTrace makes its system calls in `Sources/FoldTrace/Platform/` alone, so a port to another C
/// library (Darwin's instead of Glibc) changes that one folder. Every other source file of the module
/// goes through the platform layer's types (`FileDescriptor`, `FileStatus`, `FileSystem`, `Errno`, …),
/// and none may name a C library module: no `import Glibc`, no `#if canImport(Darwin)`, no `Glibc.open`.
@Suite struct PlatformBoundaryTests {
  /// The lines of `text` that name a C library module, as "line N: TEXT", in line order.
  ///
  /// - Complexity: O(n) in the text's length.
  static func platformLines(in text: String) -> [String] {
    var found: [String] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where line.contains("Glibc") || line.contains("Darwin") {
      found.append("line \(offset + 1): \(line.trimmingCharacters(in: .whitespaces))")
    }
    return found
  }

  /// FoldTrace's sources (three levels above this file's directory, then `Sources/FoldTrace`).
  static let moduleRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/FoldTrace")

  @Test func onlyThePlatformFolderNamesTheCLibrary() throws {
    let paths = try #require(FileManager.default.subpaths(atPath: Self.moduleRoot.path))
    var files = 0
    var platformFiles = 0
    var found: [String] = []
    for path in paths.sorted() where path.hasSuffix(".swift") {
      let text = try String(contentsOf: Self.moduleRoot.appendingPathComponent(path), encoding: .utf8)
      if path.hasPrefix("Platform/") {
        platformFiles += 1
        continue
      }
      files += 1
      found += Self.platformLines(in: text).map { "\(path), \($0)" }
    }
    #expect(files > 50)
    #expect(platformFiles >= 4)
    #expect(found == [])
  }

  @Test func aCLibraryNameIsFoundOnItsLine() {
    let planted = """
      #if canImport(Glibc)
        import Glibc
      #endif
      let descriptor = try FileDescriptor.open(path, .readOnly)
      _ = Darwin.close(3)
      """
    #expect(
      Self.platformLines(in: planted) == [
        "line 1: #if canImport(Glibc)", "line 2: import Glibc", "line 5: _ = Darwin.close(3)",
      ])
  }
}

/// FoldTrace runs its work on threads of its own, never on libdispatch's global queues: their thread
/// pool's monitor reads `/proc`, and a process without it (a mount namespace without `/proc`) crashes
/// once the pool is busy.
@Suite struct NoGlobalQueueTests {
  @Test func noSourceUsesTheGlobalQueues() throws {
    let root = PlatformBoundaryTests.moduleRoot
    let paths = try #require(FileManager.default.subpaths(atPath: root.path))
    var found: [String] = []
    for path in paths.sorted() where path.hasSuffix(".swift") {
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains("DispatchQueue.global") || line.contains(".global(qos") {
        found.append("\(path), line \(offset + 1)")
      }
    }
    #expect(paths.count > 50)
    #expect(found == [])
  }
}
