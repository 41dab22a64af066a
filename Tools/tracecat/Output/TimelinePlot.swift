import FoldTrace
import LayoutCore

/// Draws a ``SessionTimeline`` as an SVG timeline that scales with the window (`width="100%"` and a view
/// box, 1200 units wide) and with the session: the device's hinge on top, then one lane per display
/// (iPhone Duo's external and internal displays, a window, iPhone Mirroring, a monitor; a second lane
/// when two scenes share a display at once) in which the scenes' connections follow one another (each
/// in the first lane free when it starts, so a scene that comes back holds no lane in between), their
/// handovers joined by a dashed line between lanes (those closer than 4 units gathered into one paler
/// line that counts them). Each lane has the scenes, their width and height
/// (step lines, points), layout shape and presentation (LayoutCore's `LayoutShape.presentation`), safe
/// area, division and occlusion (active solid, inactive pale), interactive resizing, the scroll anchor
/// and selection the trace recorded and the scroll offset, and its own time axis; markers are dashed
/// lines across every lane. With a replay, each lane adds the anchor drift and the failed checks with
/// their sentences, and the header carries the verdict.
///
/// A long session stays a few lanes tall whatever its length: a lane's height does not grow with its
/// scenes, and stretches narrower than a pixel merge into one grey stretch that says how many changes
/// it holds. Every band and mark has its values as a `<title>` (shown on hover); text is 10 px or more
/// at 1×. Groups carry stable ids and classes (`device`, `display-internal`, `scene-band`, `size-chart`,
/// `shape-band`, `presentation-band`, `safe-area-band`, `division-band`, `occlusion-band`,
/// `resizing-band`, `anchor-item-band`, `selection-band`, `scroll-chart`, `hinge-band`, `hinge-angle`,
/// `handovers`, `markers`, `time-axis`, `legend`) so tests and stylesheets can find them. Deterministic:
/// numbers with one decimal, fixed colors.
struct TimelinePlot {
  static let width = 1200.0
  static let left = 120.0
  static let right = 24.0
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

  /// The lanes' indexes in ``SessionTimeline/plotLanes`` (the order they opened), in the order they are
  /// drawn: displays in the order ``DisplayRole`` lists them, then by lane number.
  /// - Complexity: O(l log l) for l lanes.
  static func laneOrder(_ timeline: SessionTimeline) -> [Int] {
    let order = DisplayRole.allCases
    let lanes = timeline.plotLanes
    return lanes.indices.sorted {
      (order.firstIndex(of: lanes[$0].display)!, lanes[$0].number)
        < (order.firstIndex(of: lanes[$1].display)!, lanes[$1].number)
    }
  }

  /// Whether a scene's mark at a time (ns) belongs in a lane: the scene's last connection that started at
  /// or before it (its first, if it is earlier) is in the lane. The timeline keeps the lanes of the
  /// marked scenes' connections (``SessionTimeline/laneHistory``).
  /// - Complexity: O(log c) for the scene's c connections.
  private func isInLane(_ lane: Int, time: UInt64, scene: SceneID) -> Bool {
    guard let history = timeline.laneHistory[scene], !history.isEmpty else { return false }
    // The last start at or before the time, by binary search.
    var low = 0
    var high = history.count
    while low < high {
      let middle = (low + high) / 2
      if history[middle].start <= time { low = middle + 1 } else { high = middle }
    }
    return Int(history[max(low - 1, 0)].lane) == lane
  }

  let timeline: SessionTimeline
  let title: String
  /// Anchor drift and failed checks from a replay, when the plot was asked for them.
  let marks: ReplayMarks?
  /// Where times fall across the plot.
  let grid: TimeGrid
  private var start: UInt64 { grid.start }
  private var span: Double { grid.span }
  private var svg = SVGDocument()
  private var y = 0.0
  /// Where each lane's scene band was drawn, by ``SessionTimeline/plotLanes`` index, for the handover
  /// lines.
  private var sceneBandY: [Double]
  /// The size chart's height: smaller when there are many lanes.
  private let chartHeight: Double

