import FoldTrace

/// Which events `cat` (and `export`, `plot`) keep: by kind, by scene and by time.
///
/// Every criterion given must hold; a criterion not given keeps everything. Times are inclusive at both
/// ends: `--from 1 --to 2` keeps events at 1.000000000 s and at 2.000000000 s.
struct EventFilter: Sendable, Equatable {
  /// Kinds to keep, or nil for all.
  var kinds: Set<TraceEvent.Kind>?
  /// Scenes to keep, or nil for all; `nil` inside the set stands for device-wide events (hinge, marker,
  /// dropped), spelt `-` on the command line.
  var scenes: Set<SceneID?>?
  /// The earliest time kept, in nanoseconds.
  var from: UInt64 = 0
  /// The latest time kept, in nanoseconds.
  var to: UInt64 = .max

  /// True when the filter keeps every event.
  var keepsEverything: Bool { kinds == nil && scenes == nil && from == 0 && to == .max }

  /// True when the event passes.
  func keeps(_ event: TraceEvent) -> Bool {
    event.time >= from && event.time <= to && (kinds?.contains(event.kind) ?? true)
      && (scenes?.contains(event.scene) ?? true)
  }

  /// The filter options, for a subcommand's configuration.
  static let options: [OptionSpec] = [
    .option(
      "kind", short: "k", value: "KIND", repeats: true,
      help: "Keep only these kinds (repeat, or a comma list: geometry,hinge)."),
    .option(
      "scene", short: "s", value: "SCENE", repeats: true,
      help: "Keep only these scenes (repeat, or a comma list: 1,2; - is device-wide events)."),
    .option("from", value: "TIME", help: "Keep events at or after TIME (1.5, 1.5s, 250ms, 1500000000ns)."),
    .option("to", value: "TIME", help: "Keep events at or before TIME (same forms as --from)."),
  ]

  /// The options that choose a window of a timeline (`export`, `plot`): scenes and times, not kinds.
  static var windowOptions: [OptionSpec] { options.filter { $0.name != "kind" } }

  /// Builds the filter from parsed options.
  ///
  /// - Throws: ``TracecatError/usage(message:hint:)`` for an unknown kind (with the nearest spelling), a
  ///   scene that is not a number, a malformed time, or `--from` after `--to`.
  init(_ arguments: ParsedArguments, command: String) throws {
    if let values = arguments.values["kind"] {
      kinds = Set(try Self.list(values, option: "--kind").map { try Self.kind($0, command: command) })
    }
    if let values = arguments.values["scene"] {
      scenes = Set(try Self.list(values, option: "--scene").map { try Self.scene($0, command: command) })
    }
    if let text = arguments.value("from") {
      from = try TimeArgument.parse(text, option: "--from", command: command)
    }
    if let text = arguments.value("to") {
      to = try TimeArgument.parse(text, option: "--to", command: command)
    }
    guard from <= to else {
      throw TracecatError.usage(
        message: "--from (\(EventFormatter.time(from)) s) is after --to (\(EventFormatter.time(to)) s)",
        hint: "swap them; both ends are inclusive.")
    }
  }

  init() {}

  /// The items of comma lists, blanks around them trimmed.
  /// - Throws: ``TracecatError/usage(message:hint:)`` when a list names nothing (`,` or ` , `): a filter
  ///   that keeps nothing is a mistake, not a request for empty output; or when it has an empty item
  ///   (`geometry,,hinge`, `1,`), as likely a slip as a list that names nothing.
  private static func list(_ values: [String], option: String) throws -> [String] {
    let items = values.flatMap {
      $0.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimming(" ") }
    }
    let hint = "give one or more, comma-separated (\(option == "--kind" ? "geometry,hinge" : "1,2"))."
    guard items.contains(where: { !$0.isEmpty }) else {
      throw TracecatError.usage(
        message: "\(option) '\(JSONValue.excerpt(values.joined(separator: ",")))' names nothing", hint: hint)
    }
    if let value = values.first(where: {
      $0.split(separator: ",", omittingEmptySubsequences: false).contains { String($0).trimming(" ").isEmpty }
    }) {
      throw TracecatError.usage(
        message: "\(option) '\(JSONValue.excerpt(value))' has an empty item", hint: hint)
    }
    return items
  }

  static func kind(_ name: String, command: String) throws -> TraceEvent.Kind {
    if let kind = TraceEvent.Kind(name: name) { return kind }
    let names = TraceEvent.Kind.allCases.map(\.name)
    let hint =
      NearestSpelling.nearest(to: name, among: names).map { "did you mean '\($0)'? " } ?? ""
    throw TracecatError.usage(
      message: "unknown kind '\(JSONValue.excerpt(name))' for --kind",
      hint: hint + "kinds: " + names.joined(separator: ", ") + ".")
  }

  private static func scene(_ text: String, command: String) throws -> SceneID? {
    if text == "-" { return nil }
    guard let number = DecimalArgument.value(text, as: UInt32.self) else {
      throw TracecatError.usage(
        message: "--scene '\(JSONValue.excerpt(text))' is not a scene number",
        hint: "scenes are numbers as the second column shows (1, 2), or - for device-wide events.")
    }
    return SceneID(number)
  }
}

extension String {
  /// The string without leading and trailing occurrences of `character`.
  func trimming(_ character: Character) -> String {
    var slice = Substring(self)
    while slice.first == character { slice = slice.dropFirst() }
    while slice.last == character { slice = slice.dropLast() }
    return String(slice)
  }
}
