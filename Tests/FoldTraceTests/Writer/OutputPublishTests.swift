import Foundation
import Testing

@testable import FoldTrace

/// How an output takes its place: an empty file found under its name (a placeholder) is replaced only
/// if it is still empty then, the names of the process's own descriptors are written through, and the
/// mode is 0666 less the umask, or that of the file replaced.
@Suite struct OutputPublishTests {
  typealias Staging = UnnamedOutputTests.Staging

  /// Another process writes into the placeholder while the output is written: publishing refuses, and
  /// the placeholder keeps its name and its bytes — with the names exchanged in one step and checked
  /// after, and where the file system cannot exchange them (the size checked again before the rename).
  @Test(arguments: Staging.allCases, [true, false])
  func aPlaceholderThatGainsDataMeanwhileIsKept(_ staging: Staging, _ exchange: Bool) throws {
    try UnnamedOutputTests.withDirectory { directory in
      for trace in [false, true] {
        let path = directory + "/out"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let publish: () throws(TraceError) -> Void
        if trace {
          let file = try NewTraceFile(path: path, unnamedFiles: staging.unnamedFiles, exchange: exchange)
          try file.write(Array("mine".utf8))
          publish = file.publish
        } else {
          let file = try OutputFile(
            path: path, existing: .refuse, unnamedFiles: staging.unnamedFiles, exchange: exchange)
          try file.write(Array("mine".utf8))
          publish = file.publish
        }
        let theirs = try #require(FileHandle(forWritingAtPath: path))
        try theirs.write(contentsOf: Data("theirs".utf8))
        try theirs.close()
        let error = #expect(throws: TraceError.self) { try publish() }
        #expect(error?.code == .io)
        #expect(
          error?.reason
            == "was empty but gained data (6 bytes) while this output was written; nothing was changed, "
            + "it keeps its bytes")
        #expect(FileManager.default.contents(atPath: path) == Data("theirs".utf8))
        #expect(try UnnamedOutputTests.names(in: directory) == ["out"])
        try FileManager.default.removeItem(atPath: path)
      }
    }
  }

  /// A placeholder still empty is replaced whole, keeping its mode, and nothing else is left.
  @Test(arguments: Staging.allCases, [true, false])
  func aPlaceholderStillEmptyIsReplacedKeepingItsMode(_ staging: Staging, _ exchange: Bool) throws {
    try UnnamedOutputTests.withDirectory { directory in
      let path = directory + "/out.foldtrace"
      #expect(
        FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]))
      let file = try NewTraceFile(path: path, unnamedFiles: staging.unnamedFiles, exchange: exchange)
      try file.write(Array("mine".utf8))
      try file.publish()
      #expect(FileManager.default.contents(atPath: path) == Data("mine".utf8))
      #expect(try UnnamedOutputTests.names(in: directory) == ["out.foldtrace"])
      #expect(try UnnamedOutputTests.modeAndLinks(path) == (0o600, 1))
    }
  }

  /// `renameat2(2)` with `RENAME_EXCHANGE` is found and swaps two names here (the temporary directory
  /// the other tests use), so the exchange, not only its fallback, is what they test.
  @Test func twoNamesAreExchangedInOneStep() throws {
    try UnnamedOutputTests.withDirectory { directory in
      try Data("a".utf8).write(to: URL(fileURLWithPath: directory + "/a"))
      try Data("b".utf8).write(to: URL(fileURLWithPath: directory + "/b"))
      try FileSystem.exchange(directory + "/a", directory + "/b")
      #expect(FileManager.default.contents(atPath: directory + "/a") == Data("b".utf8))
      #expect(FileManager.default.contents(atPath: directory + "/b") == Data("a".utf8))
      #expect(throws: Errno.noSuchFileOrDirectory) {
        try FileSystem.exchange(directory + "/a", directory + "/c")
      }
    }
  }

  /// The system's names of this process's descriptors, and links to them; nothing else (another
  /// process's descriptors included).
  @Test func descriptorNamesAreRecognized() throws {
    let pid = getpid()
    let names: [(String, Int32?)] = [
      ("/dev/stdin", 0), ("/dev/stdout", 1), ("/dev/stderr", 2), ("/dev/fd/7", 7), ("//dev/./fd/7", 7),
      ("/proc/self/fd/3", 3), ("/proc/thread-self/fd/12", 12), ("/proc/\(pid)/fd/4", 4),
      ("/proc/\(pid + 1)/fd/4", nil), ("/dev/fd/", nil), ("/dev/fd/-1", nil), ("/dev/fd/1x", nil),
      ("/dev/stdoutx", nil), ("dev/stdout", nil), ("/dev/fd/99999999999", nil), ("/tmp/out", nil),
    ]
    for (name, number) in names { #expect(FileSystem.descriptorAlias(name) == number, "\(name)") }
    try UnnamedOutputTests.withDirectory { directory in
      #expect(symlink("/dev/stdout", directory + "/direct") == 0)
      #expect(symlink("direct", directory + "/indirect") == 0)
      #expect(FileSystem.descriptorAlias(directory + "/indirect") == 1)
      #expect(symlink("nothing", directory + "/dangling") == 0)
      #expect(FileSystem.descriptorAlias(directory + "/dangling") == nil)
    }
  }

  /// `/dev/fd/N` of a regular file that holds data (as `>> file` opens it) is written through that
  /// descriptor, after its data: not refused, not replaced, not written from offset 0.
  @Test(arguments: ["/dev/fd/N", "/proc/self/fd/N", "/proc/PID/fd/N", "link"])
  func aDescriptorNameIsWrittenThroughTheDescriptor(_ spelling: String) throws {
    try UnnamedOutputTests.withDirectory { directory in
      let path = directory + "/log"
      try Data("previous\n".utf8).write(to: URL(fileURLWithPath: path))
      let descriptor = open(path, O_WRONLY | O_APPEND)
      try #require(descriptor >= 0)
      defer { close(descriptor) }
      let name = "/dev/fd/\(descriptor)"
      #expect(symlink(name, directory + "/link") == 0)
      let alias =
        spelling == "link"
        ? directory + "/link"
        : spelling.replacingOccurrences(of: "N", with: "\(descriptor)")
          .replacingOccurrences(of: "PID", with: "\(getpid())")
      let before = try FileSystem.status(path).identity
      let output = try OutputFile(path: alias)
      #expect(!output.isStandardOutput && !output.isTerminal)
      try output.write(Array("mine".utf8))
      try output.publish()
      #expect(FileManager.default.contents(atPath: path) == Data("previous\nmine".utf8))
      #expect(try FileSystem.status(path).identity == before)
      #expect(try UnnamedOutputTests.names(in: directory) == ["link", "log"])
      let trace = try NewTraceFile(path: alias)
      try trace.write(Array("!".utf8))
      try trace.publish()
      #expect(FileManager.default.contents(atPath: path) == Data("previous\nmine!".utf8))
    }
  }

  /// A descriptor name whose descriptor is not open, or open for reading only, and a link to nothing
  /// are refused with what they are.
  @Test func aDescriptorNameThatCannotBeWrittenIsRefused() throws {
    try UnnamedOutputTests.withDirectory { directory in
      let closed = dup(0)
      try #require(closed >= 0)
      close(closed)
      let notOpen = #expect(throws: TraceError.self) { try OutputFile(path: "/dev/fd/\(closed)") }
      #expect(notOpen?.code == .io)
      #expect(notOpen?.reason.hasPrefix("names descriptor \(closed), which is not open") == true)
      let path = directory + "/in"
      #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
      let reading = open(path, O_RDONLY)
      try #require(reading >= 0)
      defer { close(reading) }
      let readOnly = #expect(throws: TraceError.self) { try NewTraceFile(path: "/proc/self/fd/\(reading)") }
      #expect(readOnly?.reason == "names descriptor \(reading), which is open for reading only")
      #expect(symlink(directory + "/missing", directory + "/dangling") == 0)
      let dangling = #expect(throws: TraceError.self) { try NewTraceFile(path: directory + "/dangling") }
      #expect(dangling?.code == .io)
      #expect(dangling?.reason == "is a symbolic link to a missing file; remove it or choose another name")
      #expect(try UnnamedOutputTests.names(in: directory) == ["dangling", "in"])
    }
  }
}
