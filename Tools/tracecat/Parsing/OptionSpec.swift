/// An option or flag a subcommand accepts.
struct OptionSpec: Sendable {
  /// Long name without dashes (`json`), used as the key in ``ParsedArguments``.
  var name: String
  /// One-letter short name without the dash (`o`), if any.
  var short: Character?
  /// The value's placeholder (`OUT`), or nil for a flag.
  var valueName: String?
  /// One line of help.
  var help: String
  /// Whether the option may be given more than once (its values add up, as `-s 1 -s 2`); any other
  /// option given twice is a usage error rather than the last one silently winning.
  var repeats = false

  /// A flag: present or absent.
  static func flag(_ name: String, short: Character? = nil, help: String) -> Self {
    Self(name: name, short: short, valueName: nil, help: help)
  }

  /// An option that takes a value; `repeats` when it may be given more than once.
  static func option(
    _ name: String, short: Character? = nil, value: String, repeats: Bool = false, help: String
  ) -> Self {
    Self(name: name, short: short, valueName: value, help: help, repeats: repeats)
  }

  /// `-o, --output OUT` as shown in help.
  var synopsis: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }

  /// The shortest spelling with its value, `-o OUT` or `--json`, as shown in the usage line.
  var usageSynopsis: String {
    (short.map { "-\($0)" } ?? "--\(name)") + (valueName.map { " \($0)" } ?? "")
  }

  /// The standard `--help` flag every subcommand accepts.
  static let help = flag("help", short: "h", help: "Show this help.")
}

/// The positional arguments a subcommand accepts.
struct PositionalSpec: Sendable {
  /// The placeholder (`FILE`).
  var name: String
  /// One line of help.
  var help: String
  /// The fewest allowed.
  var minimum: Int
  /// The most allowed, or nil for any number.
  var maximum: Int?
  /// The usage text when the name alone does not say it (`A B` for two traces), if any.
  var label: String? = nil

  /// `FILE…`, `[FILE]` or `FILE` as shown in the usage line (or the label).
  var synopsis: String {
    if let label { return label }
    return switch (minimum, maximum) {
    case (0, 1?): "[\(name)]"
    case (1, 1?): name
    case (0, _): "[\(name)…]"
    default: "\(name)…"
    }
  }
}
