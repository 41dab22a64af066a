import FoldTrace
import Foundation
import Testing

/// `tracecat replay` end to end: the table, the JSON Lines contract, sharding, damaged input.
@Suite struct TracecatReplayTests {
  func run(_ arguments: [String], _ fixture: TracecatFixture) throws -> TracecatRunner.Result {
    try TracecatRunner.run(arguments, in: fixture.directory)
  }

  @Test func printsATableAndATotalAndExitsZeroWhenEveryTracePasses() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try run(["replay", "duo.foldtrace"], fixture)
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    let lines = result.lines
    #expect(lines.first?.hasPrefix("TRACE") == true)
    #expect(lines.first?.hasSuffix("SHAPES  MAX DRIFT  MAX JUMP  VERDICT") == true)
    let row = try #require(lines.first { $0.hasPrefix("duo.foldtrace") })
    #expect(row.hasSuffix("pass"))
    #expect(row.contains(" \(fixture.events.count) "))
    #expect(row.contains("1:cT"))
    #expect(lines.last == "total: 1 trace, \(fixture.events.count) events, 1 passed, 0 failed")
  }

  @Test func jsonLinesKeepTheirNamesAndEndWithTheSummary() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try run(["replay", "--json", "duo.foldtrace"], fixture)
    #expect(result.status == 0)
    let lines = result.lines
    #expect(lines.count >= 2)
    for line in lines.dropLast() {
      #expect(line.hasPrefix(#"{"kind":"layout","trace":"duo.foldtrace","t":"#), "\(line)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(
        Set(object.keys)
          == ["kind", "trace", "t", "scene", "event", "shape", "presentation", "columns", "anchor"])
    }
    #expect(
      lines.last
        == #"{"kind":"summary","trace":"duo.foldtrace","events":\#(fixture.events.count),"#
        + #""verdict":"pass","failures":[]}"#)
  }

  @Test func framesAddOneRecordPerElementPerTickAndRunsAreByteIdentical() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let first = try run(["replay", "--json", "--frames", "duo.foldtrace"], fixture)
    let second = try run(["replay", "--json", "--frames", "duo.foldtrace"], fixture)
    #expect(first.stdout == second.stdout)
    let frames = first.lines.filter { $0.hasPrefix(#"{"kind":"frame""#) }
    #expect(!frames.isEmpty)
    for line in frames.prefix(50) {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(Set(object.keys) == ["kind", "trace", "t", "scene", "element", "frame", "target", "opacity"])
      #expect((object["frame"] as? [Any])?.count == 4)
    }
  }

  @Test func directoriesAreSearchedAndShardsPartitionTheSortedList() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let corpus = fixture.directory.appendingPathComponent("corpus/nested")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    for name in ["b.foldtrace", "a.foldtrace", "c.foldtrace"] {
      try Data(fixture.bytes).write(to: corpus.appendingPathComponent(name))
    }
    func traces(_ arguments: [String]) throws -> [String] {
      try run(["replay"] + arguments + ["corpus"], fixture).lines.dropFirst().prefix {
        !$0.hasPrefix("total")
      }
      .map { String($0.prefix { $0 != " " }) }
    }
    #expect(try traces([]) == ["a.foldtrace", "b.foldtrace", "c.foldtrace"])
    #expect(try traces(["--shard", "1/2"]) == ["a.foldtrace"])
    #expect(try traces(["--shard", "2/2"]) == ["b.foldtrace", "c.foldtrace"])
    #expect(try run(["replay", "--shard", "3/2", "corpus"], fixture).status == 2)
    // The largest shard numbers are exact, not an arithmetic trap: the last of Int.max shards holds the
    // last file, the first holds none.
    let most = "\(Int.max)"
    #expect(try traces(["--shard", "\(most)/\(most)"]) == ["c.foldtrace"])
    #expect(try traces(["--shard", "1/\(most)"]) == [])
    #expect(try run(["replay", "--shard", "1/99999999999999999999", "corpus"], fixture).status == 2)
    try FileManager.default.createDirectory(
      at: fixture.directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
    let empty = try run(["replay", "empty"], fixture)
    #expect(empty.status == 3)
    #expect(empty.stderr.contains("no .foldtrace files found"))
  }

  /// Shard numbers and the tick rate are ASCII decimal digits only, as times are: a sign or a blank is
  /// refused whatever `Int(_:)` would accept, with a message that says the expected form; leading zeros
  /// are digits like any other.
  @Test func numbersOnTheCommandLineAreDigitsOnly() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let corpus = fixture.directory.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    for name in ["a.foldtrace", "b.foldtrace"] {
      try Data(fixture.bytes).write(to: corpus.appendingPathComponent(name))
    }
    for shard in [
      "+1/+2", "+1/2", "1/+2", " 1/2", "1/2 ", "1 /2", "-1/2", "1/2/3", "/2", "1/", "١/٢",
      "1/9223372036854775808",
    ] {
      let result = try run(["replay", "--shard", shard, "corpus"], fixture)
      #expect(result.status == 2, "--shard '\(shard)'")
      #expect(
        result.stderr.contains(
          "--shard '\(shard)' is not K/N in digits (0-9) with 1 ≤ K ≤ N ≤ 9223372036854775807"),
        "\(result.stderr)")
    }
    let first = try run(["replay", "--shard", "01/2", "corpus"], fixture)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.lines.dropFirst().first?.hasPrefix("a.foldtrace ") == true)
    for rate in ["+120", " 120", "120 ", "-120", "1e2", "0x78"] {
      let result = try run(["replay", "--tick-rate", rate, "duo.foldtrace"], fixture)
      #expect(result.status == 2, "--tick-rate '\(rate)'")
      #expect(result.stderr.contains("--tick-rate '\(rate)' is not a whole number"), "\(result.stderr)")
    }
    #expect(try run(["replay", "--tick-rate", "0120", "duo.foldtrace"], fixture).status == 0)
    for scene in ["+1", "1.0", "-1,+2"] {
      let result = try run(["cat", "--scene", scene, "duo.foldtrace"], fixture)
      #expect(result.status == 2, "--scene '\(scene)'")
      #expect(result.stderr.contains("is not a scene number"), "\(result.stderr)")
    }
    #expect(try run(["cat", "--scene", "01", "duo.foldtrace"], fixture).status == 0)
  }

  /// A torn trace is replayed as far as it reads, then reported: its row says `error`, it counts as
  /// failed, and the run exits 4 (a torn tail `recover` repairs) when what was read checks out.
  @Test func aDamagedTraceFailsTheRunAsRecoverable() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let torn = try fixture.file("torn.foldtrace", Array(fixture.bytes.prefix(fixture.bytes.count * 2 / 3)))
    let result = try run(["replay", "duo.foldtrace", torn], fixture)
    #expect(result.status == 4, "\(result.stderr)")
    #expect(result.stderr.contains("torn.foldtrace"))
    #expect(result.lines.contains { $0.hasPrefix("torn.foldtrace") && $0.hasSuffix("error") })
    #expect(result.lines.last?.hasSuffix("1 passed, 1 failed") == true)
    #expect(try run(["check", torn], fixture).status == 4)
  }

  /// Every event the reader delivers before the damage is replayed and counted, as `check` counts them,
  /// whether or not it caused a record.
  @Test func aDamagedTraceReplaysEveryEventRead() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var partial = 0
    for cut in stride(from: fixture.bytes.count / 8, to: fixture.bytes.count, by: fixture.bytes.count / 8) {
      let torn = try fixture.file("torn.foldtrace", Array(fixture.bytes.prefix(cut)))
      let reader = try TraceReader(path: fixture.directory.appendingPathComponent(torn).path)
      var read = 0
      do {
        while let frame = try reader.nextFrame() { read += frame.events.count }
      } catch {}
      if read > 0 && read < fixture.events.count { partial += 1 }
      let events = #""events":\#(read),"#
      for command in [["replay", "--json"], ["replay", "--json", "--compare"], ["check", "--json"]] {
        let result = try run(command + [torn], fixture)
        #expect(result.lines.last?.contains(events) == true, "\(command) cut at \(cut): \(result.text)")
      }
      let table = try run(["replay", torn], fixture)
      #expect(table.lines.last == "total: 1 trace, \(read) events, 0 passed, 1 failed", "\(table.text)")
    }
    #expect(partial >= 2)
  }
}
