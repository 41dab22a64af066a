/// Readings of a JSON number's own text, for the messages that quote it.
enum JSONNumberText {
  /// Whether a valid JSON number's text writes a whole number, whatever its form or size: `1e19`,
  /// `1.5e3`, `-1`, `100e-2` and `-0` are whole; `1.5` and `1e-1` are not. Decimal, not through a
  /// double, which holds every number from 2⁵³ on as whole (`18446744073709551615.5`).
  ///
  /// - Parameter text: The number's bytes, as the JSON grammar allows them.
  /// - Complexity: O(*n*) in the text's length, without allocating.
  static func isWhole(_ text: some Collection<UInt8>) -> Bool {
    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    var fractionCount = 0
    var inFraction = false
    // Zero digits after the last nonzero one, integer and fraction read as one sequence.
    var trailingZeros = 0
    var nonzero = false
    var exponent = 0
    var exponentSign = 1
    var inExponent = false
    for byte in text {
      if inExponent {
        if byte == UInt8(ascii: "-") {
          exponentSign = -1
        } else if isDigit(byte) {
          // Saturates far beyond any digit count a line can hold.
          exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), 1 << 40)
        }
      } else if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        inExponent = true
      } else if isDigit(byte) {
        if inFraction { fractionCount += 1 }
        if byte == UInt8(ascii: "0") {
          trailingZeros += 1
        } else {
          nonzero = true
          trailingZeros = 0
        }
      }
    }
    // The value is its significant digits times 10^scale; zero is whole whatever its exponent.
    return !nonzero || exponentSign * exponent - fractionCount + trailingZeros >= 0
  }

  /// The whole number a valid JSON number's text writes exactly, when its magnitude is at most 2⁶⁴−1,
  /// in any form (`-1.5e3` is -1500); nil otherwise.
  ///
  /// - Complexity: O(*n*) in the text's length.
  static func wholeValue(_ text: [UInt8]) -> Int128? {
    let negative = text.first == UInt8(ascii: "-")
    guard let magnitude = JSONParser.wholeNumber(text[(negative ? 1 : 0)...]) else { return nil }
    return negative ? -Int128(magnitude) : Int128(magnitude)
  }
}
