import FoldTrace
import LayoutCore

/// Draws a ``SessionTimeline`` as an SVG timeline: the device's hinge on top, then per scene its width
/// and height over time (step lines, points), its layout shapes and presentations (LayoutCore's
/// `LayoutShape.presentation`) as colored bands, and bands for an active division and interactive
/// resizing; markers as dashed vertical lines across every panel.
///
/// Groups carry stable ids and classes (`device`, `scene-1`, `size-chart`, `shape-band`, `presentation-band`,
/// `division-band`, `resizing-band`, `hinge-band`, `hinge-angle`, `markers`, `time-axis`, `legend`) so
/// tests and stylesheets can find them. Deterministic: numbers with one decimal, fixed colors.
struct TimelinePlot {
  static let width = 1000.0
  static let left = 110.0
  static let right = 24.0
  static let chartHeight = 140.0
  static let bandHeight = 14.0

  static let shapeColors: [LayoutShape: String] = [
    .compactTall: "#4e79a7", .compactShort: "#76b7b2", .regularShort: "#f28e2b",
    .regularTall: "#59a14f", .regularWide: "#b07aa1",
  ]
  static let presentationColors: [Presentation: String] = [
    .stack: "#a0cbe8", .split: "#ffbe7d", .expanded: "#d4a6c8",
  ]
  static let hingeColors: [HingeStatus: String] = [
    .closed: "#9c755f", .partiallyOpen: "#edc948", .fullyOpen: "#8cd17d", .unknown: "#bab0ac",
  ]

  let timeline: SessionTimeline
  let title: String
  /// Anchor drift and failed checks from a replay, when the plot was asked for them.
  let marks: ReplayMarks?
  private let start: UInt64
  private let span: Double
  private var svg = SVGDocument()
  private var y = 0.0

  init(_ timeline: SessionTimeline, title: String, marks: ReplayMarks? = nil) {
    self.timeline = timeline
    self.title = title
    self.marks = marks
    start = timeline.start ?? 0
    span = Double(max(timeline.end - start, 1_000_000))
  }

  /// The SVG document.
  static func render(_ timeline: SessionTimeline, title: String, marks: ReplayMarks? = nil) -> String {
    var plot = TimelinePlot(timeline, title: title, marks: marks)
    return plot.draw()
  }

  private var plotWidth: Double { Self.width - Self.left - Self.right }

  private func x(_ time: UInt64) -> Double {
    Self.left + Double(time - min(time, start)) / span * plotWidth
  }

  private mutating func draw() -> String {
    svg.text(title, x: 16, y: 24, size: 15, fill: "#111", extra: "font-weight=\"bold\"")
    let seconds = EventFormatter.time(timeline.end - start)
    svg.text(
      "\(Self.count(timeline.scenes.count, "scene")), \(seconds) s, "
        + Self.count(timeline.markers.count, "marker"), x: Self.width - Self.right,
      y: 24, anchor: "end", size: 11, fill: "#555")
    y = 44
    let top = y
    if !timeline.markers.isEmpty { y += 36 }
    drawDevice()
    for scene in timeline.scenes { drawScene(scene) }
    let bottom = y
    drawMarkers(top: top, bottom: bottom)
    drawTimeAxis(at: bottom)
    drawLegend(at: bottom + 36)
    return svg.rendered(width: Self.width, height: bottom + 112)
  }

  private mutating func drawDevice() {
    guard !timeline.hingeStatus.isEmpty else { return }
    svg.group(id: "device", class: "panel device")
    svg.text("device", x: 16, y: y + 12, size: 13, fill: "#111", extra: "font-weight=\"bold\"")
    y += 20
    svg.group(class: "hinge-band")
    svg.text("hinge", x: Self.left - 8, y: y + 11, anchor: "end")
    for span in timeline.hingeStatus {
      band(span.start, span.end, fill: Self.hingeColors[span.value] ?? "#ccc", label: span.value.rawValue)
    }
    svg.close()
    y += Self.bandHeight + 6
    if !timeline.hingeAngles.isEmpty {
      let height = 50.0
      svg.group(class: "hinge-angle")
      axisFrame(label: "angle °", top: y, height: height, maximum: 180, step: 90)
      svg.path(
        stepPath(timeline.hingeAngles.map { ($0.time, $0.degrees) }, top: y, height: height, maximum: 180),
        stroke: "#8c564b")
      svg.close()
      y += height + 8
    }
    svg.close()
    y += 12
  }

