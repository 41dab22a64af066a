import FoldTrace

/// A point in trace time given on the command line: `--from 1.5`, `--to 2s`, `--from 1500000000ns`.
///
/// Seconds are a decimal number with an optional `s` suffix (`1.5`, `1.5s`, `.25`); milliseconds take
/// `ms` (`250ms`, `0.5ms`); nanoseconds take `ns` and must be whole (`1500000000ns`). Decimals are parsed
/// exactly, digit by digit, never through a `Double`, so `--from 0.1` is exactly 100 000 000 ns. Digits
/// past the nanosecond are refused rather than rounded (trailing zeros there change nothing and are
/// accepted), and so is a time past 2⁶⁴ − 1 ns; each with its own message.
enum TimeArgument {
  /// The units a time may carry, longest suffix first so `ms` and `ns` win over `s`.
  private static let units: [(suffix: String, nanoseconds: UInt64, decimals: Int)] = [
    ("ns", 1, 0), ("ms", 1_000_000, 6), ("s", 1_000_000_000, 9),
  ]

  /// Parses a time.
  ///
  /// - Parameters:
  ///   - text: The argument.
  ///   - option: The option's spelling (`--from`), for the error.
  ///   - command: The subcommand, for the error's hint.
  /// - Returns: Nanoseconds since session start.
  /// - Throws: ``TracecatError/usage(message:hint:)`` naming the option and the accepted forms.
  static func parse(_ text: String, option: String, command: String) throws -> UInt64 {
    switch reading(text) {
    case .time(let nanoseconds):
      return nanoseconds
    case .tooPrecise(let decimals, let unit):
      throw TracecatError.usage(
        message: "\(option) '\(JSONValue.excerpt(text))' is more precise than a nanosecond",
        hint: decimals == 0
          ? "nanoseconds are whole (1500000000ns)."
          : "\(unit == "ms" ? "milliseconds" : "seconds") take at most \(decimals) decimals.")
    case .outOfRange:
      throw TracecatError.usage(
        message: "\(option) '\(JSONValue.excerpt(text))' is past the latest time a trace can hold",
        hint: "times are at most 18446744073.709551615 s (2^64 - 1 ns) after the session's start.")
    case .malformed:
      throw TracecatError.usage(
        message: "\(option) '\(JSONValue.excerpt(text))' is not a time",
        hint: "use seconds (1.5 or 1.5s), milliseconds (250ms) or nanoseconds (1500000000ns); "
          + "see 'tracecat \(command) --help'.")
    }
  }

  /// What a time argument reads as.
  enum Reading: Equatable {
    /// Nanoseconds since session start.
    case time(UInt64)
    /// Digits past the nanosecond: the unit takes at most `decimals` decimals.
    case tooPrecise(decimals: Int, unit: String)
    /// Beyond 2⁶⁴ − 1 ns.
    case outOfRange
    /// Not a number with an optional unit.
    case malformed
  }

  /// Reads a time argument.
  /// - Complexity: O(n) in the argument's length.
  static func reading(_ text: String) -> Reading {
    var body = Substring(text)
    var unit = units[2]
    if let match = units.first(where: { body.hasSuffix($0.suffix) }) {
      unit = match
      body = body.dropLast(match.suffix.count)
    }
    let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = parts[0]
    let fraction = parts.count > 1 ? parts[1] : ""
    guard !(whole.isEmpty && fraction.isEmpty), whole.allSatisfy(\.isASCIIDigit),
      fraction.allSatisfy(\.isASCIIDigit)
    else { return .malformed }
    // Trailing zeros past the nanosecond change nothing (`1.0000000000`); any other digit would be lost.
    // Digits are ASCII here, so the UTF-8 count is the digit count. One step back per dropped zero
    // keeps this linear in the argument's length (`Substring.dropLast` counts the whole rest each time).
    var end = fraction.endIndex
    var digits = fraction.utf8.count
    while digits > unit.decimals, fraction[fraction.index(before: end)] == "0" {
      end = fraction.index(before: end)
      digits -= 1
    }
    let significant = fraction[..<end]
    guard digits <= unit.decimals else {
      return .tooPrecise(decimals: unit.decimals, unit: unit.suffix)
    }
    let fractionDigits = significant + String(repeating: "0", count: unit.decimals - significant.count)
    let fractionValue = fractionDigits.isEmpty ? 0 : UInt64(fractionDigits)
    // A whole part of digits only that does not fit 64 bits is out of range, not malformed.
    guard let wholeValue = whole.isEmpty ? 0 : UInt64(whole), let fractionValue else { return .outOfRange }
    let (scaled, overflow) = wholeValue.multipliedReportingOverflow(by: unit.nanoseconds)
    let fractionNanoseconds = fractionValue * (unit.nanoseconds / pow10(unit.decimals))
    let (sum, carry) = scaled.addingReportingOverflow(fractionNanoseconds)
    return overflow || carry ? .outOfRange : .time(sum)
  }

  private static func pow10(_ exponent: Int) -> UInt64 {
    (0..<exponent).reduce(1) { value, _ in value * 10 }
  }
}

extension Character {
  /// True for the ASCII digits 0–9 only (not other Unicode numerals).
  var isASCIIDigit: Bool { isASCII && isNumber }
}
