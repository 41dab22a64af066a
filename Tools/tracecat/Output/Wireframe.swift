import FoldReplay
import FoldTrace
import LayoutCore

/// Draws ``SceneSnapshot``s as an SVG wireframe, to scale: one panel per scene and moment with the scene's
/// bounds, the safe area (insets shaded, the safe frame dashed), active reserved regions filled and
/// inactive ones outlined, every element's frame labelled with its id (interactive elements orange,
/// scrolling panes blue, the rest grey; fading elements dashed; a moving element's target dashed), the
/// scroll view's visible items with the anchor (green) and the selection (purple), and each failure's
/// element in red over the region it violates, with the failure's sentence under the panel.
///
/// Shapes are drawn in points inside a group scaled to the panel (`class="geometry"`, strokes that do
/// not scale), so a rect's `x`, `y`, `width` and `height` are the frame's, rounded to 0.1 pt; every text
/// is drawn outside it in pixels, at 10 px or more. Groups and rects carry classes and `data-id`s
/// (`scene`, `bounds`, `safe-frame`, `region division active`, `element interactive`, `item anchor`,
/// `failure-actual`, …) so tests and stylesheets can find them. Deterministic: fixed colors, numbers with
/// one decimal.
struct Wireframe {
  /// One moment of a filmstrip: its time and the scenes drawn.
  struct Moment {
    var time: UInt64
    var scenes: [SceneSnapshot]
  }

  static let margin = 16.0
  static let gap = 24.0
  static let headerHeight = 36.0
  static let lineHeight = 14.0
  /// Characters per pixel of 11 px Helvetica, rounded up: text is wrapped and fitted with it.
  static let characterWidth = 6.2

  static let colors = (
    interactive: "#f28e2b", pane: "#4e79a7", other: "#8a8a8a", division: "#e15759",
    occlusion: "#7b4ea3", anchor: "#2f8f3a", selection: "#b07aa1", failure: "#d62728",
    safe: "#2ca02c", recorded: "#17becf"
  )

  private var svg = SVGDocument()
  private var width = 0.0
  private var height = 0.0

  /// The SVG document for moments of one trace.
  ///
  /// - Parameters:
  ///   - moments: The moments, in time order; one moment draws its panels large, with each element's
  ///     frame listed; several draw a filmstrip of smaller panels at one scale.
  ///   - title: The heading (the trace's name).
  /// - Returns: The SVG text.
  static func render(_ moments: [Moment], title: String) -> String {
    var wireframe = Wireframe()
    wireframe.draw(moments, title: title)
    return wireframe.svg.rendered(width: wireframe.width, height: wireframe.height, fluid: false)
  }

  /// Hands the SVG document for moments of one trace to `output` in pieces of about 1 MiB, in order,
  /// never holding it whole: the moments are drawn twice, once to measure the document (its head names
  /// its size, which every panel sets), once to write. The bytes are ``render(_:title:)``'s.
  /// - Throws: What `output` throws; nothing is handed to it after it threw.
  /// - Complexity: O(p · s) time and output for p panels of at most s shapes each; O(1 MiB) memory
  ///   beyond the moments.
  static func write(_ moments: [Moment], title: String, to output: ([UInt8]) throws -> Void) throws {
    var measure = Wireframe()
    measure.svg.discards = true
    measure.draw(moments, title: title)
    try output(SVGDocument.head(width: measure.width, height: measure.height, fluid: false))
    var failure: (any Error)?
    withoutActuallyEscaping(output) { output in
      var wireframe = Wireframe()
      wireframe.svg.sink = { bytes in
        guard failure == nil else { return }
        do { try output(bytes) } catch { failure = error }
      }
      wireframe.draw(moments, title: title)
      wireframe.svg.flush()
    }
    if let failure { throw failure }
    try output(SVGDocument.end)
  }

  /// The points-to-pixels factor: the largest scene fits in a panel of `limit` pixels.
  static func scale(for moments: [Moment], limit: (width: Double, height: Double)) -> Double {
    let scenes = moments.flatMap(\.scenes)
    let widest = max(scenes.map(\.size.width).max() ?? 1, 1)
    let tallest = max(scenes.map(\.size.height).max() ?? 1, 1)
    return min(1, limit.width / widest, limit.height / tallest)
  }

