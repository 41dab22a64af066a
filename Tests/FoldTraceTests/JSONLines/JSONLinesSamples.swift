import FoldTrace

/// Events of every kind with extreme and awkward values, for JSON Lines and recorder tests.
enum JSONLinesSamples {
  static let header = TraceHeader(
    device: "iPhone Duo", app: "Notes 4.2 (1187) \"beta\" / ünïcode ✓", recorder: "FoldTrace 0.1",
    wallClockStart: 1_795_000_000_123_456_789)

  static let geometry = SceneGeometry(
    size: TraceSize(width: 390, height: 844.3333333333334),
    safeArea: TraceInsets(top: 47, leading: 0, bottom: 34, trailing: 0.1 + 0.2), horizontal: .compact,
    vertical: .regular)

  static let events: [TraceEvent] = [
    TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .external, scale: 3)),
    TraceEvent(time: 1, .sceneConnected(scene: SceneID(UInt32.max), display: .externalMonitor, scale: 2.5)),
    TraceEvent(time: 8_333_333, .geometry(scene: SceneID(1), geometry)),
    TraceEvent(
      time: 16_666_666,
      .geometry(
        scene: SceneID(2),
        SceneGeometry(
          size: TraceSize(width: Double.greatestFiniteMagnitude, height: Double.leastNonzeroMagnitude),
          safeArea: TraceInsets(top: -0.0, leading: 1e-300, bottom: 1e21, trailing: 1.0 / 3.0),
          horizontal: .unspecified, vertical: .compact, isInteractivelyResizing: true,
          verticalBarEdge: .trailing, minimumSize: TraceSize(width: 320, height: 480),
          maximumSize: TraceSize(width: 2732, height: 2048)))),
    TraceEvent(time: 20_000_000, .hinge(HingeState(status: .partiallyOpen, angle: 97.25))),
    TraceEvent(time: 20_000_001, .hinge(HingeState(status: .unknown))),
    TraceEvent(
      time: 30_000_000,
      .regions(
        scene: SceneID(1),
        [
          ReservedRegion(
            kind: .division, frame: TraceRect(x: 417, y: 0, width: 0, height: 1000), isActive: true),
          ReservedRegion(
            kind: .occlusion, frame: TraceRect(x: -12.5, y: 3, width: 40, height: 40), isActive: false),
        ])),
    TraceEvent(time: 30_000_001, .regions(scene: SceneID(1), [])),
    TraceEvent(
      time: 40_000_000,
      .traits(
        scene: SceneID(1),
        SceneTraits(
          contentSizeCategory: .accessibilityExtraExtraExtraLarge, reduceMotion: true,
          prefersCrossFade: false,
          reduceTransparency: true, layoutDirection: .rightToLeft))),
    TraceEvent(
      time: 50_000_000, .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: -64.5), anchor: "row-42")),
    TraceEvent(
      time: 50_000_001, .scroll(scene: SceneID(1), offset: TracePoint(x: 1e-7, y: 12_345.678), anchor: nil)),
    TraceEvent(time: 60_000_000, .selection(scene: SceneID(1), item: "mail/7\u{0}\t\"quoted\"")),
    TraceEvent(time: 60_000_001, .selection(scene: SceneID(1), item: nil)),
    TraceEvent(time: 70_000_000, .marker("step 3: open → internal\nsecond line \u{1F600}")),
    TraceEvent(time: 80_000_000, .dropped(count: UInt64.max)),
    TraceEvent(time: 80_000_000, .cut),
    TraceEvent(
      time: 80_000_001,
      .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: 88), anchor: "row-43", anchorTop: -0.0)),
    TraceEvent(
      time: 90_000_000,
      .layout(
        scene: SceneID(1),
        RecordedLayout(
          shape: "regular\u{0}Wide \"x\"", presentation: "split", columns: 65_535,
          elements: [
            RecordedElement(
              id: "action.compose", frame: TraceRect(x: 464, y: 716.3333333333334, width: 44, height: 44),
              isInteractive: true),
            RecordedElement(
              id: "ünï", frame: TraceRect(x: -1e-300, y: 0, width: 0, height: 1e21), isInteractive: false),
          ]))),
    TraceEvent(time: 90_000_001, .layout(scene: SceneID(1), RecordedLayout(elements: []))),
    TraceEvent(
      time: 98_333_333,
      .presented(
        scene: SceneID(1),
        [
          PresentedElement(
            id: "action.compose", frame: TraceRect(x: 420.123456789, y: 716, width: 44, height: 44),
            opacity: 0.1 + 0.2),
          PresentedElement(
            id: "action.compose", frame: TraceRect(x: 420.5, y: 716, width: 44, height: 44), opacity: 0),
        ])),
    TraceEvent(time: UInt64.max, .sceneDisconnected(scene: SceneID(1))),
  ]
}