  init(_ timeline: SessionTimeline, title: String, marks: ReplayMarks? = nil) {
    self.timeline = timeline
    self.title = title
    self.marks = marks
    grid = Self.timeGrid(for: timeline)
    chartHeight = timeline.plotLanes.count > 3 ? 60 : 100
    sceneBandY = Array(repeating: 0, count: timeline.plotLanes.count)
  }

  /// The SVG document.
  static func render(_ timeline: SessionTimeline, title: String, marks: ReplayMarks? = nil) -> String {
    var plot = TimelinePlot(timeline, title: title, marks: marks)
    let height = plot.draw()
    return plot.svg.rendered(width: width, height: height, fluid: true)
  }

  /// Hands the SVG document to `output` in pieces of about 1 MiB, in order, never holding it whole: the
  /// plot is drawn twice, once to measure its height (the document's head names it), once to write.
  /// - Throws: What `output` throws; nothing is handed to it after it threw.
  /// - Complexity: O(scenes · plot width) time and output; O(1 MiB) memory beyond the timeline.
  static func write(
    _ timeline: SessionTimeline, title: String, marks: ReplayMarks? = nil, to output: ([UInt8]) throws -> Void
  ) throws {
    var measure = TimelinePlot(timeline, title: title, marks: marks)
    measure.svg.discards = true
    let height = measure.draw()
    try output(SVGDocument.head(width: width, height: height, fluid: true))
    var failure: (any Error)?
    withoutActuallyEscaping(output) { output in
      var plot = TimelinePlot(timeline, title: title, marks: marks)
      plot.svg.sink = { bytes in
        guard failure == nil else { return }
        do { try output(bytes) } catch { failure = error }
      }
      _ = plot.draw()
      plot.svg.flush()
    }
    if let failure { throw failure }
    try output(SVGDocument.end)
  }

  private var plotWidth: Double { Self.width - Self.left - Self.right }

  /// The grid a plot of `timeline`'s window draws on: a timeline read for a plot is thinned to it.
  static func timeGrid(for timeline: SessionTimeline) -> TimeGrid {
    TimeGrid(start: timeline.start ?? 0, end: timeline.end, left: left, width: width - left - right)
  }

  private func x(_ time: UInt64) -> Double { grid.x(time) }

  /// Draws the plot; returns its height, in SVG units.
  private mutating func draw() -> Double {
    let lanes = Self.laneOrder(timeline)
    svg.text(title, x: 16, y: 24, size: 15, fill: "#111", extra: "font-weight=\"bold\"")
    let seconds = EventFormatter.time(timeline.end - start)
    let displays = Set(timeline.plotLanes.map(\.display)).count
    svg.text(
      "\(Self.count(timeline.shownSceneCount, "scene")) on \(Self.count(displays, "display")), \(seconds) s, "
        + Self.count(timeline.showsDevice ? timeline.markerCount : 0, "marker"), x: Self.width - Self.right,
      y: 24, anchor: "end", size: 11, fill: "#555")
    y = 32
    if let marks { drawVerdict(marks) }
    y += 12
    let top = y
    if !timeline.markers.isEmpty { y += 36 }
    drawDevice()
    for lane in lanes { drawLane(lane) }
    let bottom = y
    drawHandovers()
    drawMarkers(top: top, bottom: bottom)
    let legendBottom = drawLegend(at: bottom + 8)
    return (legendBottom + 12).rounded(.up)
  }

  /// The replay's verdict under the title: pass, or the failure count by check.
  private mutating func drawVerdict(_ marks: ReplayMarks) {
    svg.group(class: "verdict")
    if marks.failureCount == 0 {
      svg.text(
        "replay (ReferenceScreenLayout): pass — every check held; largest anchor drift "
          + "\(SVGDocument.n(marks.maximumDrift)) pt", x: 16, y: y + 12, size: 12, fill: "#2a7a2a",
        extra: "font-weight=\"bold\"")
    } else {
      let checks = marks.failedChecks.map { "\($0.check) ×\($0.count)" }.joined(separator: ", ")
      svg.text(
        "replay (ReferenceScreenLayout): FAIL — \(Self.count(marks.failureCount, "failure")) (\(checks))",
        x: 16, y: y + 12, size: 12, fill: "#c62828", extra: "font-weight=\"bold\"")
    }
    svg.close()
    y += 18
  }