  private mutating func drawScene(_ scene: SessionTimeline.Scene) {
    svg.group(id: "scene-\(scene.id)", class: "panel scene")
    svg.text(
      "scene \(scene.id) · \(scene.display.rawValue)", x: 16, y: y + 12, size: 13, fill: "#111",
      extra: "font-weight=\"bold\"")
    y += 20
    let maximum = max(scene.sizes.map { max($0.width, $0.height) }.max() ?? 0, 1)
    let step = Self.niceStep(maximum / 4)
    let top = (maximum / step).rounded(.up) * step
    svg.group(class: "size-chart")
    axisFrame(label: "pt", top: y, height: Self.chartHeight, maximum: top, step: step)
    svg.path(
      stepPath(
        scene.sizes.map { ($0.time, $0.width) }, top: y, height: Self.chartHeight, maximum: top,
        end: scene.disconnected),
      stroke: "#1f77b4", extra: "class=\"width\"")
    svg.path(
      stepPath(
        scene.sizes.map { ($0.time, $0.height) }, top: y, height: Self.chartHeight, maximum: top,
        end: scene.disconnected),
      stroke: "#d62728", extra: "class=\"height\"")
    svg.close()
    y += Self.chartHeight + 6
    svg.group(class: "shape-band")
    svg.text("shape", x: Self.left - 8, y: y + 11, anchor: "end")
    for span in timeline.shapes(of: scene) {
      band(span.start, span.end, fill: Self.shapeColors[span.value] ?? "#ccc", label: span.value.rawValue)
    }
    svg.close()
    y += Self.bandHeight + 4
    svg.group(class: "presentation-band")
    svg.text("presentation", x: Self.left - 8, y: y + 11, anchor: "end")
    for span in timeline.presentations(of: scene) {
      band(
        span.start, span.end, fill: Self.presentationColors[span.value] ?? "#ccc", label: span.value.rawValue,
        textColor: "#222")
    }
    svg.close()
    y += Self.bandHeight + 4
    svg.group(class: "division-band")
    svg.text("division", x: Self.left - 8, y: y + 11, anchor: "end")
    for span in timeline.division(of: scene) where span.value {
      band(span.start, span.end, fill: "#e15759", label: "division active")
    }
    svg.close()
    y += Self.bandHeight + 4
    svg.group(class: "resizing-band")
    svg.text("resizing", x: Self.left - 8, y: y + 11, anchor: "end")
    for span in timeline.resizing(of: scene) where span.value {
      band(span.start, span.end, fill: "#ff9da7", label: "interactive resize")
    }
    svg.close()
    y += Self.bandHeight + 4
    if let marks { drawReplayRows(scene, marks: marks) }
    svg.close()
    y += 16
  }

  /// Replay rows: anchor drift at each relayout that had to keep the anchor (green within the
  /// tolerance, red beyond it), and failed checks as red triangles; hover for the values.
  private mutating func drawReplayRows(_ scene: SessionTimeline.Scene, marks: ReplayMarks) {
    svg.group(class: "anchor-band")
    svg.text("anchor drift", x: Self.left - 8, y: y + 11, anchor: "end")
    for drift in marks.drifts[scene.id] ?? [] where drift.time >= start && drift.time <= timeline.end {
      let bad = abs(drift.points) > marks.tolerance
      svg.add(
        "<circle cx=\"\(SVGDocument.n(x(drift.time)))\" cy=\"\(SVGDocument.n(y + 7))\" r=\"3.5\" "
          + "fill=\"\(bad ? "#d62728" : "#59a14f")\"><title>anchor drift \(SVGDocument.n(drift.points)) pt at "
          + "\(EventFormatter.time(drift.time)) s</title></circle>")
    }
    svg.close()
    y += Self.bandHeight + 4
    svg.group(class: "failures-band")
    svg.text("failures", x: Self.left - 8, y: y + 11, anchor: "end")
    // One triangle per instant: the failures at the same time share it, listed in its title.
    let failures = marks.failures.filter { $0.scene == scene.id }
    var index = 0
    while index < failures.count {
      let time = failures[index].time
      var texts: [String] = []
      while index < failures.count && failures[index].time == time {
        texts.append(failures[index].text)
        index += 1
      }
      let heading = texts.count == 1 ? "" : "\(texts.count) failures at \(EventFormatter.time(time)) s:\n"
      failureTriangle(at: time, text: heading + texts.joined(separator: "\n"))
    }
    svg.close()
    y += Self.bandHeight + 4
  }

