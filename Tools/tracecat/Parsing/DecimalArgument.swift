/// A whole number given on the command line (`--shard 2/4`, `--tick-rate 240`, `--scene 2`).
///
/// The form is one or more ASCII decimal digits (0–9) and nothing else: no sign, no blank, no other
/// script's digits, no exponent or radix prefix. Leading zeros are digits like any other (`02` is 2), as
/// in times (``TimeArgument``). `Int(_:)` alone would take a leading `+` and `-` and refuse blanks;
/// every numeric option goes through here instead so that they all accept the same spellings.
enum DecimalArgument {
  /// The value of `text` when it is digits only and fits `T`; nil otherwise (empty, any other
  /// character, or too large).
  /// - Complexity: O(n) in the text's length.
  static func value<T: FixedWidthInteger>(_ text: some StringProtocol, as type: T.Type = T.self) -> T? {
    guard !text.utf8.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return T(text, radix: 10)
  }
}