  private mutating func drawDevice() {
    guard !timeline.hingeStatus.isEmpty else { return }
    svg.group(id: "device", class: "panel device")
    svg.text("device", x: 16, y: y + 12, size: 13, fill: "#111", extra: "font-weight=\"bold\"")
    y += 20
    svg.group(class: "hinge-band")
    svg.text("hinge", x: Self.left - 8, y: y + 11, anchor: "end")
    bands(
      timeline.hingeStatus.map {
        ($0.start, $0.end, Self.hingeColors[$0.value] ?? "#ccc", $0.value.rawValue, "#fff", $0.changes)
      })
    svg.close()
    y += Self.bandHeight + 6
    if !timeline.hingeAngles.isEmpty {
      let height = 40.0
      svg.group(class: "hinge-angle")
      axisFrame(label: "angle °", top: y, height: height, maximum: 180, step: 90)
      svg.path(
        stepPath(timeline.hingeAngles.map { ($0.time, $0.degrees) }, top: y, height: height, maximum: 180),
        stroke: "#8c564b")
      svg.close()
      y += height + 4
    }
    drawTimeAxis(at: y)
    svg.close()
    y += 40
  }

  private mutating func drawLane(_ index: Int) {
    let lane = timeline.plotLanes[index]
    svg.group(id: lane.id, class: "panel lane")
    let ids = lane.firstScenes.map { "\($0)" }
    let list =
      lane.sceneCount > 12
      ? ids.prefix(10).joined(separator: ", ") + ", … (\(lane.sceneCount))" : ids.joined(separator: ", ")
    svg.text(
      "\(lane.display.rawValue) display\(lane.number > 1 ? " (lane \(lane.number))" : "") · "
        + "\(lane.sceneCount == 1 ? "scene" : "scenes") \(list)",
      x: 16, y: y + 12, size: 13, fill: "#111", extra: "font-weight=\"bold\"")
    y += 20
    // The scenes, one after another.
    svg.group(class: "scene-band")
    svg.text("scene", x: Self.left - 8, y: y + 11, anchor: "end")
    bands(lane.sceneBand.stretches)
    sceneBandY[index] = y
    svg.close()
    y += Self.bandHeight + 6
    let maximum = max(lane.sizes.maximum ?? 0, 1)
    let step = Self.niceStep(maximum / 3)
    let top = (maximum / step).rounded(.up) * step
    svg.group(class: "size-chart")
    axisFrame(label: "pt", top: y, height: chartHeight, maximum: top, step: step)
    for entry in lane.sizes.entries {
      svg.path(
        stepPath(entry.series[0], top: y, height: chartHeight, maximum: top, end: entry.end),
        stroke: "#1f77b4", extra: "class=\"width\"")
      svg.path(
        stepPath(entry.series[1], top: y, height: chartHeight, maximum: top, end: entry.end),
        stroke: "#d62728", extra: "class=\"height\"")
    }
    svg.close()
    y += chartHeight + 6
    row("shape-band", "shape", lane.shapes.stretches)
    row("presentation-band", "presentation", lane.presentations.stretches)
    row("safe-area-band", "safe area", lane.safeArea.stretches)
    row("division-band", "division", lane.division.stretches)
    row("occlusion-band", "occlusion", lane.occlusion.stretches)
    row("resizing-band", "resizing", lane.resizing.stretches)
    row("anchor-item-band", "anchor item", lane.anchors.stretches)
    row("selection-band", "selection", lane.selections.stretches)
    if lane.hasAppOutput {
      row("app-layout-band", "app layout", lane.appDecisions.stretches)
      row("app-animation-band", "app animating", lane.appAnimations.stretches)
    }
    drawScrollChart(lane)
    if let marks { drawReplayRows(index, marks: marks) }
    drawTimeAxis(at: y)
    svg.close()
    y += 44
  }

