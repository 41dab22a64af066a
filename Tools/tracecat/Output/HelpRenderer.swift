/// Renders `--help` for `tracecat` and for each subcommand.
enum HelpRenderer {
  /// `tracecat --help`: what the tool does and its subcommands.
  static func overview() -> [String] {
    let commands = CommandRegistry.commands.map { $0.configuration }
    let width = commands.map(\.name.count).max() ?? 0
    return [
      "OVERVIEW: Inspect FoldTrace traces (.foldtrace): print, filter and follow them; summarize, verify,",
      "          recover, diff and slice them; export them to Perfetto and plot them; pack JSON Lines.",
      "",
      "USAGE: tracecat [SUBCOMMAND] [OPTIONS] FILE…",
      "       tracecat FILE… is tracecat cat FILE…; - reads standard input.",
      "       Data goes to standard output, diagnostics to standard error.",
      "       tracecat --version prints the version and the trace formats it reads and writes.",
      "",
      "SUBCOMMANDS:",
    ]
      + commands.map { "  \($0.name.padding(to: width))  \($0.abstract)" }
      + [
        "",
        "EXIT STATUS:",
        "  0  success; verify: valid and closed cleanly; diff: the same events",
        "  1  invalid input: a corrupt or foreign trace, malformed JSON Lines; diff: the traces differ",
        "  2  usage error (with the nearest valid spelling)",
        "  3  I/O error",
        "  4  a torn tail or a missing seek table (a crash, or still recording): 'tracecat recover'",
        "     repairs it; recover: it repaired the file",
        "  5  another writer holds the trace's lock (a recording in progress): nothing was changed",
        "  Over several files the worst wins: usage, I/O, locked, invalid, recoverable, success.",
        "",
        "EXAMPLES:",
        "  tracecat Traces/duo-open-external-to-internal.foldtrace",
        "  tracecat --kind geometry --scene 2 --from 1.5 --to 2s session.foldtrace",
        "  tracecat stats --help",
        "",
        "See 'tracecat SUBCOMMAND --help' for each subcommand.",
      ]
  }

  /// `tracecat SUBCOMMAND --help`.
  static func help(for configuration: CommandConfiguration) -> [String] {
    var lines = ["OVERVIEW: \(configuration.abstract)"]
    for paragraph in configuration.discussion.split(separator: "\n", omittingEmptySubsequences: true) {
      lines += [""] + wrap(String(paragraph), width: 100)
    }
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

  /// Breaks a paragraph into lines of at most `width` characters, at spaces (a longer word stands
  /// alone).
  static func wrap(_ paragraph: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in paragraph.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
