import FoldTrace

extension DeviceProfile {
  /// iPhone (6.1-inch, Dynamic Island): 393 × 852 pt at @3x. Compact × regular in portrait, compact ×
  /// compact in landscape (LayoutCore's LayoutRules, "Case matrix": iPhone portrait, iPhone landscape).
  public static let iPhone = DeviceProfile(
    id: "iphone", name: "iPhone",
    summary: "iPhone 6.1\" (393×852 pt): compact width in both orientations",
    primary: phoneDisplay(
      size: TraceSize(width: 393, height: 852), sensor: 59,
      landscape: .fixed(horizontal: .compact, vertical: .compact),
      landscapeSource: "\(Cite.guide): iPhone landscape (standard) C × C ✓"))

  /// iPhone Pro Max: 440 × 956 pt at @3x. Regular width in landscape
  /// (LayoutCore's LayoutRules, "Case matrix": iPhone landscape (Plus, Pro Max) R × C).
  public static let iPhoneProMax = DeviceProfile(
    id: "iphone-pro-max", name: "iPhone Pro Max",
    summary: "iPhone Pro Max (440×956 pt): regular width in landscape",
    primary: phoneDisplay(
      size: TraceSize(width: 440, height: 956), sensor: 62,
      landscape: .fixed(horizontal: .regular, vertical: .compact),
      landscapeSource: "\(Cite.guide): iPhone landscape (Plus, Pro Max) R × C ✓"))

  /// A Dynamic Island iPhone display.
  /// - Parameters:
  ///   - size: Portrait size in points (HIG).
  ///   - sensor: The sensor-housing inset in points (top in portrait, both sides in landscape).
  ///   - landscape: The landscape size classes.
  ///   - landscapeSource: Where the landscape size classes come from.
  static func phoneDisplay(
    size: TraceSize, sensor: Double, landscape: SizeClassRule, landscapeSource: String
  ) -> DisplaySpec {
    DisplaySpec(
      role: .window,
      scale: Sourced(3, .published("\(Cite.simDevices): iPhone 15/16/17 families scale 3")),
      portraitSize: Sourced(size, .published(Cite.hig)),
      safeArea: Sourced(
        PerOrientation(
          portrait: PhysicalInsets(top: sensor, bottom: 34),
          landscape: PhysicalInsets(left: sensor, bottom: 21, right: sensor)),
        .assumption(
          "values the iOS 18 Simulator reports for Dynamic Island iPhones; Apple does not publish them")),
      sizeClasses: Sourced(
        PerOrientation(portrait: .fixed(horizontal: .compact, vertical: .regular), landscape: landscape),
        .published("\(Cite.guide): iPhone portrait C × R ✓; \(landscapeSource)")))
  }
}
