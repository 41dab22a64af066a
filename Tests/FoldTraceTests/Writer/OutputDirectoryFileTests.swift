import Foundation
import Testing

@testable import FoldTrace

/// A file of an output directory written in pieces: it appears whole at `publish()` or not at all, in
/// both of the directory's modes (a new path, staged beside it; an existing empty directory, staged
/// inside it).
@Suite struct OutputDirectoryFileTests {
  /// A new temporary directory holding `parent/`, removed at the end of `body`; `body` gets the parent
  /// and the output path `parent/out`, made as an empty directory when `exists`.
  static func withOutput(exists: Bool, _ body: (URL, String) throws -> Void) throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
      "OutputDirectoryFileTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: parent) }
    let out = parent.appendingPathComponent("out")
    if exists { try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false) }
    try body(parent, out.path)
  }

  /// 300 lines of 1,000 bytes: several chunks, and a tail less than one.
  static let pieces = (0..<300).map { index in
    String(repeating: Character(String(index % 10)), count: 999) + "\n"
  }

  @Test(arguments: [false, true])
  func aFileWrittenInPiecesIsPublishedWhole(exists: Bool) throws {
    try Self.withOutput(exists: exists) { parent, path in
      let output = try OutputDirectory(path: path)
      let file = try output.file(named: "index.html")
      for (index, piece) in Self.pieces.enumerated() {
        if index % 3 == 0 { try file.write(Array(piece.utf8)) } else { try file.write(piece) }
      }
      try file.write([UInt8](repeating: 0x41, count: OutputDirectory.File.chunkSize + 5))
      try output.write(Array("small".utf8), as: "other.txt")
      // Nothing shows before publish.
      let shown = try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0 == "out" }
      #expect(shown == (exists ? ["out"] : []))
      if exists {
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).allSatisfy { $0.hasPrefix(".") })
      }
      try output.publish()
      let page = try Data(contentsOf: URL(fileURLWithPath: path + "/index.html"))
      let expected = Self.pieces.joined() + String(repeating: "A", count: OutputDirectory.File.chunkSize + 5)
      #expect(page.count == expected.utf8.count)
      let same = page == Data(expected.utf8)
      #expect(same, "the published bytes differ from those written")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: path).sorted() == ["index.html", "other.txt"])
      #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["out"])
      #expect(throws: TraceError.self) { try file.write("late") }
    }
  }

  @Test(arguments: [false, true])
  func aDiscardedFileLeavesNothing(exists: Bool) throws {
    try Self.withOutput(exists: exists) { parent, path in
      let output = try OutputDirectory(path: path)
      let file = try output.file(named: "index.html")
      for piece in Self.pieces { try file.write(piece) }
      output.discard()
      #expect(throws: TraceError.self) { try file.write("late") }
      #expect(throws: TraceError.self) { try output.file(named: "more.html") }
      #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == (exists ? ["out"] : []))
      if exists { #expect(try FileManager.default.contentsOfDirectory(atPath: path) == []) }
    }
  }

  @Test func aClosedFileTakesNoMoreBytesAndNamesRefuseSlashes() throws {
    try Self.withOutput(exists: false) { _, path in
      let output = try OutputDirectory(path: path)
      let file = try output.file(named: "a.txt")
      try file.write("one")
      try file.close()
      do {
        try file.write("two")
        Issue.record("a closed file took bytes")
      } catch let error as TraceError {
        #expect(error.code == .closed && error.file == path + "/a.txt")
      }
      #expect(throws: TraceError.self) { try output.file(named: "x/y") }
      try output.publish()
      #expect(try String(contentsOfFile: path + "/a.txt", encoding: .utf8) == "one")
    }
  }
}
