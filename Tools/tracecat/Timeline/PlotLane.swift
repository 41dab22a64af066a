import FoldTrace
import LayoutCore

/// A stretch of a band row as the plot draws it: from, to (ns), fill color, label, label color, and how
/// many changes it holds (more than 1: a stretch gathered from spans narrower than a unit, drawn grey).
typealias Stretch = (start: UInt64, end: UInt64, fill: String, label: String, text: String, changes: Int)

/// The stretches of one band row of a lane, in time order, gathered at lane level as the plot's
/// `bands` draws them (runs narrower than a unit of the grid become one counted stretch) whenever their
/// count doubles past 128: a row holds O(plot width) stretches however many connections the lane had,
/// and draws exactly as the stretches it was built from.
struct StretchRow: Sendable {
  private(set) var stretches: [Stretch] = []
  let grid: TimeGrid
  private var gatherAt = 128

  init(grid: TimeGrid) { self.grid = grid }

  /// Appends one connection's stretches, in time order and after every stretch appended before.
  /// - Complexity: O(n) amortized for n stretches.
  mutating func append(_ more: [Stretch]) {
    stretches += more
    guard stretches.count >= gatherAt else { return }
    stretches = Self.gathered(stretches, grid: grid)
    gatherAt = max(2 * stretches.count, 128)
  }

  /// `stretches` with each run narrower than a unit (or already gathered) gathered into one stretch
  /// that keeps the first one's colours and label (``TimeGrid/gathered(_:bounds:absorb:)``, the rule
  /// spans are gathered by).
  /// - Complexity: O(n).
  static func gathered(_ stretches: [Stretch], grid: TimeGrid) -> [Stretch] {
    grid.gathered(stretches, bounds: { ($0.start, $0.end, $0.changes) }) { run, _, end, changes in
      run.end = end
      run.changes = changes
    }
  }
}

/// The step lines of one chart of a lane (the size chart: widths and heights; the scroll chart: offsets),
/// a path per connection. Past 128 connections (doubling), each run of connections narrower than a unit
/// is merged into one path thinned to the grid (``StepSeries``), so a lane holds O(plot width) paths.
struct ChartRow: Sendable {
  /// One path (or one per series): the samples of one connection, or of a run of narrow ones merged.
  struct Entry: Sendable {
    var start: UInt64
    /// Where the last value ends (the connection's disconnection); nil: at the trace's end.
    var end: UInt64?
    var series: [[StepSeries.Sample]]
    /// Whether it merges several connections.
    var merged = false
  }
  private(set) var entries: [Entry] = []
  /// The largest sample value appended, if any.
  private(set) var maximum: Double?
  let grid: TimeGrid
  private var mergeAt = 128

  init(grid: TimeGrid) { self.grid = grid }

  /// Appends one connection's series (each in time order), after every one appended before.
  /// - Complexity: O(n) amortized for n samples.
  mutating func append(start: UInt64, end: UInt64?, series: [[StepSeries.Sample]]) {
    for samples in series {
      for sample in samples where maximum.map({ $0 < sample.value }) ?? true { maximum = sample.value }
    }
    entries.append(Entry(start: start, end: end, series: series))
    guard entries.count >= mergeAt else { return }
    mergeNarrowRuns()
    mergeAt = max(2 * entries.count, 128)
  }

  private func isNarrow(_ entry: Entry) -> Bool {
    guard let end = entry.end else { return false }
    return grid.width(from: entry.start, to: end) < 1 || entry.merged
  }

  private mutating func mergeNarrowRuns() {
    var result: [Entry] = []
    var run: (entry: Entry, series: [StepSeries])?
    func close() {
      guard var open = run else { return }
      open.entry.series = open.series.map(\.samples)
      result.append(open.entry)
      run = nil
    }
    for entry in entries {
      guard isNarrow(entry) else {
        close()
        result.append(entry)
        continue
      }
      if run == nil {
        var first = entry
        first.merged = true
        run = (first, entry.series.map { _ in StepSeries(grid: grid, replacesSameTime: false) })
      }
      run!.entry.end = entry.end
      for (index, samples) in entry.series.enumerated() {
        for sample in samples { run!.series[index].append(sample.time, sample.value) }
      }
    }
    close()
    entries = result
  }
}