  private mutating func failureTriangle(at time: UInt64, text: String) {
    guard time >= start && time <= timeline.end else { return }
    let cx = x(time)
    svg.add(
      "<path d=\"M \(SVGDocument.n(cx - 5)) \(SVGDocument.n(y + 13)) L \(SVGDocument.n(cx)) \(SVGDocument.n(y + 2)) "
        + "L \(SVGDocument.n(cx + 5)) \(SVGDocument.n(y + 13)) Z\" fill=\"#d62728\"><title>"
        + SVGDocument.escape(text) + "</title></path>")
  }

  /// A colored stretch of a band row, labelled inside when it is wide enough.
  private mutating func band(
    _ from: UInt64, _ to: UInt64, fill: String, label: String, textColor: String = "#fff"
  ) {
    let x0 = x(from)
    let width = max(x(to) - x0, 1)
    svg.rect(
      x: x0, y: y, width: width, height: Self.bandHeight, fill: fill,
      title: "\(label) \(EventFormatter.time(from))–\(EventFormatter.time(to)) s")
    if width >= Double(label.count) * 6 + 6 {
      svg.text(label, x: x0 + 3, y: y + 10.5, size: 9, fill: textColor)
    }
  }

  /// A chart's frame: horizontal grid lines with value labels, and the row label.
  private mutating func axisFrame(label: String, top: Double, height: Double, maximum: Double, step: Double) {
    svg.rect(x: Self.left, y: top, width: plotWidth, height: height, fill: "#fafafa")
    var value = 0.0
    while value <= maximum + step / 2 {
      let lineY = top + height - value / maximum * height
      svg.line(x1: Self.left, y1: lineY, x2: Self.left + plotWidth, y2: lineY, stroke: "#e3e3e3")
      svg.text(SVGDocument.n(value), x: Self.left - 6, y: lineY + 3.5, anchor: "end", size: 9, fill: "#777")
      value += step
    }
    svg.text(label, x: 16, y: top + height / 2 + 4, size: 10, fill: "#777")
  }

  /// A step line: each value holds until the next sample; the last holds to `end` (the scene's
  /// disconnection) or the trace's end. Samples within one half-pixel column are drawn as one vertical
  /// stroke over their range, ending at the column's last value, so a long trace draws in O(width)
  /// commands without hiding a spike.
  private func stepPath(
    _ samples: [(UInt64, Double)], top: Double, height: Double, maximum: Double, end: UInt64? = nil
  ) -> String {
    guard let first = samples.first else { return "M 0 0" }
    func vertical(_ value: Double) -> Double { top + height - value / maximum * height }
    var data = "M \(SVGDocument.n(x(first.0))) \(SVGDocument.n(vertical(first.1)))"
    var lastY = SVGDocument.n(vertical(first.1))
    var column: (key: Int, x: String, low: Double, high: Double, last: Double)?
    func flush(_ column: (key: Int, x: String, low: Double, high: Double, last: Double)) {
      let targets = [column.low, column.high, column.last].map(SVGDocument.n)
      guard targets.contains(where: { $0 != lastY }) else { return }
      data += " H \(column.x)"
      for target in targets where target != lastY {
        data += " V \(target)"
        lastY = target
      }
    }
    for sample in samples.dropFirst() {
      let sampleX = x(sample.0)
      let key = Int((sampleX * 2).rounded(.down))
      let sampleY = vertical(sample.1)
      if var open = column, open.key == key {
        open.low = min(open.low, sampleY)
        open.high = max(open.high, sampleY)
        open.last = sampleY
        column = open
        continue
      }
      if let open = column { flush(open) }
      column = (key, SVGDocument.n(sampleX), sampleY, sampleY, sampleY)
    }
    if let open = column { flush(open) }
    return data + " H \(SVGDocument.n(x(end ?? timeline.end)))"
  }

