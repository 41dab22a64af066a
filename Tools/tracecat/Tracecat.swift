import FoldTrace

/// The `tracecat` program: resolves the subcommand, then splits, parses, validates and runs it, and
/// renders any error in one place.
enum Tracecat {
  /// Runs `tracecat` with the arguments after the program name.
  ///
  /// - Returns: The exit status.
  static func main(_ arguments: [String], console: Console) -> ExitStatus {
    do {
      guard let (command, rest) = try resolve(arguments, console: console) else {
        try console.flush()
        return .success
      }
      let parsed = try ArgumentParser.parse(ArgumentToken.split(rest), for: command.configuration)
      if parsed.flag("help") {
        HelpRenderer.help(for: command.configuration).forEach(console.print)
        try console.flush()
        return .success
      }
      do {
        try OutputFile.refuseStandardOutput(onto: parsed.positionals)
      } catch {
        throw TracecatError.io(file: InputSource.displayName(error.file), reason: error.reason)
      }
      let status = try command.init(parsed).run(console)
      try console.flush()
      return status
    } catch {
      try? console.flush()
      return ErrorRenderer.report(TracecatError.wrapping(error, file: "-"), to: console)
    }
  }

  /// Picks the subcommand: the first argument when it names one, else `cat`. Prints the overview and
  /// returns nil for `tracecat --help` and `tracecat help`, the version for `tracecat --version`.
  ///
  /// - Throws: ``TracecatError/usage(message:hint:)`` with no arguments, or when the first argument is
  ///   not a file and looks like a misspelt subcommand.
  static func resolve(
    _ arguments: [String], console: Console
  ) throws -> (command: any TracecatCommand.Type, arguments: [String])? {
    guard let first = arguments.first else {
      throw TracecatError.usage(
        message: "no trace given", hint: "usage: tracecat [SUBCOMMAND] FILE…; see 'tracecat --help'.")
    }
    if first == "--help" || first == "-h" || (first == "help" && arguments.count == 1) {
      HelpRenderer.overview().forEach(console.print)
      return nil
    }
    if first == "--version" || first.hasPrefix("--version=") {
      guard arguments.count == 1, first == "--version" else {
        throw TracecatError.usage(
          message: "--version takes no value and no other arguments", hint: "usage: tracecat --version")
      }
      console.print(
        "tracecat \(packageVersion) (reads trace format \(TraceFormatVersion.current.major).x; writes "
          + "\(TraceFormatVersion.current), with 1.2's cut record)")
      return nil
    }
    if first == "help" {
      guard let command = CommandRegistry.command(named: arguments[1]) else {
        throw unknownSubcommand(arguments[1], isFileName: false)
      }
      return (command, ["--help"])
    }
    if let command = CommandRegistry.command(named: first) { return (command, Array(arguments.dropFirst())) }
    if !first.hasPrefix("-") && !fileExists(first),
      NearestSpelling.nearest(to: first, among: CommandRegistry.names) != nil
    {
      throw unknownSubcommand(first, isFileName: true)
    }
    return (CommandRegistry.defaultCommand, arguments)
  }

  private static func unknownSubcommand(_ name: String, isFileName: Bool) -> TracecatError {
    let hint =
      NearestSpelling.nearest(to: name, among: CommandRegistry.names).map {
        "did you mean '\($0)'? See 'tracecat --help'."
      } ?? "see 'tracecat --help' for the subcommands."
    let file = isFileName ? " (and no such file)" : ""
    return .usage(message: "unknown subcommand '\(JSONValue.excerpt(name))'\(file)", hint: hint)
  }

  /// Whether a directory entry named `path` exists, whatever it is: a dangling symbolic link or a link
  /// loop is a file the user named (its error is then the file's, not an unknown subcommand).
  private static func fileExists(_ path: String) -> Bool { entryExists(path) }
}