  private mutating func draw(_ moments: [Moment], title: String) {
    let detailed = moments.count == 1
    let scale = Self.scale(for: moments, limit: detailed ? (640, 760) : (300, 420))
    svg.text(title, x: Self.margin, y: 24, size: 15, fill: "#111", extra: "font-weight=\"bold\"")
    let replayed = moments.contains { $0.scenes.contains(where: \.isReplayed) }
    let failures = moments.flatMap(\.scenes).map(\.failures.count).reduce(0, +)
    let what =
      (replayed
        ? "replayed presentation (ReferenceScreenLayout)" : "the plan at rest (ReferenceScreenLayout)")
      + (replayed ? ", \(failures == 0 ? "no failures" : Count(failures, "failure").description) here" : "")
      + ", 1 pt = \(SVGDocument.n(scale)) px"
    svg.text(what, x: Self.margin, y: 42, size: 11, fill: "#555")
    var y = 60.0
    var rowHeight = 0.0
    var x = Self.margin
    let limit = 1600.0
    for (index, moment) in moments.enumerated() {
      let panelWidths = moment.scenes.map { max($0.size.width * scale, detailed ? 460 : 220) }
      let momentWidth = max(panelWidths.reduce(0, +) + Self.gap * Double(max(panelWidths.count - 1, 0)), 160)
      if x > Self.margin, x + momentWidth > limit {
        x = Self.margin
        y += rowHeight + Self.gap
        rowHeight = 0
      }
      let used = drawMoment(
        moment, index: index, x: x, y: y, scale: scale, widths: panelWidths, detailed: detailed)
      rowHeight = max(rowHeight, used)
      width = max(width, x + momentWidth + Self.margin)
      x += momentWidth + Self.gap * 1.5
    }
    y += rowHeight + Self.gap
    y = drawLegend(at: y, recorded: moments.contains { $0.scenes.contains { !$0.recorded.isEmpty } })
    width = max(width, 720)
    width = width.rounded(.up)
    height = (y + Self.margin).rounded(.up)
  }

  /// One moment: its time, then its scenes side by side. Returns the height used.
  private mutating func drawMoment(
    _ moment: Moment, index: Int, x: Double, y: Double, scale: Double, widths: [Double], detailed: Bool
  ) -> Double {
    svg.group(id: "moment-\(index)", class: "moment", "data-time-ns=\"\(moment.time)\"")
    svg.text(
      "\(EventFormatter.time(moment.time)) s", x: x, y: y + 12, size: 13, fill: "#111",
      extra: "font-weight=\"bold\"")
    var used = 20.0
    if moment.scenes.isEmpty {
      svg.text("no scene with a geometry at this moment", x: x, y: y + 34, size: 11, fill: "#777")
      used = 44
    }
    var left = x
    for (position, scene) in moment.scenes.enumerated() {
      let height = drawScene(
        scene, id: "\(index)-\(scene.scene)", x: left, y: y + 20, scale: scale, width: widths[position],
        detailed: detailed)
      used = max(used, 20 + height)
      left += widths[position] + Self.gap
    }
    svg.close()
    return used
  }

  /// One scene's panel at (`x`, `y`) pixels. Returns the height used.
  private mutating func drawScene(
    _ scene: SceneSnapshot, id: String, x: Double, y: Double, scale: Double, width: Double, detailed: Bool
  ) -> Double {
    svg.group(
      id: "scene-\(id)", class: "scene",
      "data-scene=\"\(scene.scene)\" data-time-ns=\"\(scene.time)\" data-scale=\"\(SVGDocument.n3(scale))\"")
    svg.text(
      "scene \(scene.scene) · \(scene.display.rawValue) · \(SVGDocument.n(scene.size.width)) × "
        + "\(SVGDocument.n(scene.size.height)) pt",
      x: x, y: y + 12, size: 12, fill: "#111", extra: "font-weight=\"bold\"")
    svg.text(
      "\(scene.shape.rawValue) · \(scene.presentation.rawValue) · \(Count(scene.columns, "column"))"
        + (scene.isReplayed ? " · replayed" : " · at rest"),
      x: x, y: y + 28, size: 11, fill: "#555")
    let top = y + Self.headerHeight
    drawGeometry(scene, id: id, x: x, y: top, scale: scale)
    drawLabels(scene, x: x, y: top, scale: scale, detailed: detailed)
    var cursor = top + scene.size.height * scale + 16
    cursor = drawNotes(scene, x: x, y: cursor, width: width)
    if detailed { cursor = drawElementTable(scene, x: x, y: cursor, width: width) }
    svg.close()
    return cursor - y
  }