  /// A band row: its label and its stretches.
  private mutating func row(_ name: String, _ label: String, _ spans: [Stretch]) {
    svg.group(class: name)
    svg.text(label, x: Self.left - 8, y: y + 11, anchor: "end")
    bands(spans.sorted { $0.0 < $1.0 })
    svg.close()
    y += Self.bandHeight + 4
  }

  /// The recorded scroll offsets (points) as a step line, each scene's from its first scroll.
  private mutating func drawScrollChart(_ lane: PlotLane) {
    guard let largest = lane.scroll.maximum else { return }
    let height = 30.0
    let maximum = max(largest, 1)
    let step = Self.niceStep(maximum)
    let top = (maximum / step).rounded(.up) * step
    svg.group(class: "scroll-chart")
    axisFrame(label: "scroll pt", top: y, height: height, maximum: top, step: top)
    for entry in lane.scroll.entries {
      svg.path(
        stepPath(entry.series[0], top: y, height: height, maximum: top, end: entry.end),
        stroke: "#2f8f3a", extra: "class=\"scroll-offset\"")
    }
    svg.close()
    y += height + 6
  }

  /// Replay rows: anchor drift at each relayout that had to keep the anchor (green within the
  /// tolerance, red beyond it), and failed checks as red triangles with their sentences beside them
  /// (cut to the room before the next; whole on hover).
  private mutating func drawReplayRows(_ lane: Int, marks: ReplayMarks) {
    svg.group(class: "anchor-band")
    svg.text("anchor drift", x: Self.left - 8, y: y + 11, anchor: "end")
    let plot = self
    let inLane = { (time: UInt64, scene: SceneID) in plot.isInLane(lane, time: time, scene: scene) }
    var drifts = marks.drifts.keys.sorted().flatMap { scene in
      (marks.drifts[scene] ?? []).filter { inLane($0.time, scene) }
    }
    drifts.sort { $0.time < $1.time }
    var lastX = -10.0
    // A long session's drifts within one pixel add a mark only beyond the tolerance: bounded output.
    let thin = drifts.count > Int(plotWidth)
    for drift in drifts where drift.time >= start && drift.time <= timeline.end {
      let bad = abs(drift.points) > marks.tolerance
      // Within one pixel only a drift beyond the tolerance adds a mark: a long session stays bounded.
      let cx = x(drift.time)
      guard bad || !thin || cx - lastX >= 1 else { continue }
      lastX = cx
      svg.add(
        "<circle cx=\"\(SVGDocument.n(cx))\" cy=\"\(SVGDocument.n(y + 7))\" r=\"3.5\" "
          + "fill=\"\(bad ? "#d62728" : "#59a14f")\"><title>anchor drift \(SVGDocument.n(drift.points)) pt at "
          + "\(EventFormatter.time(drift.time)) s</title></circle>")
    }
    svg.close()
    y += Self.bandHeight + 4
    svg.group(class: "failures-band")
    svg.text("failures", x: Self.left - 8, y: y + 11, anchor: "end")
    // One triangle per instant: the failures at the same time share it, listed in its title.
    // A scene's failures show in the lane of the connection they fall in.
    let failures = marks.failures.filter { failure in failure.scene.map { inLane(failure.time, $0) } ?? false
    }
    .filter { $0.time >= start && $0.time <= timeline.end }
    var instants: [(time: UInt64, texts: [String])] = []
    for failure in failures {
      if let last = instants.last, last.time == failure.time {
        instants[instants.count - 1].texts.append(failure.text)
      } else {
        instants.append((failure.time, [failure.text]))
      }
    }
    for (index, instant) in instants.enumerated() {
      let heading =
        instant.texts.count == 1
        ? "" : "\(instant.texts.count) failures at \(EventFormatter.time(instant.time)) s:\n"
      let rowY = y + Double(index % 2) * 15
      failureTriangle(at: instant.time, top: rowY, text: heading + instant.texts.joined(separator: "\n"))
      // The sentence, without its location, in the room before the next instant on the same row.
      let next = index + 2 < instants.count ? x(instants[index + 2].time) : Self.left + plotWidth
      let room = next - x(instant.time) - 12
      let first = instant.texts[0].split(separator: "\n")[0]
      let sentence =
        first.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
      let label = (instant.texts.count > 1 ? "\(instant.texts.count)× " : "") + sentence
      if room >= 60 {
        svg.text(
          Wireframe.fit(label, width: room), x: x(instant.time) + 7, y: rowY + 11, size: 10, fill: "#c62828",
          extra: "class=\"failure-label\"")
      }
    }
    svg.close()
    y += Self.bandHeight * 2 + 6
  }

