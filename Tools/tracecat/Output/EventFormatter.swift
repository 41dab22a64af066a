import FoldTrace

/// Formats events as aligned text columns: time (s.mmm), scene, kind, fields.
enum EventFormatter {
  /// The widest kind name, `sceneDisconnected`.
  static let kindWidth = TraceEvent.Kind.allCases.map(\.name.count).max() ?? 0

  /// One event as a line: `   1.234    1  geometry           size=[390,844] …`.
  ///
  /// Time is truncated to milliseconds, never rounded, so lines stay in time order. Strings show as
  /// JSON, with DEL, C1 controls, U+2028/U+2029, bidi controls and characters that draw nothing
  /// escaped too (``DisplayText/escaped(_:)``); a string holding one of the last is quoted.
  static func line(_ event: TraceEvent) -> String {
    var bytes: [UInt8] = []
    appendLine(event, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``line(_:)`` to `bytes` (without a newline), writing straight into them: no string is built
  /// for the columns, nor for a field unless it is a string with a character outside printable ASCII.
  ///
  /// - Complexity: O(*n*) in the size of the event.
  static func appendLine(_ event: TraceEvent, to bytes: inout [UInt8]) {
    let start = bytes.count
    appendTime(event.time, to: &bytes)
    bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")])
    if let scene = event.scene {
      appendDecimal(UInt64(scene.rawValue), width: 3, to: &bytes)
    } else {
      bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " "), UInt8(ascii: "-")])
    }
    bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")])
    let kind = kindColumns[Int(event.kind.rawValue)]
    bytes.append(contentsOf: kind)
    TraceJSONLines.appendFields(of: event, into: &bytes, string: appendString)
    // Only the kind's padding can end a line with spaces: no field's text ends with one.
    while bytes.count > start, bytes[bytes.count - 1] == UInt8(ascii: " ") { bytes.removeLast() }
    // JSON has escaped the C0 controls. The columns before the fields are ASCII without controls, and
    // only a string (never bare) holds an invisible character, so escaping the whole line escapes the
    // fields as ``shown(_:)`` does.
    if DisplayText.mayNeedEscaping(bytes[start...]) {
      let text = String(decoding: bytes[start...], as: UTF8.self)
      let shown = DisplayText.escaped(text)
      if shown != text { bytes.replaceSubrange(start..., with: shown.utf8) }
    }
  }

  /// Each kind's name padded to ``kindWidth`` and the two spaces before the fields, by raw value.
  private static let kindColumns: [[UInt8]] = {
    var columns = [[UInt8]](
      repeating: [], count: Int(TraceEvent.Kind.allCases.map(\.rawValue).max() ?? 0) + 1)
    for kind in TraceEvent.Kind.allCases {
      columns[Int(kind.rawValue)] = Array((kind.name.padding(to: kindWidth) + "  ").utf8)
    }
    return columns
  }()

  /// `seconds.mmm` right-aligned in 9 columns, as ``time(_:)`` writes it.
  private static func appendTime(_ nanoseconds: UInt64, to bytes: inout [UInt8]) {
    let seconds = nanoseconds / 1_000_000_000
    let milliseconds = nanoseconds % 1_000_000_000 / 1_000_000
    appendDecimal(seconds, width: 5, to: &bytes)
    bytes.append(UInt8(ascii: "."))
    bytes.append(UInt8(ascii: "0") + UInt8(milliseconds / 100))
    bytes.append(UInt8(ascii: "0") + UInt8(milliseconds / 10 % 10))
    bytes.append(UInt8(ascii: "0") + UInt8(milliseconds % 10))
  }

  /// `value`'s decimal digits, right-aligned in `width` columns with spaces (wider when it needs more).
  private static func appendDecimal(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
    var count = 1
    var rest = value
    while rest >= 10 {
      count += 1
      rest /= 10
    }
    if count < width { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - count)) }
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
    var index = bytes.count
    rest = value
    repeat {
      index -= 1
      bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    } while rest > 0
  }

  /// A field's string value as ``bare(_:)`` shows its JSON text. Printable ASCII without `"` or `\` is
  /// its own JSON text between quotes, so it is written as it is or quoted
  /// (`OutputBytes.appendPrintableASCII(_:to:)`, whose plain words are ``bare(_:)``'s); anything else goes
  /// through its JSON text and ``bare(_:)``.
  private static func appendString(_ value: String, to bytes: inout [UInt8]) {
    if !OutputBytes.appendPrintableASCII(value, to: &bytes) {
      bytes.append(contentsOf: bare(JSONValue.quoted(value)).utf8)
    }
  }

  /// A JSON value as shown in a column: a string of plain word characters (`compact`, `row-42`) without
  /// its quotes; anything else (spaces, escapes, `null`-like or number-like text, arrays, a letter that
  /// draws nothing such as a Hangul filler) as JSON.
  static func bare(_ json: String) -> String {
    guard json.count >= 2, json.first == "\"", json.last == "\"" else { return json }
    let inner = json.dropFirst().dropLast()
    let plain =
      !inner.isEmpty
      && inner.unicodeScalars.allSatisfy { scalar in
        (scalar.properties.isAlphabetic && !isInvisible(scalar)) || ("0"..."9").contains(scalar)
          || "-_./:#".unicodeScalars.contains(scalar)
      }
    let ambiguous = ["null", "true", "false"].contains(inner) || !(inner.first?.isLetter ?? false)
    return plain && !ambiguous ? String(inner) : json
  }

  /// A JSON value as shown in a column (``bare(_:)``), its strings' DEL, C1 controls, U+2028/U+2029,
  /// bidi controls and invisible characters escaped too (``DisplayText/escaped(_:)``): only a value
  /// holding a string can hold one.
  static func shown(_ json: String) -> String {
    json.utf8.contains(UInt8(ascii: "\"")) ? DisplayText.escaped(bare(json)) : json
  }

  /// Whether `scalar` draws nothing (``DisplayText/isInvisible(_:)``): such a string is quoted.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool { DisplayText.isInvisible(scalar) }

  /// Nanoseconds as seconds with three decimals, `12.345`.
  static func time(_ nanoseconds: UInt64) -> String {
    let seconds = nanoseconds / 1_000_000_000
    let milliseconds = nanoseconds % 1_000_000_000 / 1_000_000
    return "\(seconds)." + String(milliseconds).leftPadded(to: 3, with: "0")
  }

  /// The header as a comment line holding its JSON Lines form:
  /// `# {"kind":"header","version":"1.0","device":"iPhone Duo",…}`.
  static func headerLine(_ header: TraceHeader) -> String {
    "# " + DisplayText.escaped(TraceJSONLines.encode(header: header))
  }
}

extension String {
  func leftPadded(to width: Int, with pad: Character = " ") -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }

  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
