/// What a subcommand is called, what it accepts and how its help reads.
struct CommandConfiguration: Sendable {
  /// The subcommand's name (`stats`).
  var name: String
  /// One line saying what it does.
  var abstract: String
  /// Paragraphs after the abstract in `--help`, if any.
  var discussion: String = ""
  /// Options and flags, `--help` excluded (every subcommand has it).
  var options: [OptionSpec] = []
  /// Positional arguments.
  var positionals: PositionalSpec
  /// Real examples: the command line and what it does.
  var examples: [(command: String, explanation: String)]

  /// The usage line, `tracecat stats FILE…`.
  var usage: String {
    let flags = options.map { "[\($0.usageSynopsis)]" }.joined(separator: " ")
    return ["tracecat", name, flags, positionals.synopsis].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// The hint pointing at this subcommand's help.
  var seeHelp: String { "see 'tracecat \(name) --help'." }
}

/// A `tracecat` subcommand: configuration, then validation (`init`), then the run.
///
/// To add a subcommand, write a type conforming to this protocol and list it in ``CommandRegistry``.
protocol TracecatCommand: Sendable {
  /// The subcommand's name, options and help.
  static var configuration: CommandConfiguration { get }
  /// Validates parsed arguments.
  ///
  /// - Throws: ``TracecatError/usage(message:hint:)`` when they do not make sense together.
  init(_ arguments: ParsedArguments) throws
  /// Runs the subcommand, writing data to the console's output and diagnostics to its error stream.
  ///
  /// - Returns: The exit status.
  /// - Throws: A ``TracecatError`` (or a FoldTrace error, converted by the caller).
  func run(_ console: Console) throws -> ExitStatus
}
