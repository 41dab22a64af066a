import Foundation
import Testing

@testable import FoldTrace

/// An output that is not yet published has no name (`O_TMPFILE`), so nothing of it is in the directory
/// until it is complete, and no way of ending the process (SIGKILL, a power cut) can leave it behind.
/// Where the file system cannot make such a file, a hidden temporary file takes its place, published by
/// the same rules: never over a file, whole or not at all, mode 0644.
@Suite struct UnnamedOutputTests {
  /// How an output's file is made: with no name (the system's way), with a hidden name (no `O_TMPFILE`),
  /// and with no name where linking it fails — a file system without hard links, a `/proc` that does not
  /// link — so it is copied to a hidden name, then published.
  enum Staging: String, CaseIterable, CustomTestStringConvertible {
    case unnamed, named, unlinkable, procWithoutLinks
    var unnamedFiles: UnnamedFiles {
      switch self {
      case .unnamed: .system
      case .named: .unavailable
      case .unlinkable: UnnamedFiles(descriptorDirectory: "/proc/self/fd", linkFailure: .notPermitted)
      case .procWithoutLinks:
        UnnamedFiles(descriptorDirectory: "/proc/self/fd", linkFailure: .noSuchFileOrDirectory)
      }
    }
    var testDescription: String { rawValue }
  }

  /// A new empty directory, removed with what it holds at the end of `body`.
  static func withDirectory(_ body: (String) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "UnnamedOutputTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory.path)
  }

  static func names(in directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  /// The permission bits and the number of names of the file at `path`.
  static func modeAndLinks(_ path: String) throws -> (mode: Int, links: Int) {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (
      (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1,
      (attributes[.referenceCount] as? NSNumber)?.intValue ?? -1
    )
  }

  /// Through the public calls every tool makes, an output being written has no entry in its directory.
  /// (With a hidden temporary name, `.out.svg.XXXXXX` and `.out.foldtrace.XXXXXX` were there, and stayed
  /// there when the process was killed.)
  @Test func anUnpublishedOutputIsNotInItsDirectory() throws {
    try Self.withDirectory { directory in
      let svg = try OutputFile(path: directory + "/out.svg")
      try svg.write(Array("<svg/>".utf8))
      let trace = try NewTraceFile(path: directory + "/out.foldtrace")
      try trace.write(TraceSamples.bytes(TraceSamples.everyKind))
      #expect(try Self.names(in: directory) == [])
      try svg.publish()
      try trace.publish()
      #expect(try Self.names(in: directory) == ["out.foldtrace", "out.svg"])
      #expect(try Self.modeAndLinks(directory + "/out.svg") == (0o644, 1))
      #expect(try Self.modeAndLinks(directory + "/out.foldtrace") == (0o644, 1))
    }
  }

  @Test(arguments: Staging.allCases)
  func anOutputIsPublishedWholeUnderItsNameAlone(_ staging: Staging) throws {
    try Self.withDirectory { directory in
      let path = directory + "/out.svg"
      let output = try OutputFile(path: path, existing: .refuse, unnamedFiles: staging.unnamedFiles)
      try output.write(Array("<svg>".utf8))
      try output.write(Array("</svg>".utf8))
      let pending = try Self.names(in: directory)
      if staging == .named {
        #expect(
          pending.count == 1 && pending[0].hasPrefix(".out.svg.") && pending[0].count == 15, "\(pending)")
      } else {
        #expect(pending == [])
      }
      try output.publish()
      #expect(try Self.names(in: directory) == ["out.svg"])
      #expect(FileManager.default.contents(atPath: path) == Data("<svg></svg>".utf8))
      #expect(try Self.modeAndLinks(path) == (0o644, 1))
      // A discarded output leaves nothing.
      let discarded = try OutputFile(
        path: directory + "/gone.svg", existing: .refuse, unnamedFiles: staging.unnamedFiles)
      try discarded.write([1, 2, 3])
      discarded.discard()
      #expect(try Self.names(in: directory) == ["out.svg"])
    }
  }

  /// The refusal of a file that holds data counts its bytes in words: "1 byte", "2 bytes".
  @Test func aRefusedFileCountsItsBytes() throws {
    try Self.withDirectory { directory in
      for (content, words) in [("x", "holds 1 byte;"), ("xy", "holds 2 bytes;")] {
        let path = directory + "/kept.svg"
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: TraceError.self) { try OutputFile(path: path) }
        #expect(error?.code == .alreadyExists)
        #expect(error?.reason.contains(words) == true)
        #expect(FileManager.default.contents(atPath: path) == Data(content.utf8))
      }
    }
  }

  /// A name another process takes while the output is written is never overwritten, whichever way the
  /// file was made, and nothing of the output is left.
  @Test(arguments: Staging.allCases)
  func aNameTakenMeanwhileIsNeverOverwritten(_ staging: Staging) throws {
    try Self.withDirectory { directory in
      let path = directory + "/out.svg"
      let output = try OutputFile(path: path, existing: .refuse, unnamedFiles: staging.unnamedFiles)
      try output.write(Array("mine".utf8))
      try Data("theirs".utf8).write(to: URL(fileURLWithPath: path))
      let error = #expect(throws: TraceError.self) { try output.publish() }
      #expect(error?.code == .alreadyExists)
      #expect(FileManager.default.contents(atPath: path) == Data("theirs".utf8))
      #expect(try Self.names(in: directory) == ["out.svg"])

      let trace = try NewTraceFile(path: directory + "/t.foldtrace", unnamedFiles: staging.unnamedFiles)
      try trace.write(Array("mine".utf8))
      try Data("theirs".utf8).write(to: URL(fileURLWithPath: directory + "/t.foldtrace"))
      let traceError = #expect(throws: TraceError.self) { try trace.publish() }
      #expect(traceError?.code == .alreadyExists)
      #expect(FileManager.default.contents(atPath: directory + "/t.foldtrace") == Data("theirs".utf8))
      #expect(try Self.names(in: directory) == ["out.svg", "t.foldtrace"])
    }
  }

