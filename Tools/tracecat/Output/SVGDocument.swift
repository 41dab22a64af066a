/// A small SVG writer: elements as text, numbers with at most one decimal, text XML-escaped, so the same
/// plot always gives the same bytes.
struct SVGDocument {
  private(set) var lines: [String] = []
  private var depth = 1

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
    lines.append(String(repeating: "  ", count: depth) + element)
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
    let size =
      fluid
      ? "width=\"100%\" preserveAspectRatio=\"xMinYMin meet\" data-width=\"\(Self.n(width))\" data-height=\"\(Self.n(height))\""
      : "width=\"\(Self.n(width))\" height=\"\(Self.n(height))\""
    let head = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) "
        + "viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" font-family=\"Helvetica, Arial, sans-serif\">",
      "  <rect class=\"background\" x=\"0\" y=\"0\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"#ffffff\"/>",
    ]
    return (head + lines + ["</svg>"]).joined(separator: "\n") + "\n"
  }

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

  /// Text with `&`, `<`, `>`, `"` escaped.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
