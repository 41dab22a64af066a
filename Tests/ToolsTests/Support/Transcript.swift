import Foundation

/// Runs of `tracecat` written down as a shell session, for golden files: the command line, the exit
/// status, standard output, then standard error when there is any.
///
/// ```
/// $ tracecat verify torn.foldtrace
/// [exit 4]
/// [stderr]
/// tracecat: error: torn.foldtrace: byte 1425: frame 2 is truncated: …
/// ```
struct Transcript {
  private(set) var text = ""

  /// Appends one run.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after `tracecat`.
  ///   - stdin: What was piped into it, for the command line (`< name` or `name |`), if anything.
  ///   - result: The run.
  mutating func append(_ arguments: [String], stdin: String? = nil, _ result: TracecatRunner.Result) {
    let command = (["tracecat"] + arguments.map(Self.quoted)).joined(separator: " ")
    text += "$ " + (stdin.map { "\(command) < \($0)" } ?? command) + "\n"
    text += "[exit \(result.status)]\n"
    if result.stdout.contains(0) || String(validating: result.stdout, as: UTF8.self) == nil {
      text += "<\(result.stdout.count) bytes of binary output>\n"
    } else {
      text += result.text
      if !result.text.isEmpty && !result.text.hasSuffix("\n") { text += "<no newline at end>\n" }
    }
    if !result.stderr.isEmpty { text += "[stderr]\n" + result.stderr }
    text += "\n"
  }

  private static func quoted(_ argument: String) -> String {
    let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=,:".contains($0) }
    return plain && !argument.isEmpty
      ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
