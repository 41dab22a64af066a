import FoldTrace

/// One metric of a device profile as `foldsim list` and the *Device Profiles* article show it.
public struct ProfileMetric: Sendable, Equatable {
  /// The part of the device: `"primary display (external)"`, `"window (window)"`, `"hinge"`, ….
  public var section: String
  /// The metric's name, for example `"size"` or `"safe area"`.
  public var name: String
  /// The value with its unit, for example `"480×760 pt portrait"`.
  public var value: String
  /// Where the value comes from.
  public var source: MetricSource

  /// Creates a metric row.
  public init(section: String, name: String, value: String, source: MetricSource) {
    self.section = section
    self.name = name
    self.value = value
    self.source = source
  }
}

extension DeviceProfile {
  /// Every metric of the profile with its value and source, in display order: displays, window,
  /// multitasking, hinge, PiP.
  /// - Complexity: O(metrics).
  public var metrics: [ProfileMetric] {
    var rows: [ProfileMetric] = []
    var section = ""
    func add(_ name: String, _ value: String, _ source: MetricSource) {
      rows.append(ProfileMetric(section: section, name: name, value: value, source: source))
    }
    let displays = [("primary", primary)] + (secondary.map { [("secondary", $0)] } ?? [])
    for (label, display) in displays {
      section = "\(label) display (\(display.role.rawValue))"
      let size = display.portraitSize.value
      add("size", "\(fmt(size.width))×\(fmt(size.height)) pt portrait", display.portraitSize.source)
      add("scale", "@\(fmt(display.scale.value))", display.scale.source)
      add("size classes", classes(display.sizeClasses.value), display.sizeClasses.source)
      add("safe area", insets(display.safeArea.value), display.safeArea.source)
      add("vertical bars", bars(display.verticalBars.value), display.verticalBars.source)
      if let camera = display.camera {
        add(
          "camera",
          (camera.alwaysActive ? "always active " : "active while on ") + rect(camera.frame.value.portrait)
            + " portrait", camera.frame.source)
      }
      if let expanded = display.camera?.liveActivityFrame {
        add("live activity", rect(expanded.value.portrait) + " portrait", expanded.source)
      }
      if let division = display.division {
        add(
          "division", "\(fmt(division.partialWidth.value)) pt while partially open, 0 flat",
          division.partialWidth.source)
      }
    }
    if let w = self.window {
      section = "window (\(w.role.rawValue))"
      add("initial", size(w.initialSize.value), w.initialSize.source)
      add("minimum", size(w.minimumSize.value), w.minimumSize.source)
      add("maximum", size(w.maximumSize.value), w.maximumSize.source)
      add("size classes", rule(w.sizeClasses.value), w.sizeClasses.source)
    }
    if let m = self.multitasking {
      let s = m.split.value
      section = "multitasking"
      add(
        "split widths",
        "portrait \(fmt(s.portrait.oneThird))/\(fmt(s.portrait.half))/\(fmt(s.portrait.twoThirds)), "
          + "landscape \(fmt(s.landscape.oneThird))/\(fmt(s.landscape.half))/\(fmt(s.landscape.twoThirds)) pt",
        m.split.source)
      if let slide = m.slideOverWidth {
        add("slide over", "\(fmt(slide.value)) pt wide", slide.source)
        add(
          "slide over margin", "\(fmt(m.slideOverInset.value)) pt less than the display's height",
          m.slideOverInset.source)
      }
      let i = m.safeArea.value
      add(
        "pane safe area",
        "top \(fmt(i.top)) left \(fmt(i.left)) bottom \(fmt(i.bottom)) right \(fmt(i.right))"
          + (m.barsOnOuterEdge ? " + the display's side inset on the pane's outer edge" : ""),
        m.safeArea.source)
      add("size classes", rule(m.sizeClasses.value), m.sizeClasses.source)
    }
    if let h = self.hinge {
      section = "hinge"
      add("closed below", "\(fmt(h.closedBelow.value))°", h.closedBelow.source)
      add("fully open from", "\(fmt(h.fullyOpenFrom.value))°", h.fullyOpenFrom.source)
      add("handover", "opening ≥ \(fmt(h.handoverOpening.value))°", h.handoverOpening.source)
      add("handover style", h.handover.value.rawValue, h.handover.source)
      add("handover back", "closing < \(fmt(h.handoverClosing.value))°", h.handoverClosing.source)
    }
    if let pip = self.pip {
      section = "picture in picture (pinned at the top)"
      add(
        "video aspect", "\(fmt((pip.aspect.value * 10000).rounded() / 10000)) (width/height)",
        pip.aspect.source)
    }
    return rows
  }
}

private func fmt(_ x: Double) -> String {
  x == x.rounded() ? String(Int(x)) : String(x)
}

private func size(_ s: TraceSize) -> String { "\(fmt(s.width))×\(fmt(s.height)) pt" }

private func rect(_ r: TraceRect) -> String {
  "[\(fmt(r.x)), \(fmt(r.y)), \(fmt(r.width)), \(fmt(r.height))]"
}

private func insets(_ p: PerOrientation<PhysicalInsets>) -> String {
  func one(_ i: PhysicalInsets) -> String {
    "top \(fmt(i.top)) left \(fmt(i.left)) bottom \(fmt(i.bottom)) right \(fmt(i.right))"
  }
  return "portrait \(one(p.portrait)); landscape \(one(p.landscape))"
}

private func bars(_ p: PerOrientation<PhysicalEdge?>) -> String {
  "portrait \(p.portrait?.rawValue ?? "horizontal"), landscape \(p.landscape?.rawValue ?? "horizontal")"
}

private func rule(_ r: SizeClassRule) -> String {
  switch r {
  case .fixed(let h, let v): "\(h.rawValue) × \(v.rawValue)"
  case .thresholds(let w, let h): "regular width from \(fmt(w)) pt, regular height from \(fmt(h)) pt"
  case .alwaysRegular: "regular × regular at every size"
  }
}

private func classes(_ p: PerOrientation<SizeClassRule>) -> String {
  "portrait \(rule(p.portrait)); landscape \(rule(p.landscape))"
}
