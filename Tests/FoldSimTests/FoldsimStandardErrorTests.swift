import Foundation
import TestSupport
import Testing

/// foldsim whose standard error cannot be written (full, or closed) exits with the status it would have
/// had, its message lost: it trapped (SIGILL, 132) writing the message.
@Suite struct FoldsimStandardErrorTests {
  @Test(arguments: [
    "\"$0\" missing.json", "\"$0\" --bogus", "\"$0\" -o out.foldtrace \"$1\" >&-",
    "\"$0\" -o out2.foldtrace \"$1\" > /dev/full",
  ])
  func aStandardErrorThatCannotBeWrittenKeepsTheStatus(_ command: String) throws {
    let executable = try #require(FoldsimExecutableTests.executable, "build foldsim first")
    let scenario = CorpusTests.traces.appendingPathComponent("case-iphone-portrait.json").path
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foldsim-stderr-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = """
      \(command) 2> /dev/null; echo "null $?"
      rm -f out.foldtrace out2.foldtrace
      \(command) 2> /dev/full; echo "full $?"
      rm -f out.foldtrace out2.foldtrace
      \(command) 2>&-; echo "closed $?"
      """
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path, scenario], in: directory, stdin: [])
    let lines = result.text.split(separator: "\n").map(String.init)
    try #require(lines.count == 3, "\(result.text)")
    let status = try #require(Int(lines[0].dropFirst(5)))
    #expect(status > 0 && status < 128, "\(command): \(result.text)")
    #expect(lines == ["null \(status)", "full \(status)", "closed \(status)"], "\(command)")
  }
}
