import FoldSim
import FoldTrace

/// Every way `foldsim` fails, each with its exit code, rendered in one place.
enum FoldsimError: Error {
  /// Malformed arguments: exit 2, with usage.
  case usage(String)
  /// A scenario that does not parse or play: exit 1, with file, line and field.
  case scenario(ScenarioError)
  /// A file that cannot be read or written: exit 3.
  case file(String)

  /// The process exit code.
  var exitCode: Int32 {
    switch self {
    case .scenario: 1
    case .usage: 2
    case .file: 3
    }
  }

  /// The message printed on standard error; what it quotes (a file's name, a scenario's text) with its
  /// control characters escaped, as tracecat shows them (``DisplayText/escaped(_:)``).
  var message: String {
    switch self {
    case .usage(let text):
      "foldsim: \(DisplayText.escaped(text))\n\(Command.synopsis)\nSee 'foldsim help' for the scenario format."
    case .scenario(let error): "foldsim: " + DisplayText.escaped("\(error)")
    case .file(let text): "foldsim: \(DisplayText.escaped(text))"
    }
  }
}
