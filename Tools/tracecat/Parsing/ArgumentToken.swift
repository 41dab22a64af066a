/// One command-line argument after splitting, the first stage of parsing (split → parse → validate).
enum ArgumentToken: Equatable, Sendable {
  /// `--name`, `--name=value` or `-n`; the name is without dashes.
  case option(name: String, value: String?, spelling: String)
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
      } else if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
          let name = String(body[..<equals])
          let value = String(body[body.index(after: equals)...])
          tokens.append(.option(name: name, value: value, spelling: "--" + name))
        } else {
          tokens.append(.option(name: String(body), value: nil, spelling: argument))
        }
      } else {
        tokens.append(.option(name: String(argument.dropFirst()), value: nil, spelling: argument))
      }
    }
    return tokens
  }
}
