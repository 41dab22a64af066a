import FoldTrace
import Foundation
import Testing

/// Every exit status, for every kind of input: valid, unclosed, torn, zero-filled, corrupt, empty,
/// foreign, missing, and usage errors.
@Suite struct ExitStatusTests {
  /// A fixture holding one trace in every condition.
  static func conditions() throws -> TracecatFixture {
    let fixture = try TracecatFixture()
    let bytes = try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    try fixture.trace("unclosed.foldtrace", TracecatFixture.handoverEvents(), close: false)
    let reader = try TraceReader(bytes: bytes, name: "handover")
    var frames: [TraceFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    let last = frames[frames.count - 1]
    _ = try fixture.file("torn.foldtrace", Array(bytes[..<(last.offset + last.size / 2)]))
    _ = try fixture.file(
      "zero-tail.foldtrace", Array(bytes[..<last.offset]) + Array(repeating: 0, count: 4096))
    var corrupt = bytes
    corrupt[frames[1].offset + frames[1].size / 2] ^= 0x40
    _ = try fixture.file("corrupt.foldtrace", corrupt)
    _ = try fixture.file("empty.foldtrace", [])
    _ = try fixture.file("notes.txt", Array("just some text\n".utf8))
    return fixture
  }

  static let files = [
    "handover.foldtrace", "unclosed.foldtrace", "torn.foldtrace", "zero-tail.foldtrace", "corrupt.foldtrace",
    "empty.foldtrace", "notes.txt", "absent.foldtrace",
  ]

  @Test func verifyTellsValidFromRecoverableFromCorrupt() throws {
    let fixture = try Self.conditions()
    defer { fixture.remove() }
    var commands = Self.files.map { ["verify", $0] }
    commands.append(["verify", "handover.foldtrace", "torn.foldtrace"])
    commands.append(["verify", "torn.foldtrace", "corrupt.foldtrace"])
    var transcript = try fixture.transcript(
      commands.map { ($0, nil) } + [(["verify", "-"], "torn.foldtrace")])
    let statuses = try Self.files.map { try fixture.run(["verify", $0]).status }
    #expect(statuses == [0, 4, 4, 4, 1, 1, 1, 3])
    transcript += "statuses: \(statuses)\n"
    Golden.assert(transcript, named: "verify-conditions.txt")
  }

  @Test func recoverRepairsWhatVerifyCallsRecoverable() throws {
    let fixture = try Self.conditions()
    defer { fixture.remove() }
    let corrupt = try fixture.bytes(of: "corrupt.foldtrace")
    let text = try fixture.transcript([
      ["recover", "handover.foldtrace"],
      ["recover", "unclosed.foldtrace"], ["verify", "unclosed.foldtrace"],
      ["recover", "torn.foldtrace"], ["recover", "torn.foldtrace"], ["verify", "torn.foldtrace"],
      ["recover", "zero-tail.foldtrace"], ["verify", "zero-tail.foldtrace"],
      ["recover", "corrupt.foldtrace"], ["recover", "empty.foldtrace"], ["recover", "notes.txt"],
      ["recover", "-"],
    ])
    Golden.assert(text, named: "recover-conditions.txt")
    #expect(try fixture.bytes(of: "corrupt.foldtrace") == corrupt, "recover changed a corrupt trace")
  }

  /// A trace a writer holds open is neither corrupt nor changed: recover says so with its own status.
  @Test func recoverLeavesALockedTraceAloneWithItsOwnStatus() throws {
    let fixture = try Self.conditions()
    defer { fixture.remove() }
    let path = fixture.directory.appendingPathComponent("unclosed.foldtrace").path
    let before = try fixture.bytes(of: "unclosed.foldtrace")
    let writer = try TraceWriter(appendingTo: path)
    let result = try fixture.run(["recover", "unclosed.foldtrace"])
    #expect(result.status == 5)
    #expect(
      result.stderr
        == "tracecat: error: unclosed.foldtrace: another writer has this trace open (a recording in "
        + "progress?); nothing was changed: try again once it has closed the trace\n")
    #expect(try fixture.bytes(of: "unclosed.foldtrace") == before)
    let several = try fixture.run(["recover", "torn.foldtrace", "unclosed.foldtrace", "corrupt.foldtrace"])
    #expect(several.status == 5, "locked is worse than corrupt and recovered, not as bad as I/O")
    try writer.close()
    #expect(
      try fixture.run(["recover", "unclosed.foldtrace"]).status == 0, "the writer's close wrote the table")
  }

  @Test func statsReportsHowEachTraceEnds() throws {
    let fixture = try Self.conditions()
    defer { fixture.remove() }
    let text = try fixture.transcript(
      Self.files.map { (["stats", $0], nil) } + [
        (
          [
            "stats", "--json", "handover.foldtrace", "unclosed.foldtrace", "torn.foldtrace",
            "corrupt.foldtrace",
          ], nil
        ),
        (["stats", "-"], "handover.foldtrace"),
      ])
    Golden.assert(text, named: "stats-conditions.txt")
  }

  /// The other subcommands on damaged input: the same statuses, nothing half-written.
  @Test func diffSliceExportAndPlotRefuseDamagedTraces() throws {
    let fixture = try Self.conditions()
    defer { fixture.remove() }
    var commands: [[String]] = []
    for file in ["torn.foldtrace", "corrupt.foldtrace", "empty.foldtrace", "notes.txt"] {
      commands += [
        ["diff", "handover.foldtrace", file], ["slice", "--from", "1", "-o", "out.foldtrace", file],
        ["export", "--chrome", "-o", "out.json", file], ["plot", "-o", "out.svg", file],
      ]
    }
    Golden.assert(try fixture.transcript(commands), named: "damaged-inputs.txt")
    for name in ["out.foldtrace", "out.json", "out.svg"] {
      #expect(!FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent(name).path))
    }
  }

  @Test func catPrintsEveryCompleteFrameThenTheStatus() throws {
    let fixture = try Self.conditions()
    defer { fixture.remove() }
    var statuses: [Int32] = []
    for file in Self.files {
      let result = try fixture.run(["--kind", "marker", file])
      statuses.append(result.status)
    }
    #expect(statuses == [0, 0, 4, 4, 1, 1, 1, 3])
    Golden.assert(
      try fixture.transcript(Self.files.map { ["--kind", "marker,dropped", $0] }), named: "cat-conditions.txt"
    )
  }
}
