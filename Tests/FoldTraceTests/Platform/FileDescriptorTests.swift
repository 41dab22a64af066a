import Foundation
import Testing

@testable import FoldTrace

/// The platform file's descriptor calls: what they write is what they read back, at the offset asked
/// for, and a failure is the system's error number with the system's words.
@Suite struct FileDescriptorTests {
  /// A fresh path in a new temporary directory, removed with the directory at the end of `body`.
  static func withScratchPath(_ body: (String) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "FileDescriptorTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory.appendingPathComponent("bytes").path)
  }

  @Test func writtenBytesReadBackFromAnOffset() throws {
    try Self.withScratchPath { path in
      let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
      let output = try FileDescriptor.open(path, .writeOnly, createNew: true)
      try output.writeAll(bytes[10...])
      output.close()
      #expect(entryExists(path))
      let input = try FileDescriptor.open(path, .readOnly)
      defer { input.close() }
      try input.seek(toOffset: 5)
      var chunk = [UInt8](repeating: 0xAA, count: 1 << 17)
      var read: [UInt8] = []
      while true {
        let count = try input.read(into: &chunk)
        if count == 0 { break }
        read += chunk[..<count]
      }
      #expect(read == Array(bytes[15...]))
      #expect(!input.isTerminal)
    }
  }

  @Test func failuresAreTheSystemsErrorNumbers() throws {
    try Self.withScratchPath { path in
      #expect(!entryExists(path))
      // A dangling symbolic link is an entry (the user named it), though nothing is behind it.
      let link = path + ".link"
      #expect(symlink(path, link) == 0)
      #expect(entryExists(link))
      #expect(unlink(link) == 0)
      #expect(throws: Errno(rawValue: ENOENT)) { try FileDescriptor.open(path, .readOnly) }
      #expect(Errno(rawValue: ENOENT).description == "No such file or directory")
      let first = try FileDescriptor.open(path, .writeOnly, createNew: true)
      first.close()
      // An existing name is never opened as new.
      #expect(throws: Errno(rawValue: EEXIST)) { try FileDescriptor.open(path, .writeOnly, createNew: true) }
      let input = try FileDescriptor.open(path, .readOnly)
      defer { input.close() }
      #expect(throws: Errno(rawValue: EBADF)) { try input.writeAll([1, 2, 3]) }
      #expect(throws: Errno(rawValue: EINVAL)) { try input.seek(toOffset: -1) }
    }
  }
}