  // MARK: Shapes, in points

  /// A rect in points inside the scaled group, with a stroke that does not scale.
  private mutating func shape(
    _ frame: Rect, class name: String, fill: String, stroke: String, strokeWidth: Double = 1,
    extra: String = "", dataID: String? = nil, title: String? = nil, titleLines: Bool = false
  ) {
    let n = SVGDocument.n
    var open =
      "<rect class=\"\(name)\" x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(max(frame.width, 0)))\" "
      + "height=\"\(n(max(frame.height, 0)))\" fill=\"\(fill)\" stroke=\"\(stroke)\" "
      + "stroke-width=\"\(n(strokeWidth))\" vector-effect=\"non-scaling-stroke\""
    if let dataID { open += " data-id=\"\(SVGDocument.escape(dataID))\"" }
    if !extra.isEmpty { open += " " + extra }
    if let title {
      svg.add(open + "><title>\(SVGDocument.escape(title, keepingLineBreaks: titleLines))</title></rect>")
    } else {
      svg.add(open + "/>")
    }
  }

  private mutating func drawGeometry(_ scene: SceneSnapshot, id: String, x: Double, y: Double, scale: Double)
  {
    let n = SVGDocument.n
    let bounds = Rect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
    svg.group(
      class: "geometry",
      "transform=\"translate(\(n(x)) \(n(y))) scale(\(SVGDocument.n3(scale)))\"")
    shape(
      bounds, class: "bounds", fill: "#ffffff", stroke: "#222", strokeWidth: 1.5,
      title: "scene bounds \(ReplayFormat.rect(bounds))")
    // Everything inside is clipped to the scene: an element sliding in from outside is drawn where the
    // screen shows it.
    svg.add(
      "<clipPath id=\"bounds-\(id)\"><rect x=\"0\" y=\"0\" width=\"\(n(bounds.width))\" height=\"\(n(bounds.height))\"/></clipPath>"
    )
    svg.group(class: "inside", "clip-path=\"url(#bounds-\(id))\"")
    // The safe area: the insets shaded, the safe frame dashed.
    let safe = scene.safeFrame
    for strip in [
      Rect(x: 0, y: 0, width: bounds.width, height: max(0, safe.minY)),
      Rect(x: 0, y: safe.maxY, width: bounds.width, height: max(0, bounds.height - safe.maxY)),
      Rect(x: 0, y: safe.minY, width: max(0, safe.minX), height: safe.height),
      Rect(x: safe.maxX, y: safe.minY, width: max(0, bounds.width - safe.maxX), height: safe.height),
    ] where strip.width > 0 && strip.height > 0 {
      shape(strip, class: "safe-inset", fill: "#000000", stroke: "none", extra: "fill-opacity=\"0.06\"")
    }
    shape(
      safe, class: "safe-frame", fill: "none", stroke: Self.colors.safe, extra: "stroke-dasharray=\"6 4\"",
      title: "safe frame \(ReplayFormat.rect(safe))")
    if let scroll = scene.scroll { drawScroll(scroll, id: id) }
    svg.group(class: "regions")
    for region in scene.regions {
      let color = region.kind == .division ? Self.colors.division : Self.colors.occlusion
      // A flat fold's division has no width: drawn one pixel wide so it shows.
      var frame = region.frame
      if frame.width < 1 / scale { frame.x -= (1 / scale - frame.width) / 2; frame.width = 1 / scale }
      if frame.height < 1 / scale { frame.y -= (1 / scale - frame.height) / 2; frame.height = 1 / scale }
      let state = region.isActive ? "active" : "inactive"
      shape(
        frame, class: "region \(region.kind.rawValue) \(state)", fill: region.isActive ? color : "none",
        stroke: color,
        extra: region.isActive ? "fill-opacity=\"0.35\"" : "stroke-dasharray=\"4 3\"",
        dataID: region.kind.rawValue,
        title: "\(region.kind.rawValue), \(state): \(ReplayFormat.rect(region.frame))")
    }
    svg.close()
    svg.group(class: "elements")
    for element in scene.elements {
      let color =
        element.isInteractive
        ? Self.colors.interactive : element.isScrollable ? Self.colors.pane : Self.colors.other
      let kind = element.isInteractive ? "interactive" : element.isScrollable ? "pane" : "static"
      var extra = "fill-opacity=\"\(element.isInteractive ? "0.28" : "0.06")\""
      if element.isDisappearing { extra += " stroke-dasharray=\"3 2\" opacity=\"0.8\"" }
      let state = element.isDisappearing ? ", fading out (opacity \(SVGDocument.n(element.opacity)))" : ""
      shape(
        element.frame, class: "element \(kind)\(element.isDisappearing ? " disappearing" : "")", fill: color,
        stroke: color, strokeWidth: element.isInteractive ? 1.5 : 1, extra: extra, dataID: element.id,
        title: "\(element.id) \(ReplayFormat.rect(element.frame))\(state)"
          + (element.isMoving ? ", moving to \(ReplayFormat.rect(element.target))" : ""))
      if element.isMoving && !element.isDisappearing {
        shape(
          element.target, class: "target", fill: "none", stroke: color, extra: "stroke-dasharray=\"2 3\"",
          dataID: element.id, title: "\(element.id) target \(ReplayFormat.rect(element.target))")
      }
    }
    svg.close()
    if !scene.recorded.isEmpty {
      svg.group(class: "recorded")
      for frame in scene.recorded {
        shape(
          frame.frame, class: "recorded-frame", fill: "none", stroke: Self.colors.recorded, strokeWidth: 1.5,
          extra: "stroke-dasharray=\"8 3\"", dataID: frame.id,
          title: "\(frame.id) as the app recorded it \(ReplayFormat.rect(frame.frame))")
      }
      svg.close()
    }
    if !scene.failures.isEmpty {
      svg.group(class: "failures")
      for failure in scene.failures {
        for region in failure.regions {
          shape(
            region, class: "failure-region", fill: "none", stroke: Self.colors.failure, strokeWidth: 2,
            title: "violated region \(ReplayFormat.rect(region))")
        }
        if let expected = failure.expected {
          shape(
            expected, class: "failure-expected", fill: "none", stroke: Self.colors.failure, strokeWidth: 1.5,
            extra: "stroke-dasharray=\"5 3\"", dataID: failure.failure.element,
            title: "expected \(ReplayFormat.rect(expected))")
        }
        if let actual = failure.actual {
          shape(
            actual, class: "failure-actual", fill: Self.colors.failure, stroke: Self.colors.failure,
            strokeWidth: 3, extra: "fill-opacity=\"0.3\"", dataID: failure.failure.element,
            title: failure.failure.message, titleLines: true)
        }
      }
      svg.close()
    }
    svg.close()
    svg.close()
  }

