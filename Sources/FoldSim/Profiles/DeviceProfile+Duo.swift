import FoldTrace

extension DeviceProfile {
  /// iPhone Duo: an external (cover) display and an internal foldable display
  /// (LayoutCore's LayoutRules, "iPhone Duo").
  ///
  /// - External: wider and shorter than other iPhones; compact width in both orientations; bars on the
  ///   side (right, for the right thumb); the camera occludes a corner, always.
  /// - Internal: regular × regular both ways; vertical bars except in portrait; the internal camera
  ///   occludes only while active; a division region, zero width when flat, active only while partially
  ///   open — vertical in landscape (book), horizontal in portrait (tabletop).
  /// - Opening hands the app from an external scene to a new internal one (scene disconnect/connect).
  ///
  /// Apple publishes no point sizes for this device; every size here is an assumption, chosen to satisfy
  /// the seeds' qualitative statements.
  public static let iPhoneDuo = DeviceProfile(
    id: "iphone-duo", name: "iPhone Duo",
    summary: "iPhone Duo: external 480×760 pt (C×R / C×C) and internal 780×1040 pt (R×R), hinge",
    primary: duoExternal, secondary: duoInternal,
    multitasking: MultitaskingSpec(
      split: Sourced(
        PerOrientation(
          portrait: SplitWidths(oneThird: 390, half: 390, twoThirds: 390),
          landscape: SplitWidths(oneThird: 520, half: 520, twoThirds: 520)),
        .published("\(Cite.duoHIG): Split View multitasking splits the internal display 50/50")),
      slideOverWidth: nil,
      slideOverInset: Sourced(0, .assumption("no Slide Over on iPhone Duo")),
      safeArea: Sourced(PhysicalInsets(top: 16, bottom: 16), .assumption("as the internal display")),
      barsOnOuterEdge: true),
    hinge: HingeSpec(
      closedBelow: Sourced(5, .assumption("a few degrees of slack when shut")),
      fullyOpenFrom: Sourced(170, .assumption("flat within 10°")),
      handoverOpening: Sourced(60, .assumption("the internal display takes over once usable")),
      handoverClosing: Sourced(20, .assumption("hysteresis: the external display returns near shut"))),
    pip: PiPSpec(aspect: Sourced(16.0 / 9.0, .assumption("16:9 video"))),
    initialOrientation: .portrait)

  /// The Duo's external display: 480 × 760 pt at @3x.
  static let duoExternal = DisplaySpec(
    role: .external,
    scale: Sourced(3, .assumption("scale 3 like every current iPhone (\(Cite.simDevices))")),
    portraitSize: Sourced(
      TraceSize(width: 480, height: 760),
      .assumption(
        "\(Cite.duoHIG): wider and shorter than other iPhones: wider than 440, shorter than 852")),
    safeArea: Sourced(
      PerOrientation(
        portrait: PhysicalInsets(top: 24, bottom: 20, right: 72),
        landscape: PhysicalInsets(left: 48, bottom: 20, right: 72)),
      .assumption(
        "72 pt side strip for status bar, Dynamic Island and vertical bars on the right "
          + "(\(Cite.duoHIG): external display controls on the right); 48 pt camera corner in landscape")),
    sizeClasses: Sourced(
      PerOrientation(
        portrait: .fixed(horizontal: .compact, vertical: .regular),
        landscape: .fixed(horizontal: .compact, vertical: .compact)),
      .published("\(Cite.guide): Duo external portrait C × R ✓, Duo external landscape C × C ✓")),
    verticalBars: Sourced(
      PerOrientation(both: .right),
      .published("\(Cite.duoHIG): bars on the side everywhere but internal portrait; controls on the right")),
    camera: CameraSpec(
      frame: Sourced(
        PerOrientation(
          portrait: TraceRect(x: 420, y: 12, width: 44, height: 44),
          landscape: TraceRect(x: 12, y: 12, width: 44, height: 44)),
        .assumption("a 44 pt camera in the corner of the side strip")),
      alwaysActive: true,
      liveActivityFrame: Sourced(
        PerOrientation(
          portrait: TraceRect(x: 420, y: 12, width: 44, height: 160),
          landscape: TraceRect(x: 12, y: 12, width: 160, height: 44)),
        .assumption(
          "\(Cite.duoHIG): the Island grows vertically along the side strip when a Live Activity arrives; "
            + "160 pt chosen"))))

  /// The Duo's internal display: 780 × 1040 pt at @3x (1040 × 780 opened as a book).
  static let duoInternal = DisplaySpec(
    role: .internal,
    scale: Sourced(3, .assumption("scale 3 like every current iPhone (\(Cite.simDevices))")),
    portraitSize: Sourced(
      TraceSize(width: 780, height: 1040),
      .assumption("\(Cite.guide): the guide's example width of the Duo's internal display, 780 pt; 4:3")),
    safeArea: Sourced(
      PerOrientation(
        portrait: PhysicalInsets(top: 32, bottom: 20),
        landscape: PhysicalInsets(top: 16, bottom: 16, right: 68)),
      .assumption("side status strip and vertical bars (68 pt) in landscape; top status bar in portrait")),
    sizeClasses: Sourced(
      PerOrientation(both: .fixed(horizontal: .regular, vertical: .regular)),
      .published("\(Cite.guide): Duo internal opened landscape / opened portrait R × R ✓")),
    verticalBars: Sourced(
      PerOrientation(portrait: nil, landscape: .right),
      .published("\(Cite.duoHIG): on the side everywhere except the internal display in portrait")),
    camera: CameraSpec(
      frame: Sourced(
        PerOrientation(
          portrait: TraceRect(x: 744, y: 760, width: 36, height: 56),
          landscape: TraceRect(x: 760, y: 0, width: 56, height: 36)),
        .assumption("behind the right half's top edge; rotated with the display")),
      alwaysActive: false),
    division: DivisionSpec(
      partialWidth: Sourced(32, .assumption("the band of the curve the HIG asks content to keep away from"))))
}
