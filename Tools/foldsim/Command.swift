import Foundation

/// A parsed `foldsim` invocation.
enum Command: Equatable {
  /// `foldsim SCENARIO.json -o OUT.foldtrace`
  case generate(scenario: String, output: String, force: Bool)
  /// `foldsim SCENARIO.json --events`: print the synthesized events, one per line (no trace written).
  case events(scenario: String)
  /// `foldsim list`
  case list
  /// `foldsim --help`
  case help

  /// Splits and parses the arguments (without the program name).
  /// - Throws: ``FoldsimError/usage(_:)`` for anything malformed.
  static func parse(_ arguments: [String]) throws(FoldsimError) -> Command {
    if arguments == ["list"] { return .list }
    if arguments.contains("-h") || arguments.contains("--help") || arguments == ["help"] { return .help }
    var scenario: String?
    var output: String?
    var events = false
    var force = false
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "-o", "--output":
        guard let value = rest.popFirst() else { throw .usage("\(argument) needs a file name") }
        guard output == nil else { throw .usage("-o given twice") }
        output = value
      case "--events": events = true
      case "--force": force = true
      case "list": throw .usage("'list' takes no other arguments")
      default:
        if argument.hasPrefix("-"), argument != "-" { throw .usage("unknown option '\(argument)'") }
        guard scenario == nil else { throw .usage("more than one scenario given ('\(argument)')") }
        scenario = argument
      }
    }
    guard let scenario else { throw .usage("no scenario given") }
    // A bare word that names no file is a mistyped command (`foldsim lst`), not a missing -o.
    if !scenario.contains("."), !scenario.contains("/"), !FileManager.default.fileExists(atPath: scenario) {
      throw .usage("'\(scenario)' is neither a command (list, help) nor a scenario file")
    }
    if events {
      guard output == nil else { throw .usage("--events prints events; do not combine it with -o") }
      return .events(scenario: scenario)
    }
    guard let output else { throw .usage("missing -o OUT.foldtrace") }
    return .generate(scenario: scenario, output: output, force: force)
  }

  /// The forms of the command, printed after a usage error.
  static let synopsis = """
    usage: foldsim SCENARIO.json -o OUT.foldtrace [--force]
                                                    synthesize a session and write its trace (a new
                                                    file; --force replaces one, never the scenario)
           foldsim SCENARIO.json --events           print the synthesized events instead
           foldsim list                             list devices (with metric sources) and gestures
           foldsim help                             the scenario format and exit codes
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

      Exit codes: 0 success, 1 invalid scenario, 2 usage error, 3 file error.
      """
}