  /// `--force` replaces a derived output in one step (a hidden name, then `rename(2)`), and the
  /// replacement is whole, mode 0644, with one name.
  @Test(arguments: Staging.allCases)
  func aReplacementTakesTheNameInOneStep(_ staging: Staging) throws {
    try Self.withDirectory { directory in
      let path = directory + "/out.json"
      try Data("old".utf8).write(to: URL(fileURLWithPath: path))
      let output = try OutputFile(
        path: path, existing: .replace(unless: []), unnamedFiles: staging.unnamedFiles)
      try output.write(Array("{}".utf8))
      #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
      try output.publish()
      #expect(try Self.names(in: directory) == ["out.json"])
      #expect(FileManager.default.contents(atPath: path) == Data("{}".utf8))
      #expect(try Self.modeAndLinks(path) == (0o644, 1))
      // An empty placeholder is filled the same way by a refusing output.
      let placeholder = directory + "/empty.json"
      #expect(FileManager.default.createFile(atPath: placeholder, contents: nil))
      let filled = try OutputFile(path: placeholder, existing: .refuse, unnamedFiles: staging.unnamedFiles)
      try filled.write(Array("[]".utf8))
      try filled.publish()
      #expect(FileManager.default.contents(atPath: placeholder) == Data("[]".utf8))
      #expect(try Self.names(in: directory) == ["empty.json", "out.json"])
    }
  }

  @Test(arguments: Staging.allCases)
  func aNewTraceIsPublishedWholeUnderItsNameAlone(_ staging: Staging) throws {
    try Self.withDirectory { directory in
      let path = directory + "/out.foldtrace"
      let bytes = try TraceSamples.bytes(TraceSamples.scrolling(count: 40))
      let trace = try NewTraceFile(path: path, unnamedFiles: staging.unnamedFiles)
      try trace.write(Array(bytes.prefix(100)))
      try trace.write(Array(bytes.dropFirst(100)))
      let pending = try Self.names(in: directory)
      if staging == .named {
        #expect(
          pending.count == 1 && pending[0].hasPrefix(".out.foldtrace.") && pending[0].count == 21,
          "\(pending)")
      } else {
        #expect(pending == [])
      }
      try trace.publish()
      #expect(try Self.names(in: directory) == ["out.foldtrace"])
      #expect(FileManager.default.contents(atPath: path) == Data(bytes))
      #expect(try Self.modeAndLinks(path) == (0o644, 1))
      let discarded = try NewTraceFile(
        path: directory + "/gone.foldtrace", unnamedFiles: staging.unnamedFiles)
      try discarded.write(bytes)
      discarded.discard()
      #expect(try Self.names(in: directory) == ["out.foldtrace"])
    }
  }

  /// The platform calls: a file with no name is reached through `/proc/self/fd`, linked once under a
  /// name that does not exist, or under a fresh one from a template; with no descriptor directory (or
  /// one that does not lead to it) none is made, and the caller falls back.
  @Test func anUnnamedFileIsLinkedOnceAndNeverOverAName() throws {
    try Self.withDirectory { directory in
      #expect(UnnamedFile.create(inDirectory: directory, permissions: 0o600, support: .unavailable) == nil)
      #expect(
        UnnamedFile.create(
          inDirectory: directory, permissions: 0o600, support: UnnamedFiles(descriptorDirectory: directory))
          == nil)
      #expect(UnnamedFile.create(inDirectory: directory + "/missing", permissions: 0o600) == nil)
      let file = try #require(UnnamedFile.create(inDirectory: directory, permissions: 0o600))
      defer { file.descriptor.close() }
      try file.descriptor.writeAll([1, 2, 3])
      #expect(try Self.names(in: directory) == [])
      try Data("kept".utf8).write(to: URL(fileURLWithPath: directory + "/taken"))
      #expect(throws: Errno.fileExists) { try file.link(as: directory + "/taken") }
      #expect(FileManager.default.contents(atPath: directory + "/taken") == Data("kept".utf8))
      try file.link(as: directory + "/first")
      #expect(FileManager.default.contents(atPath: directory + "/first") == Data([1, 2, 3]))
      #expect(throws: Errno.invalidArgument) { try file.linkUnique(fromTemplate: directory + "/.x.XXX") }
      let second = try file.linkUnique(fromTemplate: directory + "/.x.XXXXXX")
      #expect(second.hasPrefix(directory + "/.x.") && second.count == directory.count + 10)
      #expect(try FileSystem.status(second).identity == file.descriptor.status().identity)
      #expect(try Self.names(in: directory) == [".x." + second.suffix(6), "first", "taken"].sorted())
    }
    #expect(FileSystem.directory(of: "a/b/c.svg") == "a/b")
    #expect(FileSystem.directory(of: "/c.svg") == "/")
    #expect(FileSystem.directory(of: "c.svg") == ".")
  }
}