  private mutating func failureTriangle(at time: UInt64, top: Double, text: String) {
    let cx = x(time)
    svg.add(
      "<path d=\"M \(SVGDocument.n(cx - 5)) \(SVGDocument.n(top + 13)) L \(SVGDocument.n(cx)) \(SVGDocument.n(top + 2)) "
        + "L \(SVGDocument.n(cx + 5)) \(SVGDocument.n(top + 13)) Z\" fill=\"#d62728\"><title>"
        + SVGDocument.escape(text, keepingLineBreaks: true) + "</title></path>")
  }

  /// Colored stretches of a band row (in time order), each labelled inside when it is wide enough.
  /// Stretches narrower than a pixel are gathered until they cover one, then drawn as one grey stretch
  /// titled with how many changes it holds: the row draws in O(width) rects for any number of spans.
  private mutating func bands(_ spans: [Stretch]) {
    var gathered: (start: UInt64, end: UInt64, count: Int)?
    for span in spans {
      let width = x(span.end) - x(span.start)
      if width < 1 || span.changes > 1 {
        if let open = gathered {
          gathered = (open.start, max(open.end, span.end), open.count + span.changes)
        } else {
          gathered = (span.start, span.end, span.changes)
        }
        if let open = gathered, x(open.end) - x(open.start) >= 1 {
          grey(open)
          gathered = nil
        }
        continue
      }
      if let open = gathered { grey(open) }
      gathered = nil
      band(span.start, span.end, fill: span.fill, label: span.label, textColor: span.text)
    }
    if let open = gathered { grey(open) }
  }

  /// Gathered stretches as one grey stretch, titled with how many changes it holds.
  private mutating func grey(_ stretch: (start: UInt64, end: UInt64, count: Int)) {
    let x0 = x(stretch.start)
    svg.rect(
      x: x0, y: y, width: max(x(stretch.end) - x0, 1), height: Self.bandHeight, fill: "#9a9a9a",
      title:
        "\(Self.count(stretch.count, "change")) \(EventFormatter.time(stretch.start))–\(EventFormatter.time(stretch.end)) s"
    )
  }

  /// Whether a Boolean span is drawn: while true, or when it gathers several changes.
  static func drawn(_ span: Span<Bool>) -> Bool { span.value || span.changes > 1 }

  /// A colored stretch of a band row, labelled inside when it is wide enough.
  private mutating func band(
    _ from: UInt64, _ to: UInt64, fill: String, label: String, textColor: String = "#fff"
  ) {
    let x0 = x(from)
    let width = max(x(to) - x0, 1)
    svg.rect(
      x: x0, y: y, width: width, height: Self.bandHeight, fill: fill,
      title: "\(label) \(EventFormatter.time(from))–\(EventFormatter.time(to)) s")
    if width >= Double(label.count) * 5.8 + 6 {
      svg.text(label, x: x0 + 3, y: y + 11, size: 10, fill: textColor)
    }
  }

  /// A chart's frame: horizontal grid lines with value labels, and the row label.
  private mutating func axisFrame(label: String, top: Double, height: Double, maximum: Double, step: Double) {
    svg.rect(x: Self.left, y: top, width: plotWidth, height: height, fill: "#fafafa")
    var value = 0.0
    var lines = 0
    // At most a dozen lines: a step near the largest double would otherwise never pass the maximum.
    while value <= maximum + step / 2, lines < 12 {
      lines += 1
      let lineY = top + height - value / maximum * height
      svg.line(x1: Self.left, y1: lineY, x2: Self.left + plotWidth, y2: lineY, stroke: "#e3e3e3")
      svg.text(SVGDocument.n(value), x: Self.left - 6, y: lineY + 3.5, anchor: "end", size: 10, fill: "#777")
      value += step
    }
    svg.text(label, x: 16, y: top + height / 2 + 4, size: 10, fill: "#777")
  }

