import FoldTrace
import Foundation

/// A parsed `foldsim` invocation.
///
/// The command line follows `tracecat`'s rules (its Tools/tracecat/Parsing, which an executable cannot
/// import): options come before or after the scenario, as `-o OUT`, `-o=OUT`, `--output OUT` or
/// `--output=OUT`; an option that needs a value takes the next argument whatever it starts with
/// (`-o -h` names the file `-h`); `--` ends the options (what follows is a scenario file, never a
/// command); `-` is standard output; `--o` is no abbreviation (long names are matched whole); an
/// unknown option or a mistyped command names the nearest spelling (`NearestSpelling`, as tracecat
/// names its options and subcommands); an option is given once and never empty, while a flag may
/// repeat, meaning what it means once (as tracecat's flags do); a flag that means nothing with the
/// others (`--force` with `--events` or `-o -`) is refused; `-h`/`--help` anywhere prints the help once
/// every argument parses.
enum Command: Equatable {
  /// `foldsim SCENARIO.json -o OUT.foldtrace`; `output` is nil for `-o -`, standard output.
  case generate(scenario: String, output: String?, force: Bool)
  /// `foldsim SCENARIO.json --events`: print the synthesized events, one per line (no trace written).
  case events(scenario: String)
  /// `foldsim list`
  case list
  /// `foldsim --help`
  case help
  /// `foldsim --version`: the program's version and the trace format it writes.
  case version

  /// An option `foldsim` accepts.
  private struct Option {
    /// The long name, without dashes.
    var name: String
    /// The one-letter short name, if any.
    var short: Character?
    /// The value's placeholder, or nil for a flag.
    var value: String?

    /// `-o, --output OUT`, as errors show it.
    var synopsis: String {
      let long = "--\(name)" + (value.map { " \($0)" } ?? "")
      return short.map { "-\($0), \(long)" } ?? long
    }
  }

  private static let options = [
    Option(name: "output", short: "o", value: "OUT"), Option(name: "events"), Option(name: "force"),
    Option(name: "help", short: "h"),
  ]

