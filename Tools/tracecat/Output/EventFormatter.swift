import FoldTrace

/// Formats events as aligned text columns: time (s.mmm), scene, kind, fields.
enum EventFormatter {
  /// The widest kind name, `sceneDisconnected`.
  static let kindWidth = TraceEvent.Kind.allCases.map(\.name.count).max() ?? 0

  /// One event as a line: `   1.234    1  geometry           size=[390,844] …`.
  ///
  /// Time is truncated to milliseconds, never rounded, so lines stay in time order. Strings show as
  /// JSON, with DEL, C1 controls and U+2028/U+2029 escaped too (``DisplayText/escaped(_:)``).
  static func line(_ event: TraceEvent) -> String {
    let fields = TraceJSONLines.fields(of: event).map { "\($0.key)=\(shown($0.json))" }.joined(separator: " ")
    let scene = event.scene.map { String($0.rawValue) } ?? "-"
    let kind = event.kind.name.padding(to: kindWidth)
    return "\(time(event.time).leftPadded(to: 9))  \(scene.leftPadded(to: 3))  \(kind)  \(fields)"
      .trimmingTrailingSpaces()
  }

  /// A JSON value as shown in a column: a string of plain word characters (`compact`, `row-42`) without
  /// its quotes; anything else (spaces, escapes, `null`-like or number-like text, arrays) as JSON.
  static func bare(_ json: String) -> String {
    guard json.count >= 2, json.first == "\"", json.last == "\"" else { return json }
    let inner = json.dropFirst().dropLast()
    let plain =
      !inner.isEmpty
      && inner.unicodeScalars.allSatisfy { scalar in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "-_./:#".unicodeScalars.contains(scalar)
      }
    let ambiguous = ["null", "true", "false"].contains(inner) || !(inner.first?.isLetter ?? false)
    return plain && !ambiguous ? String(inner) : json
  }

  /// A JSON value as shown in a column (``bare(_:)``), its strings' DEL, C1 controls and U+2028/U+2029
  /// escaped too (``DisplayText/escaped(_:)``): only a value holding a string can hold one.
  static func shown(_ json: String) -> String {
    json.utf8.contains(UInt8(ascii: "\"")) ? DisplayText.escaped(bare(json)) : json
  }

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
