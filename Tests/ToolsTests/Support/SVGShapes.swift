import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The rects and texts of an SVG `tracecat` wrote, with their attributes and the ids of the groups
/// around them, via Foundation's XMLParser: what a test compares with the layout it should show.
final class SVGShapes: NSObject, XMLParserDelegate {
  /// One `<rect>` or `<text>`.
  struct Shape {
    var name: String
    var attributes: [String: String]
    /// The `class`es of the enclosing `<g>`s, outermost first.
    var groups: [[String: String]]
    var text = ""
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    func number(_ key: String) -> Double { Double(attributes[key] ?? "") ?? .nan }
    /// x, y, width, height.
    var frame: [Double] { ["x", "y", "width", "height"].map(number) }
    /// The nearest enclosing group's attribute `key`.
    func group(_ key: String) -> String? { groups.reversed().lazy.compactMap { $0[key] }.first }
  }

  private(set) var root: [String: String] = [:]
  private(set) var shapes: [Shape] = []
  private var stack: [[String: String]] = []
  private var open: Shape?
  private var inClipPath = false

  init(_ data: Data) throws {
    super.init()
    let parser = XMLParser(data: data)
    parser.delegate = self
    guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
  }

  /// The rects with every one of `classes`.
  func rects(_ classes: String...) -> [Shape] {
    shapes.filter { $0.name == "rect" && Set(classes).isSubset(of: $0.classes) }
  }

  /// Every text's content.
  var texts: [Shape] { shapes.filter { $0.name == "text" } }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if root.isEmpty { root = attributes }
    switch name {
    case "g": stack.append(attributes)
    case "clipPath": inClipPath = true
    case "rect" where !inClipPath, "text" where !inClipPath:
      open = Shape(name: name, attributes: attributes, groups: stack)
    default: break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if open?.name == "text" { open?.text += string }
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
  {
    switch name {
    case "g": stack.removeLast()
    case "clipPath": inClipPath = false
    case "rect", "text":
      if let shape = open { shapes.append(shape) }
      open = nil
    default: break
    }
  }
}

/// Opens an SVG in headless Chromium inside a page that measures it, and reports what the browser drew:
/// every shape or text whose box (clipped as drawn) lies outside the SVG's view box, and every text
/// smaller than 10 px with the SVG at 1× (its view box's width in pixels).
enum BrowserCheck {
  /// What the browser found.
  struct Report {
    /// One line per problem; empty when none.
    var problems: [String]
    /// How many shapes and texts were measured.
    var measured: Int
  }

  /// Measures `svg` (the document's text) in Chromium.
  ///
  /// - Parameter directory: Where to write the page.
  static func measure(_ svg: String, in directory: URL) throws -> Report {
    let body = svg.replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", with: "")
    let width = try #/viewBox="0 0 ([0-9.]+) /#.firstMatch(in: svg).map { String($0.1) } ?? "1000"
    let page = """
      <!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">
      <div style="width:\(width)px">\(body)</div>
      <pre id="result"></pre>
      <script>
      const svg = document.querySelector('svg');
      const box = svg.getBoundingClientRect();
      function meet(a, b) {
        return {left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
          right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom)};
      }
      function clipped(element) {
        let r = element.getBoundingClientRect();
        r = {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
        for (let a = element; a && a !== svg; a = a.parentElement) {
          const clip = a.getAttribute('clip-path');
          if (!clip) continue;
          const target = document.getElementById(clip.match(/#([^)]+)/)[1]);
          r = meet(r, target.firstElementChild.getBoundingClientRect());
        }
        return r;
      }
      const problems = [];
      let measured = 0;
      for (const element of svg.querySelectorAll('rect, text, line, path, circle')) {
        if (element.closest('clipPath')) continue;
        measured += 1;
        const r = clipped(element);
        if (r.right - r.left <= 0 || r.bottom - r.top <= 0) continue;
        if (r.left < box.left - 0.5 || r.top < box.top - 0.5 || r.right > box.right + 0.5
          || r.bottom > box.bottom + 0.5) {
          problems.push('outside the view box: <' + element.tagName + ' class="'
            + (element.getAttribute('class') || '') + '"> ' + (element.textContent || '').slice(0, 60)
            + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(', '));
        }
        if (element.tagName === 'text') {
          const pixels = parseFloat(getComputedStyle(element).fontSize) * element.getScreenCTM().a;
          if (pixels < 9.95) problems.push('text of ' + pixels.toFixed(1) + ' px: ' + element.textContent);
        }
      }
      document.getElementById('result').textContent =
        'MEASURED ' + measured + '\\n' + problems.join('\\n') + '\\nEND';
      </script></body></html>
      """
    let url = directory.appendingPathComponent("measure-\(UUID().uuidString).html")
    try page.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let dom = try Chromium.run(["--dump-dom", "--window-size=\(width),900", url.absoluteString])
    let unescaped = dom.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
      of: "&gt;", with: ">"
    )
    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    guard let start = unescaped.range(of: "MEASURED "), let end = unescaped.range(of: "\nEND") else {
      return Report(problems: ["the page did not report: \(dom.prefix(300))"], measured: 0)
    }
    let lines = unescaped[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    return Report(problems: Array(lines.dropFirst()), measured: Int(lines.first ?? "") ?? 0)
  }
}
