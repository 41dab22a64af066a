import FoldTrace

extension DeviceProfile {
  /// The Mac screen FoldSim puts Catalyst and Mirroring windows on: 1512 × 982 pt at @2x.
  static let macScreen = DisplaySpec(
    role: .window,
    scale: Sourced(2, .assumption("Retina Mac: 2 pixels per point")),
    portraitSize: Sourced(
      TraceSize(width: 982, height: 1512),
      .assumption("MacBook Pro 14-inch default 'looks like' resolution 1512×982 pt, held landscape")),
    safeArea: Sourced(PerOrientation(both: .zero), .assumption("windows have no sensor housing")),
    sizeClasses: Sourced(
      PerOrientation(both: .alwaysRegular), .assumption("unused: scenes on a Mac are always windows")))

  /// The largest window on the Mac screen: the screen less the 37 pt menu bar.
  static let macMaximum = Sourced(
    TraceSize(width: 1512, height: 945), .assumption("1512×982 pt screen less a 37 pt menu bar"))

  /// A Mac Catalyst window: free resize between the declared minimum and the screen, regular × regular
  /// at every size (LayoutCore's LayoutRules, "Case matrix": Mac Catalyst window resizing).
  public static let macCatalyst = DeviceProfile(
    id: "mac-catalyst", name: "Mac Catalyst",
    summary: "Mac Catalyst window: free resize, declared minimum 320×480 pt, regular × regular",
    primary: macScreen,
    window: WindowSpec(
      role: .window,
      initialSize: Sourced(TraceSize(width: 1100, height: 760), .assumption("a typical document window")),
      minimumSize: Sourced(
        TraceSize(width: 320, height: 480),
        .published("\(Cite.resizability): sizeRestrictions.minimumSize = 320 × 480")),
      maximumSize: macMaximum,
      sizeClasses: Sourced(
        .alwaysRegular,
        .assumption(
          "\(Cite.guide): Catalyst is reported to stay regular when narrowed, marked ? (unverified)")),
      safeArea: Sourced(.zero, .assumption("'Optimize for Mac': the title bar is outside the scene")),
      windowOnly: true, reportsRestrictions: true),
    initialOrientation: .landscape)

  /// iPhone Mirroring on a Mac: an iPhone app (idiom phone) in a freely resizable window; all five shapes
  /// are reachable (LayoutCore's LayoutRules, "Case matrix": iPhone Mirroring).
  public static let iPhoneMirroring = DeviceProfile(
    id: "iphone-mirroring", name: "iPhone Mirroring",
    summary: "iPhone Mirroring window on a Mac: free resize, size classes by the window's size",
    primary: macScreen,
    window: WindowSpec(
      role: .mirroring,
      initialSize: Sourced(
        TraceSize(width: 393, height: 852), .published("the mirrored iPhone's screen (\(Cite.hig))")),
      minimumSize: Sourced(
        TraceSize(width: 300, height: 300),
        .assumption("\(Cite.duoDev): macOS 27 Mirroring windows go 'very narrow or wide'; 300 pt chosen")),
      maximumSize: macMaximum,
      sizeClasses: SizeClassRule.window,
      safeArea: Sourced(
        .zero, .assumption("the Mac window, not the phone's sensor housing, bounds the scene")),
      windowOnly: true, reportsRestrictions: false),
    initialOrientation: .portrait)
}
