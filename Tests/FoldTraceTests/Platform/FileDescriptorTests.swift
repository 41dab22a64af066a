import Foundation
import Testing

@testable import FoldTrace

/// The platform layer's calls: what they write is what they read back, at the offset asked for; a
/// status names the file's kind, size and identity; a path operation does what its system call does; and
/// a failure is the system's error number with the system's words.
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
      #expect(throws: Errno(rawValue: EBADF)) { try FileDescriptor(rawValue: -1).truncate(toSize: 0) }
      #expect(throws: Errno(rawValue: EBADF)) { try FileDescriptor(rawValue: -1).sync() }
      #expect(throws: Errno(rawValue: EBADF)) { try FileDescriptor(rawValue: -1).status() }
      #expect(throws: Errno.noSuchFileOrDirectory) { try FileSystem.status(path + ".missing") }
      #expect(throws: Errno.notDirectory) { try FileSystem.status(path + "/below") }
      #expect(throws: Errno.notDirectory) {
        try FileDescriptor.open(path, .readOnly, options: .directory)
      }
    }
  }

  @Test func positionedReadsTruncationAndOffsets() throws {
    try Self.withScratchPath { path in
      let file = try FileDescriptor.open(
        path, .readWrite, options: [.create, .exclusive], permissions: 0o600)
      defer { file.close() }
      try file.writeAll(Array(0..<100))
      #expect(try file.currentOffset() == 100)
      #expect(try file.read(at: 10, count: 5) == [10, 11, 12, 13, 14])
      #expect(try file.read(at: 98, count: 5) == [98, 99])  // fewer only at the end
      #expect(try file.read(at: 200, count: 5) == [])
      #expect(try file.currentOffset() == 100)  // a positioned read does not move the offset
      try file.truncate(toSize: 40)
      #expect(try file.status().size == 40)
      #expect(try file.currentOffset() == 100)
      try file.seekToEnd()
      #expect(try file.currentOffset() == 40)
      try file.sync()
      try file.setPermissions(0o640)
      #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o640)
      let twin = try file.duplicate()
      defer { twin.close() }
      #expect(try twin.currentOffset() == 40)  // the same open file description
      #expect(try twin.status().identity == file.status().identity)
    }
  }

  @Test func statusNamesTheKindSizeAndIdentity() throws {
    try Self.withScratchPath { path in
      let file = try FileDescriptor.open(path, .writeOnly, createNew: true)
      try file.writeAll(Array(repeating: 7, count: 1234))
      let status = try file.status()
      file.close()
      #expect(status.kind == .regular)
      #expect(status.size == 1234)
      #expect(try FileSystem.status(path) == status)
      let directory = String(path[..<path.lastIndex(of: "/")!])
      #expect(try FileSystem.status(directory).kind == .directory)
      #expect(try FileSystem.status("/dev/null").kind == .characterDevice)
      #expect(try FileSystem.status(directory).identity != status.identity)
      // A symbolic link: followed by `status`, itself by `linkStatus`.
      let link = path + ".link"
      #expect(symlink(path, link) == 0)
      #expect(try FileSystem.status(link) == status)
      #expect(try FileSystem.linkStatus(link).kind == .symbolicLink)
      #expect(FileSystem.resolved(link) == FileSystem.resolved(path))
      #expect(FileSystem.resolved(path)?.hasSuffix("/bytes") == true)
      #expect(FileSystem.resolved(path + ".missing") == nil)
      // A loop is named by its error.
      #expect(symlink(path + ".loop", path + ".loop") == 0)
      #expect(throws: Errno.tooManySymbolicLinkLevels) { try FileSystem.status(path + ".loop") }
      #expect(mkfifo(path + ".fifo", 0o600) == 0)
      #expect(try FileSystem.status(path + ".fifo").kind == .fifo)
      let fifo = try FileDescriptor.open(path + ".fifo", .readOnly, options: .nonBlocking)
      defer { fifo.close() }
      try fifo.clearNonBlocking()
      #expect(try fifo.status().kind == .fifo)
      #expect(throws: Errno(rawValue: ESPIPE)) { try fifo.currentOffset() }
    }
  }

  @Test func pathOperationsMakeLinkRenameAndRemove() throws {
    try Self.withScratchPath { path in
      let (file, name) = try FileDescriptor.createUnique(fromTemplate: path + ".XXXXXX")
      #expect(name.count == path.count + 7 && name.hasPrefix(path + ".") && !name.hasSuffix("XXXXXX"))
      #expect(try file.status().kind == .regular)
      try file.setCloseOnExec()
      file.close()
      #expect(throws: Errno.invalidArgument) { try FileDescriptor.createUnique(fromTemplate: path + ".XXX") }
      try FileSystem.link(name, as: path)
      #expect(try FileSystem.status(path) == FileSystem.status(name))
      #expect(throws: Errno.fileExists) { try FileSystem.link(name, as: path) }
      try FileSystem.remove(name)
      #expect(!entryExists(name))
      #expect(throws: Errno.noSuchFileOrDirectory) { try FileSystem.remove(name) }
      try FileSystem.rename(path, to: name)
      #expect(entryExists(name) && !entryExists(path))
      let directory = path + ".dir"
      try FileSystem.makeDirectory(directory, permissions: 0o700)
      #expect(throws: Errno.fileExists) { try FileSystem.makeDirectory(directory, permissions: 0o700) }
      #expect(try FileSystem.entryCount(ofDirectory: directory) == 0)
      try FileSystem.rename(name, to: directory + "/a")
      #expect(try FileSystem.entryCount(ofDirectory: directory) == 1)
      #expect(throws: Errno.directoryNotEmpty) { try FileSystem.removeDirectory(directory) }
      #expect(throws: Errno.notDirectory) { try FileSystem.entryCount(ofDirectory: directory + "/a") }
      try FileSystem.remove(directory + "/a")
      try FileSystem.removeDirectory(directory)
      #expect(!entryExists(directory))
      #expect(currentProcessID() == ProcessInfo.processInfo.processIdentifier)
    }
  }

  @Test func aLockHeldByOneDescriptionRefusesAnother() throws {
    try Self.withScratchPath { path in
      let first = try FileDescriptor.open(path, .writeOnly, createNew: true)
      let second = try FileDescriptor.open(path, .readOnly)
      defer { second.close() }
      #expect(try first.tryLock(.exclusive))
      #expect(try !second.tryLock(.shared))
      #expect(try !second.tryLock(.exclusive))
      // A duplicate shares the description, and so its lock.
      let twin = try first.duplicate()
      #expect(try twin.tryLock(.exclusive))
      twin.close()
      #expect(try !second.tryLock(.shared))
      first.close()
      #expect(try second.tryLock(.shared))
      #expect(throws: Errno(rawValue: EBADF)) { try FileDescriptor(rawValue: -1).tryLock(.shared) }
    }
  }
}
