import FoldTrace
import Foundation
import TestSupport
import Testing

extension TracecatFixture {
  /// Runs `tracecat` with `arguments` and the file `input` (in the fixture's directory) on standard
  /// input through a pipe (`cat input | tracecat …`): a pipe cannot be read at offsets or sized, unlike
  /// the regular file ``run(_:stdin:dataLimitKiB:)`` feeds. `dataLimitKiB` caps tracecat's data segment;
  /// `temporaryDirectory` is its `TMPDIR`.
  func runPiped(
    _ arguments: [String], input: String, dataLimitKiB: Int? = nil, temporaryDirectory: String? = nil
  ) throws -> TracecatRunner.Result {
    let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
    var limit = dataLimitKiB.map { "ulimit -d \($0) && " } ?? ""
    if let temporaryDirectory { limit += "TMPDIR='\(temporaryDirectory)' && export TMPDIR && " }
    return try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "input=$1; shift; cat \"$input\" | { \(limit)exec \"$0\" \"$@\"; }", executable.path, input]
        + arguments,
      in: directory)
  }
}

/// `-` reads standard input in bounded memory: a trace piped in is copied to an unnamed temporary file
/// (or read in place when standard input is a regular file) and read from there as a file is, so every
/// command prints the same thing, reports damage at the same offsets and exits with the same status as
/// it does for the file.
@Suite(.timeLimit(.minutes(10))) struct StandardInputTests {
  /// A million scroll samples with scattered offsets (about 9 MB that compress poorly): reading them whole
  /// into memory, as tracecat did, takes far more than the 24 MB data segment each command gets here.
  @Test func aLongTracePipedInIsReadInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("long.foldtrace", count: 1_000_000, anchors: true) {
      Double($0 &* 2_654_435_761 % 1_000_003) / 7
    }
    let size = try #require(
      try FileManager.default.attributesOfItem(
        atPath: fixture.directory.appendingPathComponent("long.foldtrace").path)[.size]
        as? Int)
    #expect(size > 8_000_000, "the trace is \(size) bytes")
    let commands: [[String]] = [
      ["stats", "-"], ["verify", "-"], ["cat", "--kind", "sceneConnected", "-"],
      ["cat", "--from", "4000", "--to", "4000.1", "-"], ["check", "-"],
      ["slice", "--from", "4000", "--to", "4001", "-o", "slice.foldtrace", "-"],
      ["plot", "--from", "4000", "--to", "4001", "-o", "long.svg", "-"],
      ["export", "--chrome", "--from", "4000", "--to", "4001", "-o", "long.json", "-"],
    ]
    for command in commands {
      let result = try fixture.runPiped(command, input: "long.foldtrace", dataLimitKiB: 24_576)
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
  }

  /// Each command prints the same and exits the same for a trace piped in as for the file, but for the
  /// name (`<stdin>`); the copy of standard input leaves nothing in the temporary directory.
  @Test func pipedInputReadsAsTheFile() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("in.foldtrace", count: 20_000, anchors: true)
    let spool = fixture.directory.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: false)
    let commands: [[String]] = [
      ["stats"], ["stats", "--json"], ["cat"], ["cat", "--json"], ["cat", "--from", "50", "--to", "60"],
      ["verify"], ["check", "--json"], ["replay", "--json"],
      ["slice", "--from", "20", "--to", "30", "-o", "-"],
      ["plot", "--from", "10", "--to", "90"], ["plot", "--replay", "--from", "150"],
      ["export", "--chrome", "--from", "100"],
    ]
    for command in commands {
      let file = try fixture.run(command + ["in.foldtrace"])
      let piped = try fixture.runPiped(command + ["-"], input: "in.foldtrace", temporaryDirectory: spool.path)
      #expect(piped.status == file.status, "\(command): \(piped.stderr)")
      #expect(file.status == 0, "\(command): \(file.stderr)")
      #expect(!piped.stdout.isEmpty, "\(command)")
      let expected = file.text.replacingOccurrences(of: "in.foldtrace", with: "<stdin>")
      let got = piped.text.replacingOccurrences(of: "&lt;stdin&gt;", with: "<stdin>")
      if command[0] == "slice" {
        #expect(piped.stdout == file.stdout, "\(command)")
      } else {
        #expect(got == expected, "\(command)")
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path) == [])
  }

  /// Damage in a piped trace is reported as in the file: the same message (byte offset, frame), after
  /// the same output, with the same status — 1 for a damaged frame, 4 for a torn tail.
  @Test func damageInPipedInputIsReportedAsInTheFile() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("in.foldtrace", count: 20_000)
    var bytes = Array(try Data(contentsOf: fixture.directory.appendingPathComponent("in.foldtrace")))
    var corrupt = bytes
    corrupt[bytes.count / 2] ^= 0x40
    _ = try fixture.file("corrupt.foldtrace", corrupt)
    bytes.removeLast(bytes.count / 3)
    _ = try fixture.file("torn.foldtrace", bytes)
    for (name, status) in [("corrupt.foldtrace", Int32(1)), ("torn.foldtrace", 4)] {
      for command in [["stats"], ["cat"], ["verify"], ["cat", "--from", "10"], ["slice", "-o", "-"]] {
        let file = try fixture.run(command + [name])
        let piped = try fixture.runPiped(command + ["-"], input: name)
        #expect(file.status == status, "\(name) \(command): \(file.stderr)")
        #expect(piped.status == status, "\(name) \(command): \(piped.stderr)")
        #expect(piped.stderr == file.stderr.replacingOccurrences(of: name, with: "<stdin>"), "\(command)")
        #expect(piped.stderr.contains(" byte "), "\(piped.stderr)")
        if command[0] == "slice" {
          #expect(piped.stdout == file.stdout, "\(command)")
        } else {
          #expect(piped.text == file.text.replacingOccurrences(of: name, with: "<stdin>"), "\(command)")
        }
      }
    }
  }
}