  /// The scroll view: the visible items clipped to the viewport, the anchor and the selection, and a
  /// scroll bar at the viewport's trailing edge.
  private mutating func drawScroll(_ scroll: SceneSnapshot.Scroll, id: String) {
    let n = SVGDocument.n
    let clip = "clip-\(id)"
    let viewport = scroll.viewport
    svg.add(
      "<clipPath id=\"\(clip)\"><rect x=\"\(n(viewport.x))\" y=\"\(n(viewport.y))\" width=\"\(n(viewport.width))\" "
        + "height=\"\(n(viewport.height))\"/></clipPath>")
    svg.group(class: "scroll", "clip-path=\"url(#\(clip))\"")
    for item in scroll.visibleItems {
      let isAnchor = item.id == scroll.anchor?.itemID
      let isSelected = item.id == scroll.selection
      guard !isAnchor && !isSelected else { continue }
      shape(
        item.frame, class: "item", fill: "#eef3f8", stroke: "#c5d5e6", dataID: item.id,
        title: "\(item.id) \(ReplayFormat.rect(item.frame))")
    }
    if let frame = scroll.selectionFrame, let selection = scroll.selection {
      shape(
        frame, class: "item selection", fill: Self.colors.selection, stroke: Self.colors.selection,
        strokeWidth: 2, extra: "fill-opacity=\"0.22\"", dataID: selection,
        title: "selected \(selection) \(ReplayFormat.rect(frame))")
    }
    if let frame = scroll.anchorFrame, let anchor = scroll.anchor {
      shape(
        frame, class: "item anchor", fill: Self.colors.anchor, stroke: Self.colors.anchor, strokeWidth: 2,
        extra: "fill-opacity=\"0.18\"", dataID: anchor.itemID,
        title:
          "anchor \(anchor.itemID), \(ReplayFormat.number(anchor.offsetFromViewportTop)) pt from the viewport's top"
      )
    }
    svg.close()
    // The scroll bar: where the viewport is in the content.
    if scroll.contentHeight > viewport.height, viewport.height > 0 {
      let barTop = viewport.y + scroll.offset / scroll.contentHeight * viewport.height
      let barHeight = max(viewport.height * viewport.height / scroll.contentHeight, 4)
      shape(
        Rect(x: viewport.maxX - 5, y: barTop, width: 4, height: min(barHeight, viewport.maxY - barTop)),
        class: "scroll-bar", fill: "#555", stroke: "none", extra: "fill-opacity=\"0.5\"",
        title:
          "offset \(ReplayFormat.number(scroll.offset)) pt of \(ReplayFormat.number(scroll.contentHeight)) pt"
      )
    }
    shape(
      viewport, class: "viewport", fill: "none", stroke: Self.colors.pane, strokeWidth: 1.5,
      extra: "stroke-dasharray=\"1 3\"", title: "scroll viewport \(ReplayFormat.rect(viewport))")
  }