  /// Dashed lines across every panel, labels in the strip reserved above the panels (three rows, so
  /// close markers do not overlap).
  private mutating func drawMarkers(top: Double, bottom: Double) {
    guard !timeline.markers.isEmpty else { return }
    svg.group(class: "markers")
    for (index, marker) in timeline.markers.enumerated() {
      let markerX = x(marker.time)
      svg.line(
        x1: markerX, y1: top, x2: markerX, y2: bottom, stroke: "#555",
        extra: "stroke-dasharray=\"4 3\" stroke-width=\"1\"")
      let labelY = top + 10 + Double(index % 3) * 11
      let anchor = markerX > Self.left + plotWidth * 0.8 ? "end" : "start"
      svg.text(
        marker.label, x: markerX + (anchor == "end" ? -3 : 3), y: labelY, anchor: anchor, size: 9,
        fill: "#333",
        extra: "class=\"marker-label\"")
    }
    svg.close()
  }

  private mutating func drawTimeAxis(at axisY: Double) {
    svg.group(class: "time-axis")
    svg.line(x1: Self.left, y1: axisY, x2: Self.left + plotWidth, y2: axisY, stroke: "#333")
    let seconds = span / 1e9
    let step = Self.niceStep(seconds / 8)
    var tick = 0.0
    while tick <= seconds + step / 1000 {
      let tickX = Self.left + tick / seconds * plotWidth
      svg.line(x1: tickX, y1: axisY, x2: tickX, y2: axisY + 5, stroke: "#333")
      let startSeconds = Double(start) / 1e9
      svg.text(Self.seconds(startSeconds + tick), x: tickX, y: axisY + 17, anchor: "middle", size: 10)
      tick += step
    }
    svg.text("time (s)", x: Self.left + plotWidth, y: axisY + 30, anchor: "end", size: 10, fill: "#555")
    svg.close()
  }

  /// The legend, in rows that fit the width: lines, then shapes, presentations and bands.
  private mutating func drawLegend(at top: Double) {
    svg.group(class: "legend")
    var legendX = Self.left
    var legendY = top
    let entries: [(String, String)] =
      [("width", "#1f77b4"), ("height", "#d62728")]
      + LayoutShape.allCases.map { ($0.rawValue, Self.shapeColors[$0] ?? "#ccc") }
      + Presentation.allCases.map { ($0.rawValue, Self.presentationColors[$0] ?? "#ccc") }
      + [("division active", "#e15759"), ("interactive resize", "#ff9da7")]
      + (marks == nil
        ? [] : [("anchor kept (≤ 1 pt)", "#59a14f"), ("anchor drift / failed check", "#d62728")])
    for (label, color) in entries {
      let entryWidth = 14 + Double(label.count) * 6 + 14
      if legendX + entryWidth > Self.width - Self.right {
        legendX = Self.left
        legendY += 16
      }
      svg.rect(x: legendX, y: legendY, width: 10, height: 10, fill: color)
      svg.text(label, x: legendX + 14, y: legendY + 9, size: 10)
      legendX += entryWidth
    }
    svg.close()
  }

  /// `1 scene`, `2 scenes`.
  static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }

  /// 1, 2 or 5 times a power of ten, at least `raw`.
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0 else { return 1 }
    var power = 1.0
    while power * 10 <= raw { power *= 10 }
    while power > raw { power /= 10 }
    for factor in [1.0, 2, 5, 10] where power * factor >= raw { return power * factor }
    return power * 10
  }

  /// Seconds as a tick label: `0`, `0.5`, `12`, `1.25`.
  static func seconds(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    var text = "\(thousandths / 1000)"
    var fraction = thousandths % 1000
    guard fraction != 0 else { return text }
    var digits = String(fraction).leftPadded(to: 3, with: "0")
    while digits.last == "0" {
      digits.removeLast()
      fraction /= 10
    }
    text += "." + digits
    return text
  }
}