/// Single-pass commands read standard input as it arrives, forward only, with no copy: `cat -` prints a
/// frame's events before the input has ended, and reading forward reports every kind of damage as a
/// file reader does.
@Suite(.timeLimit(.minutes(10))) struct ForwardStandardInputTests {
  @Test func catPrintsEachFrameAsItArrives() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("in.foldtrace", count: 2_000)
    let path = fixture.directory.appendingPathComponent("in.foldtrace").path
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    let reader = try TraceReader(path: path)
    let first = try #require(try reader.nextFrame())
    let executable = try #require(TracecatRunner.executable)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["cat", "-"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // The header and the first frame, and the input stays open: its events must come out now.
    input.fileHandleForWriting.write(Data(bytes[..<(first.offset + first.size)]))
    var received: [UInt8] = []
    let file = try fixture.run(["cat", "in.foldtrace"])
    // The header line, then one line per event: the first frame's last event's.
    let firstLine = file.lines[first.events.count]
    while !String(decoding: received, as: UTF8.self).contains(firstLine) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      received += chunk
    }
    #expect(String(decoding: received, as: UTF8.self).contains(firstLine))
    input.fileHandleForWriting.write(Data(bytes[(first.offset + first.size)...]))
    try input.fileHandleForWriting.close()
    received += output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: received, as: UTF8.self) == file.text)
  }

  /// Truncations, flipped bytes in the header, frames and seek table, a zero tail, frames appended
  /// after a seek table, two traces concatenated: `stats`, `verify` and `cat` on the piped bytes print,
  /// report and exit exactly as on the file.
  @Test func everyDamageReadsForwardAsInTheFile() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("in.foldtrace", count: 3_000)
    let bytes = Array(try Data(contentsOf: fixture.directory.appendingPathComponent("in.foldtrace")))
    var variants: [(String, [UInt8])] = []
    for cut in [0, 3, 8, 20, 200, bytes.count / 2, bytes.count - 30, bytes.count - 5, bytes.count - 1] {
      variants.append(("cut-\(cut)", Array(bytes[..<cut])))
    }
    for at in [2, 10, 60, bytes.count / 3, bytes.count - 40, bytes.count - 12, bytes.count - 3] {
      var flipped = bytes
      flipped[at] ^= 0x10
      variants.append(("flip-\(at)", flipped))
    }
    // The seek table's length field made huge: the file ends inside it (a torn tail).
    let entries = Int(bytes[bytes.count - 9]) | Int(bytes[bytes.count - 8]) << 8
    var longTable = bytes
    longTable[bytes.count - (8 + entries * 12 + 9) + 7] ^= 0x40
    variants.append(("long-table", longTable))
    variants.append(("zero-tail", bytes + [UInt8](repeating: 0, count: 300)))
    variants.append(("two-traces", bytes + bytes))
    let first = try #require(
      try TraceReader(path: fixture.directory.appendingPathComponent("in.foldtrace").path).nextFrame())
    variants.append(("after-table", bytes + bytes[first.offset..<(first.offset + first.size)]))
    variants.append(("skippable-after-table", bytes + bytes[..<first.offset]))
    for (name, variant) in variants {
      _ = try fixture.file(name, variant)
      for command in [["stats"], ["stats", "--json"], ["verify"], ["cat", "--json"]] {
        let file = try fixture.run(command + [name])
        let piped = try fixture.runPiped(command + ["-"], input: name)
        #expect(piped.status == file.status, "\(name) \(command): \(piped.stderr) / \(file.stderr)")
        #expect(
          piped.stderr == file.stderr.replacingOccurrences(of: name, with: "<stdin>"),
          "\(name) \(command)")
        #expect(
          piped.text == file.text.replacingOccurrences(of: name, with: "<stdin>"), "\(name) \(command)")
      }
    }
  }
}