  // MARK: Text, in pixels

  /// Labels inside the frames, in pixels: the id when it fits, else the element's number in the table
  /// when that fits; the anchor and selection named beside their items.
  private mutating func drawLabels(
    _ scene: SceneSnapshot, x: Double, y: Double, scale: Double, detailed: Bool
  ) {
    svg.group(class: "labels")
    var taken: [Rect] = []
    for (index, element) in scene.elements.enumerated() {
      let area = Rect(x: x, y: y, width: scene.size.width * scale, height: scene.size.height * scale)
      guard
        let frame = SnapshotReader.intersection(
          Rect(
            x: x + element.frame.x * scale, y: y + element.frame.y * scale,
            width: element.frame.width * scale,
            height: element.frame.height * scale), area)
      else { continue }
      let color =
        element.isInteractive ? "#8a4a00" : element.isScrollable ? "#2b4a6b" : "#444"
      var label = element.id
      if Double(label.count) * 5.6 + 6 > frame.width { label = detailed ? "\(index + 1)" : "" }
      guard !label.isEmpty, frame.height >= 13, Double(label.count) * 5.6 + 4 <= frame.width else { continue }
      let isContainer = scene.elements.contains {
        $0.id != element.id && $0.isInteractive && element.frame.contains($0.frame)
      }
      let spot =
        element.isInteractive && !isContainer
        ? Rect(
          x: frame.midX - Double(label.count) * 2.8, y: frame.midY - 6, width: Double(label.count) * 5.6,
          height: 12)
        : Rect(x: frame.x + 3, y: frame.y + 2, width: Double(label.count) * 5.6, height: 12)
      // A label over one already written moves down a line, if the frame has room.
      var place = spot
      while taken.contains(where: { $0.intersects(place) }) && place.maxY + 12 <= frame.maxY { place.y += 12 }
      guard !taken.contains(where: { $0.intersects(place) }) else { continue }
      taken.append(place)
      svg.text(label, x: place.x, y: place.y + 10, size: 10, fill: color, extra: "class=\"element-label\"")
    }
    // The app's frames that are not the model's (more than 2 pt from its frame and its target): labelled
    // "app: ID" above their top-left corner (below it at the scene's top), so a divergence reads in a
    // picture.
    for recorded in scene.recorded {
      // Within 2 pt of the model's frame or target is the same place: a presented sample may lag the
      // model's animation by a refresh.
      let model = scene.elements.first { $0.id == recorded.id }
      if let model,
        min(Self.distance(model.frame, recorded.frame), Self.distance(model.target, recorded.frame)) <= 2
      {
        continue
      }
      let label = "app: \(recorded.id)"
      let left = x + recorded.frame.x * scale
      var top = y + recorded.frame.y * scale - 13
      if top < y { top = y + recorded.frame.maxY * scale + 1 }
      var place = Rect(x: left, y: top, width: Double(label.count) * 5.6, height: 12)
      while taken.contains(where: { $0.intersects(place) }) && place.y + 24 <= y + scene.size.height * scale {
        place.y += 12
      }
      taken.append(place)
      svg.text(
        label, x: place.x, y: place.y + 10, size: 10, fill: Self.colors.recorded,
        extra: "class=\"recorded-label\" font-weight=\"bold\"")
    }
    if let scroll = scene.scroll {
      let same = scroll.anchor?.itemID == scroll.selection
      for (name, itemID, frame, color) in [
        (same ? "anchor, selected" : "anchor", scroll.anchor?.itemID, scroll.anchorFrame, Self.colors.anchor),
        ("selected", same ? nil : scroll.selection, scroll.selectionFrame, Self.colors.selection),
      ] {
        guard let itemID, let frame, frame.maxY > scroll.viewport.minY, frame.minY < scroll.viewport.maxY
        else {
          continue
        }
        let top = y + max(frame.minY, scroll.viewport.minY) * scale
        let bottom = y + min(frame.maxY, scroll.viewport.maxY) * scale
        let offset =
          name.hasPrefix("anchor")
          ? " (\(ReplayFormat.number(scroll.anchor?.offsetFromViewportTop ?? 0)) pt)" : ""
        let text = "\(name) \(itemID)\(offset)"
        let textWidth = Double(text.count) * 5.6
        // Bottom right inside the item's visible part; up a line at a time past labels already written.
        var place = Rect(
          x: max(x + frame.maxX * scale - textWidth - 8, x + frame.minX * scale + 2), y: bottom - 14,
          width: textWidth, height: 12)
        while taken.contains(where: { $0.intersects(place) }) && place.minY - 12 >= top { place.y -= 12 }
        guard place.minY >= top - 1, !taken.contains(where: { $0.intersects(place) }) else { continue }
        taken.append(place)
        svg.text(
          text, x: place.x, y: place.y + 10, size: 10, fill: color,
          extra: "class=\"item-label\" font-weight=\"bold\"")
      }
    }
    svg.close()
  }

