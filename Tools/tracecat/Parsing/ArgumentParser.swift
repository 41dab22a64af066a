import FoldTrace

/// Parses a subcommand's tokens against its configuration: the parse and validate stages.
enum ArgumentParser {
  /// Parses tokens for a subcommand.
  ///
  /// - Parameters:
  ///   - tokens: The split arguments after the subcommand name.
  ///   - configuration: What the subcommand accepts.
  /// - Returns: The parsed arguments.
  /// - Throws: ``TracecatError/usage(message:hint:)`` for an unknown option (with the nearest valid
  ///   spelling), a missing or empty value, an option given twice that does not repeat, or the wrong
  ///   number of positionals.
  static func parse(_ tokens: [ArgumentToken], for configuration: CommandConfiguration) throws
    -> ParsedArguments
  {
    let options = configuration.options + [.help]
    var parsed = ParsedArguments()
    var index = 0
    while index < tokens.count {
      defer { index += 1 }
      switch tokens[index] {
      case .positional(let value):
        parsed.positionals.append(value)
      case .option(let name, let inlineValue, let spelling, _):
        // `--name` matches long names only and `-n` one-letter short names only, so `--o` is not `-o`.
        let short = tokens[index].isShort
        guard
          let option = options.first(where: {
            short ? name.count == 1 && $0.short == name.first : $0.name == name
          })
        else {
          throw unknownOption(spelling, in: configuration, options: options)
        }
        guard option.valueName != nil else {
          if inlineValue != nil {
            throw TracecatError.usage(
              message: "\(spelling) takes no value", hint: configuration.seeHelp)
          }
          parsed.flags.insert(option.name)
          continue
        }
        if !option.repeats, parsed.values[option.name] != nil {
          throw TracecatError.usage(
            message: "\(spelling) is given more than once; give it once (\(option.synopsis))",
            hint: configuration.seeHelp)
        }
        if inlineValue == ""
          || (inlineValue == nil && index + 1 < tokens.count && tokens[index + 1] == .positional(""))
        {
          throw TracecatError.usage(
            message: "\(spelling) needs a value (\(option.synopsis)), got an empty one",
            hint: configuration.seeHelp)
        }
        if let inlineValue {
          parsed.values[option.name, default: []].append(inlineValue)
        } else if index + 1 < tokens.count, case .positional(let value) = tokens[index + 1] {
          parsed.values[option.name, default: []].append(value)
          index += 1
        } else if index + 1 < tokens.count, case .option(_, _, _, let raw) = tokens[index + 1],
          raw != "--"
        {
          // A value that starts with '-' (`-s -,2`, `--from -1`): the option needs one, so it takes this.
          parsed.values[option.name, default: []].append(raw)
          index += 1
        } else {
          throw TracecatError.usage(
            message: "\(spelling) needs a value (\(option.synopsis))", hint: configuration.seeHelp)
        }
      }
    }
    if parsed.flag("help") { return parsed }
    try validatePositionals(parsed.positionals, configuration)
    // Messages name standard input `<stdin>`, and a verdict on an error naming it reads standard input:
    // a file of that very name is named by its path, so that no error on it is taken for one on `-`.
    parsed.positionals = parsed.positionals.map { $0 == InputSource.displayName("-") ? "./" + $0 : $0 }
    return parsed
  }

  private static func validatePositionals(_ positionals: [String], _ configuration: CommandConfiguration)
    throws
  {
    let spec = configuration.positionals
    if positionals.count < spec.minimum {
      throw TracecatError.usage(
        message: "\(configuration.name) needs \(spec.synopsis)"
          + (positionals.isEmpty ? "" : ", got \(positionals.count) \(spec.name)"),
        hint: "usage: \(configuration.usage)")
    }
    if let maximum = spec.maximum, positionals.count > maximum {
      throw TracecatError.usage(
        message: "\(configuration.name) takes at most \(maximum) \(spec.name), got \(positionals.count)",
        hint: "usage: \(configuration.usage)")
    }
    if positionals.contains("") {
      throw TracecatError.usage(
        message: "an empty \(spec.name) argument ('')",
        hint: "name a file (an unset shell variable expands to nothing); usage: \(configuration.usage)")
    }
    if positionals.filter({ $0 == "-" }).count > 1 {
      throw TracecatError.usage(
        message: "standard input (-) can be read only once", hint: "usage: \(configuration.usage)")
    }
  }

  private static func unknownOption(
    _ spelling: String, in configuration: CommandConfiguration, options: [OptionSpec]
  ) -> TracecatError {
    let spellings = options.flatMap { option in ["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])
    }
    let bare = spelling.split(separator: "=", maxSplits: 1).first.map(String.init) ?? spelling
    if let nearest = NearestSpelling.nearest(to: bare, among: spellings) {
      return .usage(
        message: "unknown option '\(JSONValue.excerpt(bare))' for '\(configuration.name)'",
        hint: "did you mean '\(nearest)'? See 'tracecat \(configuration.name) --help'.")
    }
    return .usage(
      message: "unknown option '\(JSONValue.excerpt(bare))' for '\(configuration.name)'",
      hint: configuration.seeHelp)
  }
}
