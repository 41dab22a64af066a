import Foundation
import TestSupport
import Testing

/// How `foldsim` reads its command line, by tracecat's rules: an option that needs a value takes the
/// next argument even when it starts with '-' (`-o -h` is the file `-h`), `--` ends the options, values
/// may be given as `-o=OUT` and `--output=OUT`, `-o -` is standard output (never a terminal), an option
/// is given once and never empty, and `--o` is no abbreviation of anything.
@Suite struct FoldsimArgumentTests {
  let directory: URL
  let scenario = CorpusTests.traces.appendingPathComponent("case-iphone-portrait.json").path
  let trace = CorpusTests.traces.appendingPathComponent("case-iphone-portrait.foldtrace")

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("foldsim-args-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// Runs `foldsim` in the test's directory, standard output captured unless `stdoutPath` is given.
  func run(_ arguments: [String], stdoutPath: String? = nil) throws -> ChildProcess.Result {
    let executable = try #require(FoldsimExecutableTests.executable, "build foldsim first")
    return try ChildProcess.run(
      executable, arguments, in: directory, stdout: stdoutPath.map { .path($0) } ?? .capture)
  }

  /// The names in the test's directory, sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  /// The first line of a usage error (the synopsis follows it).
  func firstLine(_ text: String) -> String { String(text.prefix { $0 != "\n" }) }

  /// `--version` alone prints the version and the trace format foldsim writes, and writes no file.
  @Test func versionPrintsOneLine() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try run(["--version"])
    #expect(result.status == 0)
    #expect(result.text == "foldsim 0.2.0 (writes trace format 1.1; synthesizer 0.1)\n")
    #expect(try names().isEmpty)
    let extra = try run(["--version", "x"])
    #expect(extra.status == 2)
    #expect(
      firstLine(extra.stderr) == "foldsim: '--version' takes no value and no other arguments",
      "\(extra.stderr)")
    #expect(firstLine(try run(["--version=1"]).stderr) == firstLine(extra.stderr))
  }

  @Test func aValueStartingWithADashIsTheOptionsValue() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try run([scenario, "-o", "-h"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.text.hasPrefix("-h: "), "\(result.text)")
    #expect(try names() == ["-h"])
    #expect(try Data(contentsOf: directory.appendingPathComponent("-h")) == Data(contentsOf: trace))
  }

  @Test func doubleDashEndsTheOptions() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(
      atPath: scenario, toPath: directory.appendingPathComponent("-s.json").path)
    let result = try run(["-o", "out.foldtrace", "--", "-s.json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try Data(contentsOf: directory.appendingPathComponent("out.foldtrace")) == Data(contentsOf: trace))
    // After `--` a word is a scenario file, not a command, and not a mistyped one either.
    let list = try run(["--events", "--", "list"])
    #expect(list.status == 3)
    #expect(list.stderr == "foldsim: cannot read scenario 'list': No such file or directory\n")
  }

  @Test func valuesMayFollowAnEqualsSign() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let short = try run([scenario, "-o=a.foldtrace"])
    #expect(short.status == 0, "\(short.stderr)")
    let long = try run(["--output=b.foldtrace", scenario])
    #expect(long.status == 0, "\(long.stderr)")
    #expect(try names() == ["a.foldtrace", "b.foldtrace"])
    #expect(try Data(contentsOf: directory.appendingPathComponent("b.foldtrace")) == Data(contentsOf: trace))
    let flag = try run([scenario, "-o", "c.foldtrace", "--force=yes"])
    #expect(flag.status == 2)
    #expect(firstLine(flag.stderr) == "foldsim: --force takes no value")
    #expect(try names() == ["a.foldtrace", "b.foldtrace"])
  }

  @Test func dashIsStandardOutput() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try run([scenario, "-o", "-"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    // The trace alone, byte for byte: no summary line is mixed into it.
    #expect(result.stdout == Array(try Data(contentsOf: trace)))
    #expect(try names() == [])
  }

  @Test func dashIsRefusedOnATerminal() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    // A pseudo-terminal's secondary end, by Linux's ioctls (Glibc's posix_openpt, unlockpt and ptsname
    // are not imported into Swift): TIOCSPTLCK (_IOW('T', 0x31, int)) unlocks it, TIOCGPTN
    // (_IOR('T', 0x30, unsigned int)) gives its number under /dev/pts.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0
    else {
      return  // No pseudo-terminals here.
    }
    defer { close(master) }
    let result = try run([scenario, "-o", "-"], stdoutPath: "/dev/pts/\(number)")
    #expect(result.status == 2)
    #expect(
      firstLine(result.stderr) == "foldsim: refusing to write a binary trace to a terminal; redirect "
        + "standard output or use -o OUT.foldtrace")
    #expect(try names() == [])
  }

  @Test(arguments: [
    (
      ["-o", "a.foldtrace", "-o", "b.foldtrace"],
      "-o is given more than once; give it once (-o, --output OUT)"
    ),
    (
      ["--output", "a.foldtrace", "-o", "b.foldtrace"],
      "-o is given more than once; give it once (-o, --output OUT)"
    ),
    (["-o", ""], "-o needs a value (-o, --output OUT), got an empty one"),
    (["--output="], "--output needs a value (-o, --output OUT), got an empty one"),
    (["-o"], "-o needs a value (-o, --output OUT)"),
    (["-o", "--"], "-o needs a value (-o, --output OUT)"),
    (["--o", "a.foldtrace"], "unknown option '--o'; did you mean '-o'?"),
    (["--outptu", "a.foldtrace"], "unknown option '--outptu'; did you mean '--output'?"),
    (["-output", "a.foldtrace"], "unknown option '-output'; did you mean '--output'?"),
    (["--bogus", "--help"], "unknown option '--bogus'"),
    // A one-letter option is suggested only when it is the same letter in the other case: every other
    // one-letter option is one edit away, and no nearer.
    (["-O", "a.foldtrace"], "unknown option '-O'; did you mean '-o'?"),
    (["-x", "a.foldtrace"], "unknown option '-x'"),
    (["-H"], "unknown option '-H'; did you mean '-h'?"),
    // A flag that means nothing with the others is refused, not ignored.
    (["--events", "--force"], "--force replaces an existing OUT; --events writes no file"),
    (["-o", "-", "--force"], "--force replaces an existing OUT; -o - writes standard output"),
  ])
  func malformedOptionsAreUsageErrors(_ options: [String], _ message: String) throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try run([scenario] + options)
    #expect(result.status == 2)
    #expect(firstLine(result.stderr) == "foldsim: \(message)")
    #expect(result.stderr.hasSuffix("See 'foldsim help' for the scenario format.\n"))
    #expect(result.text == "")
    #expect(try names() == [])
  }

  /// A bare word that names neither a command nor a file is a mistyped command, named with the nearest
  /// command as tracecat names its nearest subcommand; one near none gets no guess; `-` (standard input,
  /// to tracecat) is pointed to `/dev/stdin`.
  @Test(arguments: [
    ("lst", "; did you mean 'list'?"), ("hlep", "; did you mean 'help'?"), ("lsit", "; did you mean 'list'?"),
    ("xyzzy", ""), ("-", "; to read a scenario from standard input, name /dev/stdin"),
  ])
  func aMistypedCommandNamesTheNearestOne(_ word: String, _ hint: String) throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try run([word])
    #expect(result.status == 2)
    #expect(
      firstLine(result.stderr)
        == "foldsim: '\(word)' is neither a command (list, help) nor a scenario file\(hint)")
    #expect(result.text == "")
  }

  /// A flag given twice means what it means once, as tracecat reads a repeated flag (`--json --json`);
  /// an option with a value given twice is refused (above).
  @Test func aRepeatedFlagMeansWhatItMeansOnce() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let twice = try run([scenario, "--events", "--events"])
    let once = try run([scenario, "--events"])
    #expect(twice.status == 0, "\(twice.stderr)")
    #expect(twice.text == once.text)
    #expect(twice.text.hasPrefix("    0.0000 s1 sceneConnected"))
  }

  @Test func optionsMayComeBeforeOrAfterTheScenario() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try run(["--force", "-o", "a.foldtrace", scenario])
    #expect(before.status == 0, "\(before.stderr)")
    let after = try run([scenario, "-o", "a.foldtrace", "--force", "--force"])
    #expect(after.status == 0, "\(after.stderr)")
    #expect(try Data(contentsOf: directory.appendingPathComponent("a.foldtrace")) == Data(contentsOf: trace))
    let help = try run([scenario, "-o", "b.foldtrace", "--help"])
    #expect(help.status == 0)
    #expect(help.text.hasPrefix("usage: foldsim"))
    #expect(help.text.contains("-o - writes standard output, never a terminal"))
    #expect(help.text.contains("as -o OUT, -o=OUT, --output OUT or --output=OUT"))
    #expect(try names() == ["a.foldtrace"])
  }

  /// Standard output appended to the scenario it reads is refused (exit 3) before anything is
  /// written, as tracecat refuses standard output onto an input; the scenario keeps its bytes.
  @Test(arguments: ["--events", "-o -"])
  func standardOutputOntoTheScenarioIsRefused(_ options: String) throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = try #require(FoldsimExecutableTests.executable, "build foldsim first")
    let copy = directory.appendingPathComponent("s.json")
    try FileManager.default.copyItem(atPath: scenario, toPath: copy.path)
    let before = try Data(contentsOf: copy)
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" s.json \(options) >> s.json", executable.path],
      in: directory)
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.contains("is also this command's standard output"), "\(result.stderr)")
    #expect(try Data(contentsOf: copy) == before)
  }
}
