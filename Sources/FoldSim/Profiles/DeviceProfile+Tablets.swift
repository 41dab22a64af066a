import FoldTrace

extension DeviceProfile {
  /// iPad 11-inch (iPad Air 11-inch): 820 × 1180 pt at @2x, with Split View, Slide Over and free-form
  /// windows.
  public static let iPad11 = iPad(
    id: "ipad-11", name: "iPad 11-inch", size: TraceSize(width: 820, height: 1180),
    narrowPortrait: 320, narrowLandscape: 375,
    narrowSource: "narrow pane 320 pt portrait / 375 pt landscape as the iPadPro11 preset")

  /// iPad 13-inch (iPad Pro 13-inch): 1032 × 1376 pt at @2x, with Split View, Slide Over and free-form
  /// windows. Its half-width Split View pane is regular, as the iPadPro12_9 preset's is.
  public static let iPad13 = iPad(
    id: "ipad-13", name: "iPad 13-inch", size: TraceSize(width: 1032, height: 1376),
    narrowPortrait: 375, narrowLandscape: 375,
    narrowSource: "narrow pane 375 pt in both orientations as the iPadPro12_9 preset")

  /// Builds an iPad profile. Split widths follow swift-snapshot-testing's iPad presets: a 10 pt divider,
  /// a narrow pane of 320 or 375 pt, the wide pane gets the rest, and halves split the rest evenly
  /// (iPadPro11: 375 + 10 + 809 = 592 + 10 + 592 = 1194; iPadPro12_9: 375 + 10 + 981 = 678 + 10 + 678).
  static func iPad(
    id: String, name: String, size: TraceSize, narrowPortrait: Double, narrowLandscape: Double,
    narrowSource: String
  ) -> DeviceProfile {
    let divider = 10.0
    func widths(_ total: Double, _ narrow: Double) -> SplitWidths {
      SplitWidths(
        oneThird: narrow, half: ((total - divider) / 2).rounded(.down),
        twoThirds: total - narrow - divider)
    }
    let bars = PhysicalInsets(top: 24, bottom: 20)
    let barsSource = MetricSource.published("\(Cite.snapshot): iPadPro11 safeArea top 24, bottom 20")
    return DeviceProfile(
      id: id, name: name,
      summary: "\(name) (\(Int(size.width))×\(Int(size.height)) pt): full screen, Split View, Slide Over, "
        + "windows",
      primary: DisplaySpec(
        role: .window,
        scale: Sourced(2, .published("\(Cite.simDevices): every iPad scale 2")),
        portraitSize: Sourced(size, .published(Cite.hig)),
        safeArea: Sourced(PerOrientation(both: bars), barsSource),
        sizeClasses: Sourced(
          PerOrientation(both: .fixed(horizontal: .regular, vertical: .regular)),
          .published("\(Cite.guide): iPad portrait / landscape R × R ✓"))),
      window: WindowSpec(
        role: .window,
        initialSize: Sourced(
          TraceSize(width: 800, height: 600), .assumption("a comfortable mid-size window")),
        minimumSize: Sourced(
          TraceSize(width: 320, height: 320),
          .assumption(
            "width 320 pt as \(Cite.resizability) (widths are continuous from 320 pt); height chosen equal")),
        maximumSize: Sourced(
          TraceSize(width: size.height, height: size.height),
          .published("the display (\(Cite.hig)); clamped to the current orientation")),
        sizeClasses: SizeClassRule.window,
        safeArea: Sourced(
          PhysicalInsets(top: 24), .assumption("status bar / window-controls strip as the full-screen top")),
        windowOnly: false, reportsRestrictions: false),
      multitasking: MultitaskingSpec(
        split: Sourced(
          PerOrientation(
            portrait: widths(size.width, narrowPortrait), landscape: widths(size.height, narrowLandscape)),
          .published(
            "derived from \(Cite.snapshot) for this display size: 10 pt divider, \(narrowSource)")),
        slideOverWidth: Sourced(
          narrowPortrait, .assumption("the narrow Split View pane's width, as on earlier iPads")),
        slideOverInset: Sourced(40, .assumption("20 pt panel margin at top and bottom")),
        safeArea: Sourced(bars, barsSource)),
      initialOrientation: .landscape)
  }
}
