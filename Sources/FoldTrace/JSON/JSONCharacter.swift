/// How a JSON parse error names the character it found, the same in `tracecat pack` and `foldsim`.
enum JSONCharacter {
  /// The character whose UTF-8 encoding starts `bytes`: `']'` when it is printable ASCII, else its code
  /// point (`U+00A0`, `U+0001`), a byte-order mark named as one (it is allowed only at the start of a
  /// document), and a byte that does not start UTF-8 as a byte (`byte 0xFF`) — never as the Latin-1
  /// letter the byte alone would be (`'ï'` for a mark's first byte).
  /// - Complexity: O(1): reads at most 4 bytes.
  static func name(startOf bytes: some Sequence<UInt8>) -> String {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    switch parser.parseScalar(from: &iterator) {
    case .valid(let encoded):
      let scalar = Unicode.UTF8.decode(encoded)
      if scalar.value > 0x20 && scalar.value < 0x7F { return "'\(Character(scalar))'" }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      let point = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      return scalar.value == 0xFEFF ? "\(point) (a byte-order mark, allowed only at the start)" : point
    case .error:
      var first = bytes.makeIterator()
      return first.next().map { "byte 0x" + String($0, radix: 16, uppercase: true) } ?? "the end"
    case .emptyInput:
      return "the end"
    }
  }
}