/// What a plot draws of one display's lane, gathered while the trace is read (``SessionTimeline``
/// with a grid): each connection's bands and lines are appended to its lane when it disconnects, and
/// the scene's history is forgotten. Memory: O(plot width) per lane, whatever the number of scenes.
struct PlotLane: Sendable {
  var display: DisplayRole
  /// 1 for the display's first lane, 2 when a second scene was on it at the same time, …
  var number: Int
  /// Free from this time on (ns); `.max` while a connection holds it.
  var freeFrom: UInt64 = .max
  /// Connections placed in the lane.
  var pieces = 0
  /// Connections whose drawing was appended (they end in the order they were placed).
  private(set) var drawn = 0
  /// The first 12 scenes with a connection in the lane, in the order of their first one there.
  var firstScenes: [SceneID] = []
  /// How many scenes had a connection in the lane, counted as they are placed (exact unless more than
  /// ``DistinctTally/limit`` scenes and lanes paired and a scene past them came back to the lane).
  var sceneCount = 0
  /// Whether a scene of the lane holds the app's recorded output.
  var hasAppOutput = false
  var sceneBand: StretchRow
  var shapes: StretchRow
  var presentations: StretchRow
  var safeArea: StretchRow
  var division: StretchRow
  var occlusion: StretchRow
  var resizing: StretchRow
  var anchors: StretchRow
  var selections: StretchRow
  var appDecisions: StretchRow
  var appAnimations: StretchRow
  /// Widths and heights (points), a path of each per connection.
  var sizes: ChartRow
  /// Scroll offsets (points), of the connections that scrolled.
  var scroll: ChartRow
  /// The first ``shadedInOrder`` distinct safe areas, in the order first drawn, for their three shades.
  var shades: [TraceInsets] = []
  /// How many distinct safe areas a lane shades in the order it first draws them (neighbours alternate
  /// shades); later ones take a shade from their insets' hash, so a lane of many distinct safe areas
  /// costs O(1) memory and time per span, not O(n).
  static let shadedInOrder = 64

  var id: String { "display-\(display.rawValue)" + (number > 1 ? "-\(number)" : "") }

  init(display: DisplayRole, number: Int, grid: TimeGrid) {
    self.display = display
    self.number = number
    sceneBand = StretchRow(grid: grid)
    shapes = StretchRow(grid: grid)
    presentations = StretchRow(grid: grid)
    safeArea = StretchRow(grid: grid)
    division = StretchRow(grid: grid)
    occlusion = StretchRow(grid: grid)
    resizing = StretchRow(grid: grid)
    anchors = StretchRow(grid: grid)
    selections = StretchRow(grid: grid)
    appDecisions = StretchRow(grid: grid)
    appAnimations = StretchRow(grid: grid)
    sizes = ChartRow(grid: grid)
    scroll = ChartRow(grid: grid)
  }
}

/// What one connection of a scene draws, taken out of the scene when it disconnects: its spans (a
/// timeline with a grid has gathered them) and its samples (thinned to the grid).
struct ConnectionDrawing: Sendable {
  var shapes: [Span<LayoutShape>] = []
  var presentations: [Span<Presentation>] = []
  var division: [Span<Bool>] = []
  var inactiveDivision: [Span<Bool>] = []
  var occlusion: [Span<Bool>] = []
  var inactiveOcclusion: [Span<Bool>] = []
  var resizing: [Span<Bool>] = []
  var safeArea: [Span<TraceInsets>] = []
  var anchors: [Span<String?>] = []
  var selections: [Span<String?>] = []
  var appDecisions: [Span<String>] = []
  var appAnimations: [Span<Int>] = []
  var widths: [StepSeries.Sample] = []
  var heights: [StepSeries.Sample] = []
  var scrollOffsets: [StepSeries.Sample] = []
  /// Whether the scene holds the app's recorded output.
  var hasAppOutput = false
}

extension PlotLane {
  /// The shade number of `insets`: its place among the lane's first ``shadedInOrder`` distinct safe
  /// areas, or past those the FNV-1a hash of its four insets' bit patterns (top, leading, bottom,
  /// trailing), so equal safe areas always share a shade. A safe area that equals nothing (a NaN inset)
  /// takes a place of its own.
  /// - Complexity: O(1): at most ``shadedInOrder`` comparisons.
  mutating func shadeIndex(_ insets: TraceInsets) -> Int {
    if let index = shades.firstIndex(of: insets) { return index }
    guard shades.count >= Self.shadedInOrder else {
      shades.append(insets)
      return shades.count - 1
    }
    var hash = FNV1a.offsetBasis
    for side in [insets.top, insets.leading, insets.bottom, insets.trailing] {
      hash = FNV1a.hash((side == 0 ? 0 : side).bitPattern, from: hash)  // -0 is 0, as `==` says
    }
    return Int(hash % 3)
  }

