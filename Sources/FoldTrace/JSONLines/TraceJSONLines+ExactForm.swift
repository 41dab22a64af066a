extension TraceJSONLines {
  /// Reads a `scroll` or `hinge` line written exactly as ``encode(event:)`` writes it — its keys in the
  /// writer's order, no whitespace, integers as plain digits, decimals without an exponent, an anchor
  /// without escapes — straight into its event, or returns nil so that the general path reads the line
  /// (and reports whatever is wrong with it).
  ///
  /// These two kinds are nine lines in ten of a recorded session. The result is the event the general
  /// path decodes from the same line: every number goes through the same exact conversion (a mantissa of
  /// at most 2⁵³ scaled by an exact power of ten, one correctly rounded operation), and anything that
  /// conversion does not cover — more digits, an exponent, a leading zero, an integer of 20 digits — is
  /// left to the general path. The differential tests hold ``decode(line:lineNumber:)`` to Foundation
  /// through this path.
  ///
  /// - Parameter bytes: The line, valid UTF-8, without its newline.
  /// - Complexity: O(*n*) in the line's length, one pass, no allocation but the anchor's string.
  static func decodeExactForm(_ bytes: UnsafeRawBufferPointer) -> TraceEvent? {
    var line = ExactFormCursor(bytes)
    guard line.take("{\"t\":"), let time = line.unsigned(), line.take(",\"kind\":\"") else { return nil }
    if line.take("scroll\",\"scene\":") {
      guard let scene = line.unsigned().flatMap({ UInt32(exactly: $0) }), line.take(",\"offset\":["),
        let x = line.decimal(), line.take(","), let y = line.decimal(), line.take("]")
      else { return nil }
      var anchor: String?
      if line.take(",\"anchor\":\"") {
        guard let text = line.plainString() else { return nil }
        anchor = text
      }
      guard line.take("}"), line.atEnd else { return nil }
      return TraceEvent(
        time: time,
        .scroll(scene: SceneID(scene), offset: TracePoint(x: x, y: y), anchor: anchor, anchorTop: nil))
    }
    if line.take("hinge\",\"status\":\"") {
      guard let status = line.plainString().flatMap(HingeStatus.init(rawValue:)) else { return nil }
      var angle: Double?
      if line.take(",\"angle\":") {
        guard let value = line.decimal() else { return nil }
        angle = value
      }
      guard line.take("}"), line.atEnd else { return nil }
      return TraceEvent(time: time, .hinge(HingeState(status: status, angle: angle)))
    }
    return nil
  }
}

/// A position in a line for ``TraceJSONLines/decodeExactForm(_:)``: each reader consumes what it
/// recognises and returns nil (the line is not in the exact form) for anything else.
private struct ExactFormCursor {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var atEnd: Bool { offset == bytes.count }

  /// Consumes `literal` if the line continues with it.
  @inline(__always) mutating func take(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard bytes.count - offset >= count else { return false }
    for index in 0..<count where bytes[offset + index] != literal.utf8Start[index] { return false }
    offset += count
    return true
  }

  @inline(__always) private func digit(at index: Int) -> UInt64? {
    guard index < bytes.count else { return nil }
    let value = bytes[index] &- UInt8(ascii: "0")
    return value < 10 ? UInt64(value) : nil
  }

  /// A non-negative integer of 1 to 19 digits, no leading zero (at most 10¹⁹ − 1, within `UInt64`).
  mutating func unsigned() -> UInt64? {
    guard let first = digit(at: offset) else { return nil }
    var value = first
    var end = offset + 1
    if first != 0 {
      while let next = digit(at: end) {
        guard end - offset < 19 else { return nil }
        value = value &* 10 &+ next
        end += 1
      }
    } else if digit(at: end) != nil {
      return nil
    }
    offset = end
    return value
  }

  /// `-?digits(.digits)?` with at most 19 significant digits and at most 22 after the point, as the
  /// nearest double: the value the general path's conversion gives (``JSONLineScanner``'s exact fast
  /// path, or `Double(text)`), since both round the same rational correctly.
  mutating func decimal() -> Double? {
    var end = offset
    let negative = end < bytes.count && bytes[end] == UInt8(ascii: "-")
    if negative { end += 1 }
    guard let first = digit(at: end) else { return nil }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    if first == 0 {
      end += 1
      if digit(at: end) != nil { return nil }
    } else {
      while let next = digit(at: end) {
        guard digits < 19 else { return nil }
        mantissa = mantissa &* 10 &+ next
        digits += 1
        end += 1
      }
    }
    if end < bytes.count && bytes[end] == UInt8(ascii: ".") {
      end += 1
      guard digit(at: end) != nil else { return nil }
      while let next = digit(at: end) {
        if digits == 0 && next == 0 {
          exponent -= 1
        } else {
          guard digits < 19 else { return nil }
          mantissa = mantissa &* 10 &+ next
          digits += 1
          exponent -= 1
        }
        end += 1
      }
    }
    if end < bytes.count && (bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E")) {
      return nil
    }
    guard exponent >= -22 else { return nil }
    let value = Self.nearest(mantissa, dividedByPowerOfTen: -exponent)
    offset = end
    return negative ? -value : value
  }

  /// 5⁰ … 5²², each below 2⁵².
  private static let powersOfFive: [UInt64] = (0...22).map { k in (0..<k).reduce(1) { power, _ in power * 5 }
  }

  /// The double nearest to `mantissa ÷ 10^k`, ties to even, for `k` in 0…22.
  ///
  /// Up to 2⁵³ both operands are exact doubles and one division rounds correctly (Clinger's fast
  /// path). Above, `10^k = 5^k · 2^k`: the quotient `q = ⌊mantissa · 2⁶⁴ ÷ 5^k⌋` has at least 66
  /// significant bits (5^k < 2⁵², mantissa > 2⁵³). Its top 64 bits, with the lowest set when anything
  /// below them or the division's remainder is non-zero, round to 53 bits exactly as the whole quotient
  /// would: the sticky bit lies 11 bits under the rounding point, so it records "above" without making
  /// or breaking a tie. The hardware's correctly rounded 64-bit conversion, scaled by an exact power of
  /// two, is the answer.
  @inline(__always)
  private static func nearest(_ mantissa: UInt64, dividedByPowerOfTen k: Int) -> Double {
    if mantissa <= 1 << 53 {
      let value = Double(mantissa)
      return k == 0 ? value : value / JSONLineScanner.exactPowers[k]
    }
    let numerator = UInt128(mantissa) << 64
    let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: UInt128(powersOfFive[k]))
    let shift = quotient.leadingZeroBitCount
    let normalized = quotient << shift
    let top = UInt64(truncatingIfNeeded: normalized >> 64)
    let below = UInt64(truncatingIfNeeded: normalized) | UInt64(truncatingIfNeeded: remainder)
    let rounded = Double(top | (below == 0 ? 0 : 1))
    return rounded * Double(sign: .plus, exponent: -(shift + k), significand: 1)
  }

  /// The characters up to the closing quote, which it consumes, when there is no escape or control
  /// character among them (the line is valid UTF-8, so the slice is).
  mutating func plainString() -> String? {
    var end = offset
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        offset = end + 1
        return text
      }
      guard byte != UInt8(ascii: "\\") && byte >= 0x20 else { return nil }
      end += 1
    }
    return nil
  }
}
