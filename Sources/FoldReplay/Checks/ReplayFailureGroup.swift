import FoldTrace
import LayoutCore

/// The failures of one check on one element (or one decision, or none), as a report shows them: the
/// first in full, then how many more and over what span of trace time.
public struct ReplayFailureGroup: Sendable, Equatable {
  /// The first failure, in full.
  public var first: ReplayFailure
  /// How many failures the group holds, the first included (at least 1).
  public var count: Int
  /// Trace time of the last one, in nanoseconds.
  public var lastTime: UInt64
  /// Trace time of the second one, in nanoseconds (the first's when the group holds one).
  public var secondTime: UInt64

  /// Creates a group of one failure.
  public init(_ first: ReplayFailure) {
    self.first = first
    self.count = 1
    self.lastTime = first.time
    self.secondTime = first.time
  }

  /// The check the group's failures broke.
  public var check: ReplayCheck { first.check }

  /// What the group is about: the element's id, the decision's name, or nil.
  public var subject: String? { first.element ?? first.decision?.rawValue }

  /// Adds a later failure of the same check and subject.
  mutating func add(_ failure: ReplayFailure) {
    if count == 1 { secondTime = failure.time }
    count += 1
    lastTime = max(lastTime, failure.time)
  }

  /// True when `failure` belongs to the group: the same check and subject.
  func holds(_ failure: ReplayFailure) -> Bool {
    failure.check == check && failure.element == first.element && failure.decision == first.decision
  }

  /// `failures` grouped per check and subject, in the order each group's first failure comes.
  ///
  /// - Complexity: O(n × g) for n failures and g groups.
  public static func groups(_ failures: [ReplayFailure]) -> [ReplayFailureGroup] {
    var groups: [ReplayFailureGroup] = []
    for failure in failures {
      if let index = groups.lastIndex(where: { $0.holds(failure) }) {
        groups[index].add(failure)
      } else {
        groups.append(ReplayFailureGroup(failure))
      }
    }
    return groups
  }

  /// The group as a report shows it: the first failure with its context literal and slice command
  /// (``ReplayFailure/report(tracePath:)``), then `… and N more between t₁ and t₂` when it holds more.
  ///
  /// - Parameter tracePath: The trace's path, for the slice command (empty: no slice command).
  public func report(tracePath: String) -> String {
    var text = first.report(tracePath: tracePath)
    if count > 1 {
      text +=
        "\n  … and \(count - 1) more between \(ReplayFormat.seconds(secondTime)) and "
        + ReplayFormat.seconds(lastTime)
    }
    return text
  }

  /// A whole report of `groups`, at most `limit` of them in full: a header with the counts, then each
  /// group (``report(tracePath:)``), then how many groups were left out.
  ///
  /// - Parameters:
  ///   - groups: The groups, in trace order of their first failures.
  ///   - total: All failures, including those no group kept.
  ///   - trace: The trace's name, for the header (control characters written out as `\u001b`,
  ///     ``DisplayText/escaped(_:)``).
  ///   - tracePath: The trace's path, for the slice commands.
  ///   - limit: The most groups shown (default 8: a screenful each is already a lot).
  /// - Returns: The report; empty when there is no failure.
  public static func report(
    _ groups: [ReplayFailureGroup], total: Int, trace: String, tracePath: String, limit: Int = 8
  ) -> String {
    guard total > 0 else { return "" }
    let checks = Set(groups.map(\.check)).sorted().map(\.rawValue).joined(separator: ", ")
    var lines = [
      "\(total) \(total == 1 ? "failure" : "failures")\(trace.isEmpty ? "" : " in \(DisplayText.escaped(trace))") "
        + "(\(checks); \(groups.count) \(groups.count == 1 ? "group" : "groups") by check and element):"
    ]
    for group in groups.prefix(limit) { lines.append(group.report(tracePath: tracePath)) }
    if groups.count > limit {
      let rest = groups.dropFirst(limit)
      let failures = rest.reduce(0) { $0 + $1.count }
      lines.append(
        "… and \(rest.count) more group\(rest.count == 1 ? "" : "s") (\(failures) failure\(failures == 1 ? "" : "s"): "
          + Set(rest.map(\.check)).sorted().map(\.rawValue).joined(separator: ", ") + ")")
    }
    return lines.joined(separator: "\n")
  }
}

