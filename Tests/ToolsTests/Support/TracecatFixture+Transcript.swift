import Foundation

extension TracecatFixture {
  /// Runs `tracecat` in the fixture's directory.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after `tracecat`.
  ///   - stdin: A file in the fixture's directory to feed on standard input, if any.
  ///   - dataLimitKiB: A cap on the process's data segment (`ulimit -d`), if any.
  func run(_ arguments: [String], stdin: String? = nil, dataLimitKiB: Int? = nil) throws
    -> TracecatRunner.Result
  {
    let input = try stdin.map { Array(try Data(contentsOf: directory.appendingPathComponent($0))) }
    return try TracecatRunner.run(arguments, stdin: input, in: directory, dataLimitKiB: dataLimitKiB)
  }

  /// Runs each command in turn and writes the session down as a ``Transcript``.
  ///
  /// - Parameter commands: Arguments, each with an optional file to feed on standard input.
  /// - Returns: The transcript's text.
  func transcript(_ commands: [(arguments: [String], stdin: String?)]) throws -> String {
    var transcript = Transcript()
    for command in commands {
      transcript.append(
        command.arguments, stdin: command.stdin, try run(command.arguments, stdin: command.stdin))
    }
    return transcript.text
  }

  /// ``transcript(_:)`` for commands without standard input.
  func transcript(_ commands: [[String]]) throws -> String {
    try transcript(commands.map { ($0, nil) })
  }

  /// A file's bytes.
  func bytes(of name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }
}
