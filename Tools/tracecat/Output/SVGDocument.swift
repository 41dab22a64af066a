import FoldTrace

/// A small SVG writer: elements as text, numbers with at most one decimal, text XML-escaped, so the same
/// plot always gives the same bytes.
struct SVGDocument {
  /// The elements so far, one per line, as UTF-8: one buffer, not a string per element, so a plot of
  /// hundreds of thousands of elements costs its bytes and no more.
  private var body: [UInt8] = []
  private var depth = 1
  /// Takes the elements as they are added, in pieces of about 1 MiB (the rest at ``flush()``), instead
  /// of keeping them for ``write(width:height:fluid:to:)``.
  var sink: ((_ bytes: [UInt8]) -> Void)?
  /// Whether elements are dropped as they are added: a pass that only measures the document.
  var discards = false

  /// Opens `<g …>`; close it with ``close()``.
  mutating func group(id: String? = nil, class name: String, _ attributes: String = "") {
    let identifier = id.map { " id=\"\(Self.escape($0))\"" } ?? ""
    add("<g\(identifier) class=\"\(name)\"\(attributes.isEmpty ? "" : " " + attributes)>")
    depth += 1
  }

  /// Closes the innermost group.
  mutating func close() {
    depth -= 1
    add("</g>")
  }

  /// Adds one element line as given.
  mutating func add(_ element: String) {
    guard !discards else { return }
    body.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    body.append(contentsOf: element.utf8)
    body.append(UInt8(ascii: "\n"))
    if body.count >= 1 << 20 { flush() }
  }

  /// Hands the elements gathered so far to ``sink``, if there is one.
  mutating func flush() {
    guard let sink, !body.isEmpty else { return }
    sink(body)
    body.removeAll(keepingCapacity: true)
  }

  mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, title: String? = nil)
  {
    let open =
      "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(max(width, 0)))\" height=\"\(Self.n(height))\" fill=\"\(fill)\""
    if let title { add(open + "><title>\(Self.escape(title))</title></rect>") } else { add(open + "/>") }
  }

  mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, extra: String = "") {
    add(
      "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\"\(extra.isEmpty ? "" : " " + extra)/>"
    )
  }

  mutating func text(
    _ content: String, x: Double, y: Double, anchor: String = "start", size: Int = 11, fill: String = "#333",
    extra: String = ""
  ) {
    add(
      "<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\" fill=\"\(fill)\"\(extra.isEmpty ? "" : " " + extra)>\(Self.escape(content))</text>"
    )
  }

  mutating func path(_ data: String, stroke: String, width: Double = 1.5, extra: String = "") {
    add(
      "<path d=\"\(data)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"\(extra.isEmpty ? "" : " " + extra)/>"
    )
  }

  /// The whole document.
  ///
  /// - Parameters:
  ///   - width: The drawing's width, in pixels at 1×.
  ///   - height: The drawing's height, in pixels at 1×.
  ///   - fluid: The SVG fills the width of the window (or the HTML element holding it) and keeps its
  ///     aspect ratio (`width="100%"` with the view box), instead of a fixed size in pixels.
  func rendered(width: Double, height: Double, fluid: Bool = false) -> String {
    var bytes: [UInt8] = []
    write(width: width, height: height, fluid: fluid) { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Hands the whole document to `output` in three pieces — head, elements, end — so it is never
  /// copied whole; ``rendered(width:height:fluid:)``'s parameters.
  /// - Throws: What `output` throws.
  func write(width: Double, height: Double, fluid: Bool = false, to output: ([UInt8]) throws -> Void) rethrows
  {
    try output(Self.head(width: width, height: height, fluid: fluid))
    try output(body)
    try output(Self.end)
  }

  /// The document's start, up to its first element; ``rendered(width:height:fluid:)``'s parameters.
  static func head(width: Double, height: Double, fluid: Bool) -> [UInt8] {
    let size =
      fluid
      ? "width=\"100%\" preserveAspectRatio=\"xMinYMin meet\" data-width=\"\(n(width))\" data-height=\"\(n(height))\""
      : "width=\"\(n(width))\" height=\"\(n(height))\""
    let head = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) "
        + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"Helvetica, Arial, sans-serif\">",
      "  <rect class=\"background\" x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>",
    ]
    return Array((head.joined(separator: "\n") + "\n").utf8)
  }

  /// The document's end, after its last element.
  static let end = Array("</svg>\n".utf8)

  /// `value × scale` rounded (by `rule`) to an integer, saturated at ±10¹⁵ (and 0 for NaN), so that no
  /// geometry a trace can hold — sizes up to the largest finite double — traps in the conversion.
  ///
  /// - Parameters:
  ///   - value: The number, in its unit (pt, px, s).
  ///   - scale: The factor, such as 10 for tenths.
  ///   - rule: The rounding rule.
  /// - Returns: The integer, |result| ≤ 10¹⁵.
  static func saturatingInt(
    _ value: Double, scale: Double = 1, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
  ) -> Int {
    let scaled = (value * scale).rounded(rule)
    guard !scaled.isNaN else { return 0 }
    return Int(min(max(scaled, -1e15), 1e15))
  }

  /// A number with at most one decimal, no exponent, `-0` as `0`; magnitudes saturate at 10¹⁴.
  static func n(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let tenths = saturatingInt(value, scale: 10)
    let sign = tenths < 0 ? "-" : ""
    let magnitude = abs(tenths)
    return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }

  /// A number with at most three decimals, no exponent: scale factors.
  static func n3(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let thousandths = saturatingInt(value, scale: 1000)
    let sign = thousandths < 0 ? "-" : ""
    var fraction = String(abs(thousandths) % 1000)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.last == "0" { fraction.removeLast() }
    return "\(sign)\(abs(thousandths) / 1000)" + (fraction.isEmpty ? "" : "." + fraction)
  }

  /// Text for an SVG or HTML document: its control characters shown as the terminal outputs show them
  /// (``DisplayText/escaped(_:)``: `\u001b`, `\n`, `\u009b`, `\u2028`), a trace's strings and file
  /// names read as in `tracecat cat`; then `&`, `<`, `>`, `"` escaped, and U+FFFE and U+FFFF, which XML
  /// 1.0 forbids (as it forbids every C0 control but tab and line breaks), as U+FFFD: one would make the
  /// whole document unreadable.
  ///
  /// - Parameter keepingLineBreaks: Keep line breaks (U+000A), for text whose lines are its own: a
  ///   failure's sentence (``FoldReplay/ReplayFailure/message`` escapes the strings it quotes).
  static func escape(_ text: String, keepingLineBreaks: Bool = false) -> String {
    let shown =
      keepingLineBreaks
      ? text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { DisplayText.escaped(String($0)) }.joined(separator: "\n")
      : DisplayText.escaped(text)
    var result = ""
    for scalar in shown.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