  /// Splits and parses the arguments (without the program name).
  ///
  /// - Complexity: O(*n*) in the number of arguments.
  /// - Throws: ``FoldsimError/usage(_:)`` for anything malformed: an unknown option (with the nearest
  ///   spelling), a flag given a value, a missing or empty value, `-o` given twice, no scenario or more
  ///   than one, a bare word that is neither a command nor a file (with the nearest command), `-o` with
  ///   `--events`, or `--force` with `--events` or `-o -` (it replaces an existing OUT; they write
  ///   none).
  static func parse(_ arguments: [String]) throws(FoldsimError) -> Command {
    if arguments == ["list"] { return .list }
    if arguments == ["help"] { return .help }
    if let first = arguments.first, first == "--version" || first.hasPrefix("--version=") {
      guard arguments.count == 1, first == "--version" else {
        throw .usage("'--version' takes no value and no other arguments")
      }
      return .version
    }
    var scenarios: [(name: String, afterOptions: Bool)] = []
    var output: String?
    var flags: Set<String> = []
    var optionsEnded = false
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        scenarios.append((argument, optionsEnded))
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      // `--name[=value]` or `-n[=value]`: two dashes match a long name whole, one dash a short name.
      let dashes = argument.hasPrefix("--") ? "--" : "-"
      let body = argument.dropFirst(dashes.count)
      let equals = body.firstIndex(of: "=")
      let name = String(body[..<(equals ?? body.endIndex)])
      let inline = equals.map { String(body[body.index(after: $0)...]) }
      let spelling = dashes + name
      let match = options.first {
        dashes == "-" ? name.count == 1 && $0.short == name.first : $0.name == name
      }
      guard let option = match else { throw unknownOption(spelling) }
      guard option.value != nil else {
        if inline != nil { throw .usage("\(spelling) takes no value") }
        flags.insert(option.name)
        continue
      }
      if output != nil {
        throw .usage("\(spelling) is given more than once; give it once (\(option.synopsis))")
      }
      // The value: after `=`, else the next argument even when it starts with '-' (`-o -h` is the file
      // `-h`), except `--`, which ends the options and is no value (`-o -- X` takes X).
      var value = inline
      if value == nil, rest.first == "--" {
        rest.removeFirst()
        optionsEnded = true
      }
      if value == nil { value = rest.popFirst() }
      guard let value else { throw .usage("\(spelling) needs a value (\(option.synopsis))") }
      guard !value.isEmpty else {
        throw .usage("\(spelling) needs a value (\(option.synopsis)), got an empty one")
      }
      output = value
    }
    if flags.contains("help") { return .help }
    if let command = scenarios.first(where: { !$0.afterOptions && commands.contains($0.name) }) {
      throw .usage("'\(command.name)' takes no other arguments")
    }
    guard let scenario = scenarios.first else { throw .usage("no scenario given") }
    guard scenarios.count == 1 else { throw .usage("more than one scenario given ('\(scenarios[1].name)')") }
    if scenario.name.isEmpty { throw .usage("an empty scenario argument ('')") }
    // A bare word that names no file is a mistyped command (`foldsim lst`), not a missing -o; after
    // `--` it is a file name as given.
    if !scenario.afterOptions, !scenario.name.contains("."), !scenario.name.contains("/"),
      !FileManager.default.fileExists(atPath: scenario.name)
    {
      let hint =
        scenario.name == "-"
        ? "; to read a scenario from standard input, name /dev/stdin"
        : NearestSpelling.nearest(to: scenario.name, among: commands).map { "; did you mean '\($0)'?" }
      throw .usage("'\(scenario.name)' is neither a command (list, help) nor a scenario file\(hint ?? "")")
    }
    if flags.contains("events") {
      guard output == nil else { throw .usage("--events prints events; do not combine it with -o") }
      if flags.contains("force") { throw .usage("--force replaces an existing OUT; --events writes no file") }
      return .events(scenario: scenario.name)
    }
    guard let output else { throw .usage("missing -o OUT.foldtrace") }
    if output == "-", flags.contains("force") {
      throw .usage("--force replaces an existing OUT; -o - writes standard output")
    }
    return .generate(
      scenario: scenario.name, output: output == "-" ? nil : output, force: flags.contains("force"))
  }

  /// The commands, each given alone: `foldsim list`, `foldsim help`.
  private static let commands = ["list", "help"]

  /// The error for an unknown option, naming the nearest valid spelling when one is close.
  private static func unknownOption(_ spelling: String) -> FoldsimError {
    let spellings = options.flatMap { ["--\($0.name)"] + ($0.short.map { ["-\($0)"] } ?? []) }
    let hint = NearestSpelling.nearest(to: spelling, among: spellings).map { "; did you mean '\($0)'?" } ?? ""
    return .usage("unknown option '\(JSONValue.excerpt(spelling))'\(hint)")
  }

  /// The forms of the command, printed after a usage error.
  static let synopsis = """
    usage: foldsim SCENARIO.json -o OUT.foldtrace [--force]
                                                    synthesize a session and write its trace (a new
                                                    file; --force replaces one, never the scenario;
                                                    -o - writes standard output, never a terminal)
           foldsim SCENARIO.json --events           print the synthesized events instead
           foldsim list                             list devices (with metric sources) and gestures
           foldsim help                             the scenario format and exit codes
           foldsim --version                        the version and the trace format it writes
    """

  /// The `--help` text: the forms, the scenario's keys, the summary line and the exit codes.
  static let usage =
    synopsis + """


      A scenario is a JSON object:
        device     (required) a profile id from `foldsim list`: iphone, ipad-11, iphone-duo, ...
        seed       (required) a whole number 0...2^64-1 (7, 1e19); every random draw comes from it
        timeline   (required) gesture steps in time order: {"gesture": "fold", "angle": 180, "at": 1.5}
                   (each may have at, after, label; the gestures and their parameters: `foldsim list`)
        start      orientation, hinge, mode (full, window, splitView, slideOver), dynamicType,
                   reduceMotion, crossFade, reduceTransparency, direction, camera, pip
        appOutput  also synthesize the app's recorded output (format 1.1): {"layout": "reference",
                   "rate": 60|120, "jitter": ms, "dropRate": 0..0.5, "fault": snap, buttonOnFold,
                   loseAnchor, flapPanes (with "paneThreshold"), ignoreReduceMotion}
        app        the trace header's app label;  description  free text, ignored
      A scenario file holds at most 4 MiB (4194304 bytes) of UTF-8 (a leading byte-order mark is skipped).
      The full format: the FoldSim documentation, article "Scenarios" (Sources/FoldSim/FoldSim.docc).
      On success foldsim prints one line: the output, its events, scenes, duration and size.

      Options come before or after the scenario, as -o OUT, -o=OUT, --output OUT or --output=OUT (a
      value may start with '-': -o -h writes the file -h); each is given once, and -- ends them
      (foldsim -o t.foldtrace -- -odd.json).

      Exit codes: 0 success, 1 invalid scenario, 2 usage error, 3 file error.
      """
}