  /// Appends a connection's drawing, the lane's next connection: from `start` to `end` (nil: connected
  /// at the trace's end, `trailingEnd`), in nanoseconds. Each row's stretches are in time order (a
  /// stable sort by start), after the lane's earlier connections'.
  /// - Complexity: O(n log n) for the n spans and samples of the connection, amortized.
  mutating func append(
    _ drawing: ConnectionDrawing, scene: SceneID, start: UInt64, end: UInt64?, trailingEnd: UInt64
  ) {
    func sorted(_ stretches: [Stretch]) -> [Stretch] { stretches.sorted { $0.start < $1.start } }
    sceneBand.append([
      (start, end ?? trailingEnd, drawn % 2 == 0 ? "#5b6b82" : "#8593a8", "scene \(scene)", "#fff", 1)
    ])
    drawn += 1
    sizes.append(start: start, end: end, series: [drawing.widths, drawing.heights])
    if !drawing.scrollOffsets.isEmpty {
      scroll.append(start: start, end: end, series: [drawing.scrollOffsets])
    }
    shapes.append(
      sorted(
        drawing.shapes.map {
          (
            $0.start, $0.end, TimelinePlot.shapeColors[$0.value] ?? "#ccc", $0.value.rawValue, "#fff",
            $0.changes
          )
        }))
    presentations.append(
      sorted(
        drawing.presentations.map {
          (
            $0.start, $0.end, TimelinePlot.presentationColors[$0.value] ?? "#ccc", $0.value.rawValue, "#222",
            $0.changes
          )
        }))
    var areas: [Stretch] = []
    for span in drawing.safeArea {
      let shade = ["#e4e4e4", "#cfcfcf", "#bababa"][shadeIndex(span.value) % 3]
      let insets = span.value
      areas.append(
        (
          span.start, span.end, shade,
          "safe area \(SVGDocument.n(insets.top)), \(SVGDocument.n(insets.leading)), "
            + "\(SVGDocument.n(insets.bottom)), \(SVGDocument.n(insets.trailing)) pt", "#222", span.changes
        ))
    }
    safeArea.append(sorted(areas))
    /// The drawn stretches of Boolean spans (``TimelinePlot/drawn(_:)``), in one fill, label and text
    /// colour.
    func flags(_ spans: [Span<Bool>], _ fill: String, _ label: String, _ text: String) -> [Stretch] {
      spans.filter(TimelinePlot.drawn).map { ($0.start, $0.end, fill, label, text, $0.changes) }
    }
    division.append(
      sorted(
        flags(drawing.inactiveDivision, "#f4c7c8", "division inactive", "#7a2022")
          + flags(drawing.division, "#e15759", "division active", "#fff")))
    occlusion.append(
      sorted(
        flags(drawing.inactiveOcclusion, "#ddd0ea", "occlusion inactive", "#4a2a66")
          + flags(drawing.occlusion, "#7b4ea3", "occlusion active", "#fff")))
    resizing.append(sorted(flags(drawing.resizing, "#ff9da7", "interactive resize", "#222")))
    anchors.append(
      sorted(
        drawing.anchors.compactMap { span in
          span.changes > 1
            ? (span.start, span.end, "", "", "", span.changes)
            : span.value.map { (span.start, span.end, "#b9dcb9", "anchor \($0)", "#1d4d1d", 1) }
        }))
    selections.append(
      sorted(
        drawing.selections.compactMap { span in
          span.changes > 1
            ? (span.start, span.end, "", "", "", span.changes)
            : span.value.map { (span.start, span.end, "#e2c6dc", "selected \($0)", "#4d1d44", 1) }
        }))
    appDecisions.append(
      sorted(
        drawing.appDecisions.map {
          ($0.start, $0.end, "#d8e6f3", "app: \($0.value)", "#16324f", $0.changes)
        }))
    appAnimations.append(
      sorted(
        drawing.appAnimations.map {
          ($0.start, $0.end, "#4e79a7", TimelinePlot.count($0.value, "sample"), "#fff", 1)
        }))
    if drawing.hasAppOutput { hasAppOutput = true }
  }
}