  /// Under the panel: the scroll position, the unplaced elements, and each failure's sentence, wrapped
  /// to the panel. Returns the y below them.
  private mutating func drawNotes(_ scene: SceneSnapshot, x: Double, y: Double, width: Double) -> Double {
    var cursor = y
    svg.group(class: "notes")
    if let scroll = scene.scroll {
      let anchor =
        scroll.anchor.map {
          "anchor \($0.itemID) \(ReplayFormat.number($0.offsetFromViewportTop)) pt from the top"
        } ?? "no anchor"
      let text =
        "scroll offset \(ReplayFormat.number(scroll.offset)) of \(ReplayFormat.number(scroll.contentHeight)) pt, "
        + anchor + ", " + (scroll.selection.map { "selected \($0)" } ?? "nothing selected")
      for line in Self.wrap(text, width: width) {
        svg.text(line, x: x, y: cursor + 10, size: 11, fill: "#333")
        cursor += Self.lineHeight
      }
    }
    if !scene.unplaced.isEmpty {
      let text = "unplaced (no room clear of the reserved regions): " + scene.unplaced.joined(separator: ", ")
      for line in Self.wrap(text, width: width) {
        svg.text(line, x: x, y: cursor + 10, size: 11, fill: "#8a4a00")
        cursor += Self.lineHeight
      }
    }
    // Each at most 35 characters (96 regions past the first 32, 192 frames past the first 64): one
    // line in the narrowest panel.
    for (count, noun, name) in [
      (scene.omittedRegions, "more reserved region", "omitted-regions"),
      (scene.omittedRecorded, "more app frame", "omitted-recorded"),
    ] where count > 0 {
      for line in Self.wrap("+\(Count(count, noun)) not drawn", width: width) {
        svg.text(line, x: x, y: cursor + 10, size: 11, fill: "#777", extra: "class=\"\(name)\"")
        cursor += Self.lineHeight
      }
    }
    svg.close()
    if !scene.failures.isEmpty {
      svg.group(class: "failure-text")
      cursor += 4
      for failure in scene.failures {
        for (number, line) in Self.wrap("✗ " + failure.failure.message, width: width).enumerated() {
          svg.text(
            line, x: x + (number == 0 ? 0 : 12), y: cursor + 10, size: 11, fill: Self.colors.failure,
            extra: number == 0 ? "font-weight=\"bold\"" : "")
          cursor += Self.lineHeight
        }
        cursor += 4
      }
      svg.close()
    }
    return cursor
  }

