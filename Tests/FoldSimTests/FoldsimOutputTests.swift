import Foundation
import TestSupport
import Testing

/// Where `foldsim` writes: `-o` publishes atomically, never over a file that holds data (`--force`
/// replaces one, following symbolic links, but never the scenario), and writes through special files; a
/// failed write to standard output is an error (exit 3), not a silent success.
@Suite struct FoldsimOutputTests {
  let directory: URL
  let scenario = CorpusTests.traces.appendingPathComponent("case-iphone-portrait.json").path
  let trace = CorpusTests.traces.appendingPathComponent("case-iphone-portrait.foldtrace")

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("foldsim-out-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// Runs `foldsim` with standard output on `stdoutPath`; returns its status and standard error.
  func run(_ arguments: [String], stdoutPath: String = "/dev/null") throws -> (status: Int32, stderr: String)
  {
    let executable = try #require(FoldsimExecutableTests.executable, "build foldsim first")
    let result = try ChildProcess.run(executable, arguments, stdout: .path(stdoutPath))
    return (result.status, result.stderr)
  }

  /// The file type bits of `path`, without following a final symbolic link.
  func fileType(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  /// A file name's control characters reach neither the terminal nor a forged line: the summary and
  /// the errors show them escaped, as tracecat does.
  @Test func fileNamesShowTheirControlCharactersEscaped() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = try #require(FoldsimExecutableTests.executable, "build foldsim first")
    let output = directory.appendingPathComponent("o\u{1B}]0;x\u{7}\nfake.foldtrace").path
    let written = try ChildProcess.run(executable, [scenario, "-o", output])
    #expect(written.status == 0, "\(written.stderr)")
    let shown = directory.path + #"/o\u001b]0;x\u0007\nfake.foldtrace: "#
    #expect(written.text.hasPrefix(shown), "\(written.text)")
    let missing = try run([directory.appendingPathComponent("s\u{9B}2J\n.json").path, "-o", "x.foldtrace"])
    #expect(missing.status == 3)
    #expect(missing.stderr.contains(#"/s\u009b2J\n.json"#), "\(missing.stderr)")
    #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
  }

  /// An argument that is not UTF-8 is refused (exit 2), as tracecat refuses one: read with U+FFFD in
  /// place of its bytes, the scenario was "not found" and `-o` created a file under another name.
  @Test func anArgumentThatIsNotUTF8IsRefused() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = try #require(FoldsimExecutableTests.executable, "build foldsim first")
    let script = """
      "$0" "$1" -o "$(printf 'o\\376.ft')"; echo "output $?"
      ls | grep -c '^o'; true
      """
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path, scenario], in: directory, stdin: [])
    #expect(result.text == "output 2\n0\n", "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "foldsim: argument 3 ('o\\xFE.ft') is not valid UTF-8; file names and every other argument are "
          + "read as UTF-8\n"), "\(result.stderr)")
  }

  @Test func outputOntoACharacterDeviceWritesThroughIt() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    // Private copies of /dev/full (1, 7) and /dev/null (1, 3); skipped where mknod needs privileges.
    let full = directory.appendingPathComponent("full").path
    let null = directory.appendingPathComponent("null").path
    guard mknod(full, S_IFCHR | 0o666, (1 << 8) | 7) == 0, mknod(null, S_IFCHR | 0o666, (1 << 8) | 3) == 0
    else { return }
    let intoFull = try run([scenario, "-o", full])
    #expect(intoFull.status == 3)
    #expect(intoFull.stderr == "foldsim: cannot write '\(full)': No space left on device\n")
    #expect(fileType(full) == S_IFCHR)
    let intoNull = try run([scenario, "-o", null])
    #expect(intoNull.status == 0)
    #expect(intoNull.stderr == "")
    #expect(fileType(null) == S_IFCHR)
  }

  @Test func outputThroughASymbolicLinkReplacesItsTarget() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("target.foldtrace")
    let link = directory.appendingPathComponent("link.foldtrace")
    try Data("old".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
    let refused = try run([scenario, "-o", link.path])
    #expect(refused.status == 3)
    #expect(try Data(contentsOf: target) == Data("old".utf8))
    let result = try run([scenario, "-o", link.path, "--force"])
    #expect(result.status == 0)
    #expect(fileType(link.path) == S_IFLNK)
    #expect(try Data(contentsOf: target) == Data(contentsOf: trace))
  }

  @Test func outputNeverOverwritesAFileAndForceNeverReplacesTheScenario() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let own = directory.appendingPathComponent("own.json")
    try Data(contentsOf: URL(fileURLWithPath: scenario)).write(to: own)
    let original = try Data(contentsOf: own)
    let existing = directory.appendingPathComponent("existing.foldtrace")
    try Data("keep me".utf8).write(to: existing)
    let refused = try run([own.path, "-o", existing.path])
    #expect(refused.status == 3)
    #expect(
      refused.stderr.contains("it already exists and holds data; foldsim replaces a file only with --force"))
    #expect(try Data(contentsOf: existing) == Data("keep me".utf8))
    let ontoScenario = try run([own.path, "-o", own.path, "--force"])
    #expect(ontoScenario.status == 3)
    #expect(ontoScenario.stderr.contains("is this command's input"))
    #expect(try Data(contentsOf: own) == original)
    let forced = try run([own.path, "-o", existing.path, "--force"])
    #expect(forced.status == 0)
    #expect(try Data(contentsOf: existing) == Data(contentsOf: trace))
    // No temporary file is left beside the outputs.
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasPrefix(".")
    }
    #expect(names.isEmpty)
  }

  /// A run killed by SIGKILL while it writes its trace, which no handler sees, leaves nothing in the
  /// directory: the trace is written into a file with no name (`O_TMPFILE`) until it is published. With a
  /// hidden temporary name, every kill left a `.OUT.XXXXXX` forever.
  @Test func aKilledRunLeavesNothingBehind() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = try #require(FoldsimExecutableTests.executable, "build foldsim first")
    // Far longer than the wait for the output to be opened: the run is killed long before its end.
    try Data(FoldsimMemoryTests.resizes(20_000).utf8).write(to: directory.appendingPathComponent("long.json"))
    let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    let process = try ChildProcess.start(
      executable, ["long.json", "-o", "long.foldtrace"], in: directory, stdout: "/dev/null",
      stderr: "/dev/null")
    let open = ChildProcess.waitForOpenFile(of: process.processIdentifier, in: directory)
    #expect(open.count == 1, "\(open)")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    let after = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(after == before)
  }

  @Test func outputIntoAMissingDirectoryNamesTheDirectory() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("missing")
    let path = missing.appendingPathComponent("out.foldtrace").path
    let result = try run([scenario, "-o", path])
    #expect(result.status == 3)
    #expect(result.stderr == "foldsim: cannot write '\(path)': no such directory '\(missing.path)'\n")
    // A file where the directory should be.
    try Data("x".utf8).write(to: missing)
    let underFile = try run([scenario, "-o", path])
    #expect(underFile.status == 3)
    #expect(underFile.stderr == "foldsim: cannot write '\(path)': '\(missing.path)' is not a directory\n")
  }

  @Test(arguments: [["--events"], ["list"], ["--help"]])
  func fullStandardOutputIsAFileError(_ options: [String]) throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let arguments = options == ["--events"] ? [scenario, "--events"] : options
    let result = try run(arguments, stdoutPath: "/dev/full")
    #expect(result.status == 3)
    #expect(result.stderr == "foldsim: cannot write standard output: No space left on device\n")
  }

  @Test func scenarioInputErrorsUseTheSystemsWordsAndNameTheLine() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let latin1 = directory.appendingPathComponent("latin1.json")
    try Data(
      Array(#"{"device": "iphone","#.utf8) + [0x0A] + Array(#" "app": ""#.utf8) + [0xE9]
        + Array(#"", "seed": 1, "timeline": []}"#.utf8)
    ).write(to: latin1)
    let notUTF8 = try run([latin1.path, "--events"])
    #expect(notUTF8.status == 1)
    #expect(notUTF8.stderr == "foldsim: \(latin1.path):2:10: the file is not valid UTF-8\n")
    let folder = try run([directory.path, "--events"])
    #expect(folder.status == 3)
    #expect(folder.stderr == "foldsim: cannot read scenario '\(directory.path)': Is a directory\n")
    let bom = directory.appendingPathComponent("bom.json")
    try Data([0xEF, 0xBB, 0xBF] + Array(#"{"device": "iphone", "seed": 1, "timeline": []}"#.utf8)).write(
      to: bom)
    #expect(try run([bom.path, "--events"]).status == 0)
    // A column after the mark counts from the start of the file, the mark's three bytes included.
    try Data([0xEF, 0xBB, 0xBF] + Array(#"{"device": "iphon", "seed": 1, "timeline": []}"#.utf8)).write(
      to: bom)
    let unknown = try run([bom.path, "--events"])
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr.hasPrefix("foldsim: \(bom.path):1:15: device: unknown device"), "\(unknown.stderr)")
    // A second mark is not JSON, and is named as a mark, not as the letter 'ï' its first byte would be.
    try Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(#"{"device": "iphone"}"#.utf8)).write(to: bom)
    let doubled = try run([bom.path, "--events"])
    #expect(doubled.status == 1)
    #expect(
      doubled.stderr
        == "foldsim: \(bom.path):1:4: unexpected character U+FEFF (a byte-order mark, allowed only at the "
        + "start): expected a value\n")
    try Data(Array(#"{"device": "iphone", "seed": \#u{A0}1}"#.utf8)).write(to: bom)
    #expect(try run([bom.path, "--events"]).stderr.contains("seed: unexpected character U+00A0: expected"))
  }
}
