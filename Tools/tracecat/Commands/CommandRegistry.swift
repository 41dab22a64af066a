/// The subcommands `tracecat` knows, and which one runs when none is named.
enum CommandRegistry {
  /// Every subcommand, in the order `tracecat --help` lists them.
  static let commands: [any TracecatCommand.Type] = [
    CatCommand.self, StatsCommand.self, VerifyCommand.self, RecoverCommand.self, DiffCommand.self,
    SliceCommand.self, ExportCommand.self, PlotCommand.self, ShowCommand.self, ReplayCommand.self,
    CheckCommand.self,
    PackCommand.self,
  ]

  /// The subcommand that runs when the first argument names none: `tracecat FILE…` is `tracecat cat FILE…`.
  static let defaultCommand: any TracecatCommand.Type = CatCommand.self

  /// The subcommand with this name.
  static func command(named name: String) -> (any TracecatCommand.Type)? {
    commands.first { $0.configuration.name == name }
  }

  /// All subcommand names.
  static var names: [String] { commands.map { $0.configuration.name } }
}