  /// A step line: each value holds until the next sample; the last holds to `end` (the scene's
  /// disconnection) or the trace's end. Samples within one half-pixel column are drawn as one vertical
  /// stroke over their range, ending at the column's last value, so a long trace draws in O(width)
  /// commands without hiding a spike.
  private func stepPath(
    _ samples: [StepSeries.Sample], top: Double, height: Double, maximum: Double, end: UInt64? = nil
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
      let key = grid.column(sample.0)
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

  /// A dashed line from each connection's band to the band of the connection that took its place on
  /// another display (a disconnection and a connection on different displays within 1 s: iPhone Duo
  /// opening or closing), and from each connection to the same scene's next one when that is on another
  /// display, labelled `1 → 2`; handovers within 4 units of the first of them are one paler line across
  /// all their bands, titled with their count, so a session of thousands of handovers stays legible and
  /// bounded. The timeline found and gathered them as it read the trace (``HandoverFinder``).
  /// - Complexity: O(l) for the l lines, at most one per 4 units of the plot's width.
  private mutating func drawHandovers() {
    let lines = timeline.handoverLines
    guard !lines.isEmpty else { return }
    svg.group(class: "handovers")
    for line in lines {
      switch line {
      case .single(let from, let to, let time):
        let lineX = x(time)
        let fromY = sceneBandY[Int(from.lane)]
        let toY = sceneBandY[Int(to.lane)]
        let (y1, y2) = fromY < toY ? (fromY + Self.bandHeight, toY) : (fromY, toY + Self.bandHeight)
        svg.add(
          "<line x1=\"\(SVGDocument.n(lineX))\" y1=\"\(SVGDocument.n(y1))\" x2=\"\(SVGDocument.n(lineX))\" "
            + "y2=\"\(SVGDocument.n(y2))\" stroke=\"#5b6b82\" stroke-width=\"1.2\" stroke-opacity=\"0.7\" stroke-dasharray=\"3 2\">"
            + "<title>handover: scene \(from.scene) (\(from.display.rawValue)) → scene \(to.scene) "
            + "(\(to.display.rawValue)) at \(EventFormatter.time(time)) s</title></line>")
      case .gathered(let first, let last, let count, let top, let bottom):
        let lineX = x(first)
        let y1 = sceneBandY[Int(top)] + Self.bandHeight
        let y2 = sceneBandY[Int(bottom)]
        svg.add(
          "<line x1=\"\(SVGDocument.n(lineX))\" y1=\"\(SVGDocument.n(y1))\" x2=\"\(SVGDocument.n(lineX))\" "
            + "y2=\"\(SVGDocument.n(y2))\" stroke=\"#5b6b82\" stroke-width=\"1\" stroke-opacity=\"0.3\" stroke-dasharray=\"3 2\">"
            + "<title>\(Self.count(count, "handover")) \(EventFormatter.time(first))–\(EventFormatter.time(last)) s"
            + "</title></line>")
      }
    }
    svg.close()
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
      // Markers gathered in one grid column (a plot of many markers) are one line, labelled with the
      // first and counted.
      let label = marker.count > 1 ? "\(marker.label) (+\(marker.count - 1) more)" : marker.label
      svg.text(
        label, x: markerX + (anchor == "end" ? -3 : 3), y: labelY, anchor: anchor, size: 10,
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
    // Enough decimals that neighbouring ticks differ: a step of 2·10⁻⁴ s needs four (the grid's
    // window is at least 1 ms, so the step is at least 2·10⁻⁴ s and four decimals are the most needed).
    var decimals = 3
    while decimals < 9, step < 0.999 * Self.powerOfTen(-decimals) { decimals += 1 }
    var tick = 0.0
    var firstLabel = ""
    while tick <= seconds + step / 1000 {
      let tickX = Self.left + tick / seconds * plotWidth
      svg.line(x1: tickX, y1: axisY, x2: tickX, y2: axisY + 5, stroke: "#333")
      let (sum, overflow) = start.addingReportingOverflow(UInt64(min(tick * 1e9, 1.8e19).rounded()))
      let time = overflow ? UInt64.max : sum
      let label = Self.seconds(time, decimals: decimals)
      if tick == 0 { firstLabel = label }
      svg.text(label, x: tickX, y: axisY + 17, anchor: "middle", size: 10)
      tick += step
    }
    // The axis title ends at least 5 pt before the first tick's label, which is centred on the axis's
    // start: at 10 pt a digit is at most 6 pt wide, so "time (s)" clears a window's start ("2.5", "3600").
    let titleEnd = Self.left - max(8, Double(firstLabel.count) * 3 + 5)
    svg.text("time (s)", x: titleEnd, y: axisY + 17, anchor: "end", size: 10, fill: "#555")
    svg.close()
  }

  /// The legend, in rows that fit the width: lines, then shapes, presentations and bands. Returns the
  /// y below it.
  private mutating func drawLegend(at top: Double) -> Double {
    svg.group(class: "legend")
    var legendX = Self.left
    var legendY = top
    let entries: [(String, String)] =
      [("width", "#1f77b4"), ("height", "#d62728")]
      + LayoutShape.allCases.map { ($0.rawValue, Self.shapeColors[$0] ?? "#ccc") }
      + Presentation.allCases.map { ($0.rawValue, Self.presentationColors[$0] ?? "#ccc") }
      + [
        ("division active", "#e15759"), ("division inactive", "#f4c7c8"), ("occlusion active", "#7b4ea3"),
        ("occlusion inactive", "#ddd0ea"), ("interactive resize", "#ff9da7"), ("anchor item", "#b9dcb9"),
        ("selection", "#e2c6dc"), ("scroll offset", "#2f8f3a"), ("many changes", "#9a9a9a"),
      ]
      + (timeline.hasAppOutput ? [("app layout", "#d8e6f3"), ("app animating", "#4e79a7")] : [])
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
    return legendY + 16
  }

  /// `1 scene`, `2 scenes`.
  static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }

  /// 10 to the `exponent` (−9 … 0), by repeated division.
  private static func powerOfTen(_ exponent: Int) -> Double {
    (0..<(-exponent)).reduce(1.0) { value, _ in value / 10 }
  }

  /// 1, 2 or 5 times a power of ten, at least `raw`.
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0 else { return 1 }
    // Beyond 1e307 the factors below overflow to infinity: the largest finite step (a size that large
    // draws as a flat line at the top).
    guard raw < 1e307 else { return .greatestFiniteMagnitude }
    var power = 1.0
    while power * 10 <= raw { power *= 10 }
    while power > raw { power /= 10 }
    for factor in [1.0, 2, 5, 10] where power * factor >= raw { return power * factor }
    return power * 10
  }

  /// Nanoseconds as a tick label in seconds, rounded half up to `decimals` (0–9) places, trailing
  /// zeros dropped: `0`, `0.5`, `12`, `1.25`, `1.0002`.
  /// - Complexity: O(1).
  static func seconds(_ nanoseconds: UInt64, decimals: Int) -> String {
    let unit = (0..<(9 - min(max(decimals, 0), 9))).reduce(UInt64(1)) { value, _ in value * 10 }
    let rounded = nanoseconds / unit + (nanoseconds % unit >= (unit + 1) / 2 && unit > 1 ? 1 : 0)
    let units = 1_000_000_000 / unit
    var text = "\(rounded / units)"
    guard units > 1, rounded % units != 0 else { return text }
    var digits = String(rounded % units).leftPadded(to: String(units - 1).count, with: "0")
    while digits.last == "0" { digits.removeLast() }
    text += "." + digits
    return text
  }
}
