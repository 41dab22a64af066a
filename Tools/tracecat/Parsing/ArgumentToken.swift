/// One command-line argument after splitting, the first stage of parsing (split → parse → validate).
enum ArgumentToken: Equatable, Sendable {
  /// `--name`, `--name=value`, `-n` or `-n=value`; the name is without dashes, `spelling` is the name as
  /// written (`--name` or `-n`) and `raw` the whole argument, which an option taking a value may consume
  /// when its value starts with `-` (`-s -,2`).
  case option(name: String, value: String?, spelling: String, raw: String)

  /// Whether the option was written with one dash: then only a one-letter short name matches it.
  var isShort: Bool {
    guard case .option(_, _, let spelling, _) = self else { return false }
    return !spelling.hasPrefix("--")
  }
  /// Anything else, including `-` (standard input) and everything after `--`.
  case positional(String)

  /// Splits raw arguments into tokens.
  ///
  /// - Parameter arguments: The arguments after the program (and subcommand) name.
  /// - Returns: The tokens, in order.
  static func split(_ arguments: [String]) -> [ArgumentToken] {
    var tokens: [ArgumentToken] = []
    var optionsEnded = false
    for argument in arguments {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        tokens.append(.positional(argument))
      } else if argument == "--" {
        optionsEnded = true
      } else {
        // `--name[=value]` or `-n[=value]`: the dashes stay in the spelling, which decides long or short.
        let dashes = argument.hasPrefix("--") ? "--" : "-"
        let body = argument.dropFirst(dashes.count)
        let equals = body.firstIndex(of: "=")
        let name = String(body[..<(equals ?? body.endIndex)])
        let value = equals.map { String(body[body.index(after: $0)...]) }
        tokens.append(.option(name: name, value: value, spelling: dashes + name, raw: argument))
      }
    }
    return tokens
  }
}
