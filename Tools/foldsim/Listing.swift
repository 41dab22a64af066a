import FoldSim
import FoldTrace

/// The text of `foldsim list`: every device with its metrics and their sources, then every gesture with
/// its parameters.
enum Listing {
  static func render() -> String {
    var out = "DEVICES\n"
    for profile in DeviceProfile.all {
      out += "\n\(profile.id) — \(profile.summary)\n"
      for (label, display) in displays(profile) {
        out += "  \(label) display (\(display.role.rawValue)):\n"
        let size = display.portraitSize.value
        out += line("size", "\(fmt(size.width))×\(fmt(size.height)) pt portrait", display.portraitSize.source)
        out += line("scale", "@\(fmt(display.scale.value))", display.scale.source)
        out += line("size classes", classes(display.sizeClasses.value), display.sizeClasses.source)
        out += line("safe area", insets(display.safeArea.value), display.safeArea.source)
        out += line("vertical bars", bars(display.verticalBars.value), display.verticalBars.source)
        if let camera = display.camera {
          out += line(
            "camera",
            (camera.alwaysActive ? "always active " : "active while on ") + rect(camera.frame.value.portrait)
              + " portrait", camera.frame.source)
        }
        if let division = display.division {
          out += line(
            "division", "\(fmt(division.partialWidth.value)) pt while partially open, 0 flat",
            division.partialWidth.source)
        }
      }
      if let w = profile.window {
        out += "  window (\(w.role.rawValue)):\n"
        out += line("initial", size(w.initialSize.value), w.initialSize.source)
        out += line("minimum", size(w.minimumSize.value), w.minimumSize.source)
        out += line("maximum", size(w.maximumSize.value), w.maximumSize.source)
        out += line("size classes", rule(w.sizeClasses.value), w.sizeClasses.source)
      }
      if let m = profile.multitasking {
        let s = m.split.value
        out += "  multitasking:\n"
        out += line(
          "split widths",
          "portrait \(fmt(s.portrait.oneThird))/\(fmt(s.portrait.half))/\(fmt(s.portrait.twoThirds)), "
            + "landscape \(fmt(s.landscape.oneThird))/\(fmt(s.landscape.half))/\(fmt(s.landscape.twoThirds)) pt",
          m.split.source)
        if let slide = m.slideOverWidth {
          out += line("slide over", "\(fmt(slide.value)) pt wide", slide.source)
          out += line(
            "slide over margin", "\(fmt(m.slideOverInset.value)) pt less than the display's height",
            m.slideOverInset.source)
        }
        let i = m.safeArea.value
        out += line(
          "pane safe area",
          "top \(fmt(i.top)) left \(fmt(i.left)) bottom \(fmt(i.bottom)) right \(fmt(i.right))"
            + (m.barsOnOuterEdge ? " + the display's side inset on the pane's outer edge" : ""),
          m.safeArea.source)
        out += line("size classes", rule(m.sizeClasses.value), m.sizeClasses.source)
      }
      if let h = profile.hinge {
        out += "  hinge:\n"
        out += line("closed below", "\(fmt(h.closedBelow.value))°", h.closedBelow.source)
        out += line("fully open from", "\(fmt(h.fullyOpenFrom.value))°", h.fullyOpenFrom.source)
        out += line("handover", "opening ≥ \(fmt(h.handoverOpening.value))°", h.handoverOpening.source)
        out += line("handover style", h.handover.value.rawValue, h.handover.source)
        out += line("handover back", "closing < \(fmt(h.handoverClosing.value))°", h.handoverClosing.source)
      }
      if let pip = profile.pip {
        out += "  picture in picture (pinned at the top):\n"
        out += line(
          "video aspect", "\(fmt((pip.aspect.value * 10000).rounded() / 10000)) (width/height)",
          pip.aspect.source)
      }
    }
    out += "\nGESTURES (every step also takes: gesture, at, after, label)\n"
    for spec in GestureSpec.all {
      out += "\n\(spec.name) — \(spec.summary)\n"
      for p in spec.parameters {
        out += "    \(p.name)\(p.required ? " (required)" : ""): \(p.type) — \(p.summary)\n"
      }
    }
    return out
  }

  static func displays(_ profile: DeviceProfile) -> [(String, DisplaySpec)] {
    [("primary", profile.primary)] + (profile.secondary.map { [("secondary", $0)] } ?? [])
  }

  static func line(_ label: String, _ value: String, _ source: MetricSource) -> String {
    "    \(label): \(value)\n      \(source)\n"
  }

  static func fmt(_ x: Double) -> String {
    x == x.rounded() ? String(Int(x)) : String(x)
  }

  static func size(_ s: TraceSize) -> String { "\(fmt(s.width))×\(fmt(s.height)) pt" }

  static func rect(_ r: TraceRect) -> String {
    "[\(fmt(r.x)), \(fmt(r.y)), \(fmt(r.width)), \(fmt(r.height))]"
  }

  static func insets(_ p: PerOrientation<PhysicalInsets>) -> String {
    func one(_ i: PhysicalInsets) -> String {
      "top \(fmt(i.top)) left \(fmt(i.left)) bottom \(fmt(i.bottom)) right \(fmt(i.right))"
    }
    return "portrait \(one(p.portrait)); landscape \(one(p.landscape))"
  }

  static func bars(_ p: PerOrientation<PhysicalEdge?>) -> String {
    "portrait \(p.portrait?.rawValue ?? "horizontal"), landscape \(p.landscape?.rawValue ?? "horizontal")"
  }

  static func rule(_ r: SizeClassRule) -> String {
    switch r {
    case .fixed(let h, let v): "\(h.rawValue) × \(v.rawValue)"
    case .thresholds(let w, let h): "regular width from \(fmt(w)) pt, regular height from \(fmt(h)) pt"
    case .alwaysRegular: "regular × regular at every size"
    }
  }

  static func classes(_ p: PerOrientation<SizeClassRule>) -> String {
    "portrait \(rule(p.portrait)); landscape \(rule(p.landscape))"
  }
}
