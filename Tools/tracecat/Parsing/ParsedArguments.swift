/// A subcommand's arguments after parsing: flags, option values and positionals.
struct ParsedArguments: Sendable, Equatable {
  /// Flags that were given, by long name.
  var flags: Set<String> = []
  /// Option values by long name, in command-line order.
  var values: [String: [String]] = [:]
  /// Positional arguments in order.
  var positionals: [String] = []

  /// True when the flag was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The last value given for an option, if any.
  func value(_ name: String) -> String? { values[name]?.last }
}
