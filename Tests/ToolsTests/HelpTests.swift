import Foundation
import Testing

/// `--help` for the tool and every subcommand, and usage errors with the nearest valid spelling.
@Suite struct HelpTests {
  static let subcommands = [
    "cat", "stats", "verify", "recover", "diff", "slice", "export", "plot", "show", "replay", "check",
    "pack",
  ]

  @Test func everyHelpMatchesItsGolden() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    Golden.assert(
      try fixture.transcript([["--help"]] + Self.subcommands.map { [$0, "--help"] }), named: "help.txt")
  }

  /// `--version` alone prints one line: the version and the formats read and written; a value or
  /// anything after it is a usage error that says so.
  @Test func versionPrintsOneLine() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let version = try fixture.run(["--version"])
    #expect(version.status == 0)
    #expect(version.text == "tracecat 0.2.0 (reads trace format 1.x; writes 1.1, with 1.2's cut record)\n")
    #expect(version.stderr.isEmpty)
    let extra = try fixture.run(["--version", "duo.foldtrace"])
    #expect(extra.status == 2)
    #expect(
      extra.stderr.hasPrefix("tracecat: error: --version takes no value and no other arguments\n"),
      "\(extra.stderr)")
    let valued = try fixture.run(["--version=1"])
    #expect(valued.status == 2)
    #expect(valued.stderr.hasPrefix("tracecat: error: --version takes no value"), "\(valued.stderr)")
  }

  @Test func usageErrorsExitTwoWithTheNearestSpelling() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let commands: [[String]] = [
      [], ["stat", "duo.foldtrace"], ["dif", "a", "b"], ["exprt", "--chrome", "duo.foldtrace"],
      ["help", "slcie"], ["stats", "--jsn", "duo.foldtrace"], ["slice", "--form", "1", "duo.foldtrace"],
      ["plot", "--outptu", "x.svg", "duo.foldtrace"], ["verify", "--json", "duo.foldtrace"],
      ["slice", "--to", "soon", "duo.foldtrace"], ["diff", "-", "-"], ["plot", "a", "b"],
    ]
    let text = try fixture.transcript(commands)
    Golden.assert(text, named: "usage-errors.txt")
    for command in commands { #expect(try fixture.run(command).status == 2, "\(command)") }
  }
}