  /// The element table: number, id, frame and kind, one element a line. Returns the y below it.
  private mutating func drawElementTable(_ scene: SceneSnapshot, x: Double, y: Double, width: Double)
    -> Double
  {
    var cursor = y + 6
    svg.group(class: "element-table")
    svg.text(
      "elements (pt: x, y, width, height)", x: x, y: cursor + 10, size: 11, fill: "#111",
      extra: "font-weight=\"bold\"")
    cursor += Self.lineHeight + 2
    for (index, element) in scene.elements.enumerated() {
      let kind =
        element.isInteractive ? "interactive" : element.isScrollable ? "scrolls" : ""
      let motion =
        element.isDisappearing
        ? "fading out" : element.isMoving ? "→ \(ReplayFormat.rect(element.target))" : ""
      let color = element.isInteractive ? "#8a4a00" : element.isScrollable ? "#2b4a6b" : "#333"
      svg.text("\(index + 1)", x: x + 18, y: cursor + 10, anchor: "end", size: 10, fill: "#777")
      svg.text(Self.fit(element.id, width: 150), x: x + 24, y: cursor + 10, size: 10, fill: color)
      svg.text(ReplayFormat.rect(element.frame), x: x + 180, y: cursor + 10, size: 10, fill: "#333")
      svg.text(
        Self.fit([kind, motion].filter { !$0.isEmpty }.joined(separator: ", "), width: width - 330),
        x: x + 330, y: cursor + 10, size: 10, fill: "#555")
      cursor += 13
    }
    svg.close()
    return cursor
  }

  /// The largest difference of two frames' four values, in points.
  static func distance(_ a: Rect, _ b: Rect) -> Double {
    max(abs(a.x - b.x), abs(a.y - b.y), abs(a.width - b.width), abs(a.height - b.height))
  }

  /// The legend. Returns the y below it.
  private mutating func drawLegend(at top: Double, recorded: Bool) -> Double {
    svg.group(class: "legend")
    var x = Self.margin
    var y = top
    var entries: [(label: String, fill: String, stroke: String, dashed: Bool)] = [
      ("safe frame", "none", Self.colors.safe, true),
      ("division (active)", Self.colors.division, Self.colors.division, false),
      ("division (inactive)", "none", Self.colors.division, true),
      ("occlusion (active)", Self.colors.occlusion, Self.colors.occlusion, false),
      ("occlusion (inactive)", "none", Self.colors.occlusion, true),
      ("interactive element", Self.colors.interactive, Self.colors.interactive, false),
      ("scrolling pane", "none", Self.colors.pane, false),
      ("other element", "none", Self.colors.other, false),
      ("scroll anchor", Self.colors.anchor, Self.colors.anchor, false),
      ("selection", Self.colors.selection, Self.colors.selection, false),
      ("failing element", Self.colors.failure, Self.colors.failure, false),
    ]
    if recorded {
      entries.append(
        ("the app's own frame (app: ID where not the model's)", "none", Self.colors.recorded, true))
    }
    for entry in entries {
      let entryWidth = 22 + Double(entry.label.count) * 6 + 14
      if x + entryWidth > max(width, 720) - Self.margin {
        x = Self.margin
        y += 18
      }
      let dash = entry.dashed ? " stroke-dasharray=\"3 2\"" : ""
      svg.add(
        "<rect x=\"\(SVGDocument.n(x))\" y=\"\(SVGDocument.n(y))\" width=\"14\" height=\"12\" fill=\"\(entry.fill)\" "
          + "fill-opacity=\"0.35\" stroke=\"\(entry.stroke)\" stroke-width=\"1.5\"\(dash)/>")
      svg.text(entry.label, x: x + 20, y: y + 10, size: 10, fill: "#333")
      x += entryWidth
    }
    svg.close()
    return y + 18
  }

  /// Words wrapped to lines of at most `width` pixels of 11 px text (a word longer than a line is cut).
  static func wrap(_ text: String, width: Double) -> [String] {
    let limit = max(Int(width / characterWidth), 20)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        if line.isEmpty {
          line = String(word.prefix(limit))
        } else if line.count + 1 + word.count <= limit {
          line += " " + word
        } else {
          lines.append(line)
          line = String(word.prefix(limit))
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// Text cut with `…` to at most `width` pixels of 10 px text.
  static func fit(_ text: String, width: Double) -> String {
    let limit = max(Int(width / 5.6), 4)
    return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }
}
