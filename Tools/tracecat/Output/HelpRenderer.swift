/// Renders `--help` for `tracecat` and for each subcommand.
enum HelpRenderer {
  /// `tracecat --help`: what the tool does and its subcommands.
  static func overview() -> [String] {
    let commands = CommandRegistry.commands.map { $0.configuration }
    let width = commands.map(\.name.count).max() ?? 0
    return [
      "OVERVIEW: Inspect FoldTrace traces (.foldtrace): print, summarize, verify, recover and pack them.",
      "",
      "USAGE: tracecat [SUBCOMMAND] [OPTIONS] FILE…",
      "       tracecat FILE… is tracecat cat FILE…; - reads standard input.",
      "",
      "SUBCOMMANDS:",
    ]
      + commands.map { "  \($0.name.padding(to: width))  \($0.abstract)" }
      + [
        "",
        "EXIT STATUS: 0 success, 1 invalid input (torn, corrupt or foreign trace; malformed JSON Lines),",
        "             2 usage error, 3 I/O error.",
        "",
        "EXAMPLES:",
        "  tracecat Traces/duo-open-external-to-internal.foldtrace",
        "  tracecat stats --help",
        "",
        "See 'tracecat SUBCOMMAND --help' for each subcommand.",
      ]
  }

  /// `tracecat SUBCOMMAND --help`.
  static func help(for configuration: CommandConfiguration) -> [String] {
    var lines = ["OVERVIEW: \(configuration.abstract)"]
    if !configuration.discussion.isEmpty { lines += ["", configuration.discussion] }
    lines += ["", "USAGE: \(configuration.usage)", "", "ARGUMENTS:"]
    let positional = configuration.positionals
    let rows =
      [(positional.synopsis, positional.help)]
      + (configuration.options + [.help]).map { ($0.synopsis, $0.help) }
    let width = rows.map(\.0.count).max() ?? 0
    lines.append("  \(rows[0].0.padding(to: width))  \(rows[0].1)")
    lines += ["", "OPTIONS:"]
    lines += rows.dropFirst().map { "  \($0.0.padding(to: width))  \($0.1)" }
    lines += ["", "EXAMPLES:"]
    for example in configuration.examples {
      lines += ["  \(example.command)", "      \(example.explanation)"]
    }
    return lines
  }
}
