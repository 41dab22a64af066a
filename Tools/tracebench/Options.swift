/// tracebench's command line, parsed in one place: split into tokens, parse, validate, or fail with one
/// message and exit code 64.
struct Options: Sendable {
  /// The figures a run can measure, in table order.
  enum Section: String, Sendable, CaseIterable {
    case record, size, decode, replay, memory, seek, jsonl, commands, instructions
  }

  /// A ~30-second smoke run with small workloads.
  var quick = false
  /// Repetitions of every timed figure (median and range are reported).
  var runs = 5
  /// Where generated traces go; outside the repository's tracked files (`.benchmarks/` is ignored).
  var workDirectory = ".benchmarks"
  /// The corpus directory (`*.foldtrace`).
  var corpusDirectory = "Traces"
  /// The seed of every generated session and random seek time.
  var seed: UInt64 = 20_261_129
  /// The sections to run.
  var sections = Set(Section.allCases)
  /// Events in the long 120 Hz session used for record, size and decode figures.
  var longEvents = 1_000_000
  /// Events in the large trace used for memory and seek figures (memory also replays a tenth of it).
  var largeEvents = 10_000_000

  static let usage = """
    usage: tracebench [--quick] [--runs N] [--only SECTION,…] [--work-dir DIR] [--corpus DIR] [--seed N]

    Measures FoldTrace against the baselines a team would use instead and prints a Markdown table with
    ratios and targets. Build in release: swift run -c release tracebench

      --quick          ~30-second smoke run: 100 k-event session, 1 M-event large trace, 3 runs
      --runs N         repetitions of each timed figure (default 5; 3 with --quick)
      --only LIST      comma-separated sections: record, size, decode, replay, memory, seek, jsonl,
                       commands (peak RSS of every tracecat command; needs GNU time), instructions
                       (callgrind; needs valgrind)
      --work-dir DIR   where generated traces go (default .benchmarks, gitignored)
      --corpus DIR     the trace corpus (default Traces)
      --seed N         seed of the generated sessions and seek times (default 20261129)
    """

  /// A command-line error: the message to print and the exit status (64, `EX_USAGE`).
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Parses the arguments after the program name.
  /// - Throws: ``Failure`` naming the bad argument.
  static func parse(_ arguments: [String]) throws(Failure) -> Options {
    var options = Options()
    var runsGiven = false
    var tokens = arguments[...]
    func value(for flag: String) throws(Failure) -> String {
      guard let next = tokens.popFirst(), !next.hasPrefix("--") else {
        throw Failure(description: "\(flag) needs a value")
      }
      return next
    }
    while let token = tokens.popFirst() {
      switch token {
      case "--quick": options.quick = true
      case "--runs":
        let text = try value(for: token)
        guard let runs = Int(text), (1...100).contains(runs) else {
          throw Failure(description: "--runs takes a count from 1 to 100, not \(text)")
        }
        options.runs = runs
        runsGiven = true
      case "--only":
        var sections = Set<Section>()
        for name in try value(for: token).split(separator: ",") {
          guard let section = Section(rawValue: String(name)) else {
            let known = Section.allCases.map(\.rawValue).joined(separator: ", ")
            throw Failure(description: "unknown section \(name); known: \(known)")
          }
          sections.insert(section)
        }
        options.sections = sections
      case "--work-dir": options.workDirectory = try value(for: token)
      case "--corpus": options.corpusDirectory = try value(for: token)
      case "--seed":
        let text = try value(for: token)
        guard let seed = UInt64(text) else {
          throw Failure(description: "--seed takes an integer, not \(text)")
        }
        options.seed = seed
      default:
        throw Failure(description: "unknown argument \(token)\n\n\(usage)")
      }
    }
    if options.quick {
      options.longEvents = 100_000
      options.largeEvents = 1_000_000
      if !runsGiven { options.runs = 3 }
    }
    return options
  }
}