extension ReplayFailure {
  /// The failure as a report shows it: ``message``, then the scene's layout context as a Swift literal
  /// (``LayoutContext/swiftLiteral``) and the `tracecat slice` command that cuts the trace around it
  /// (``sliceCommand(tracePath:)``), each on its own indented line.
  ///
  /// - Parameter tracePath: The trace's path (empty: no slice command).
  public func report(tracePath: String) -> String {
    var text = "[\(check.rawValue)] " + message
    if let context { text += "\n  Context: \(context.swiftLiteral)" }
    if !tracePath.isEmpty { text += "\n  Slice: \(sliceCommand(tracePath: tracePath))" }
    return text
  }

  /// A `tracecat slice` command that cuts the trace from 1 s before the failure to 1 s after it (in
  /// whole milliseconds, clamped at 0) into a new file named after the trace, the check and the time:
  /// `tracecat slice --from 0.250s --to 2.251s -o duo-open-frameJump-1250ms.foldtrace duo-open.foldtrace`.
  ///
  /// The slice opens with the session state at `--from`, so it replays from its first event as the
  /// original does from there (`tracecat slice --help`).
  ///
  /// - Parameter tracePath: The trace's path, as the command should name it.
  public func sliceCommand(tracePath: String) -> String {
    let milliseconds = time / 1_000_000
    let from = milliseconds >= 1000 ? milliseconds - 1000 : 0
    // At most the last whole millisecond a trace can hold, so `--to` stays a valid time.
    let to = min(milliseconds + 1001, UInt64.max / 1_000_000)
    let file = tracePath.split(separator: "/").last.map(String.init) ?? tracePath
    let stem = file.hasSuffix(".foldtrace") ? String(file.dropLast(".foldtrace".count)) : file
    return
      "tracecat slice --from \(Self.seconds(from)) --to \(Self.seconds(to)) "
      + "-o \(Self.shellWord("\(stem)-\(check.rawValue)-\(milliseconds)ms.foldtrace")) \(Self.shellWord(tracePath))"
  }

  /// Milliseconds as a `tracecat` time argument in seconds: `1.250s`.
  private static func seconds(_ milliseconds: UInt64) -> String {
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
  }

  /// `word` as one word of a shell command line: as it is when it holds only letters, digits and
  /// `-_./+,:@`; else in `'…'` (a `'` as `'\''`); and when it holds a character ``DisplayText/escaped(_:)``
  /// writes out (a control, a line separator, a bidi control), in `$'…'` (bash, zsh, ksh), with `\n`,
  /// `\t`, `\r`, `\\`, `\'` and every other such character as its UTF-8 bytes `\xHH`: the command stays
  /// one line and shows no control.
  private static func shellWord(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "-_./+,:@".unicodeScalars.contains($0)
    }
    if plain && !word.isEmpty { return word }
    guard DisplayText.escaped(word) != word else {
      return "'" + word.map { $0 == "'" ? "'\\''" : String($0) }.joined() + "'"
    }
    var quoted = "$'"
    for scalar in word.unicodeScalars {
      switch scalar {
      case "\\": quoted += "\\\\"
      case "'": quoted += "\\'"
      case "\n": quoted += "\\n"
      case "\t": quoted += "\\t"
      case "\r": quoted += "\\r"
      default:
        let text = String(scalar)
        guard DisplayText.escaped(text) != text else {
          quoted.unicodeScalars.append(scalar)
          continue
        }
        for byte in text.utf8 {
          quoted += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
      }
    }
    return quoted + "'"
  }
}
