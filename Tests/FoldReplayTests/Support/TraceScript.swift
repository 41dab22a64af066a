import FoldTrace

/// Builds event sequences for tests: a clock in milliseconds and one method per event kind.
struct TraceScript {
  private(set) var events: [TraceEvent] = []
  /// The current time, in milliseconds.
  var now: UInt64 = 0

  /// Advances the clock.
  mutating func wait(_ milliseconds: UInt64) { now += milliseconds }

  mutating func add(_ payload: TraceEvent.Payload) {
    events.append(TraceEvent(time: now * 1_000_000, payload))
  }

  /// Adds an event at an exact time in nanoseconds.
  mutating func add(_ payload: TraceEvent.Payload, at nanoseconds: UInt64) {
    events.append(TraceEvent(time: nanoseconds, payload))
  }

  mutating func connect(_ scene: UInt32, _ display: DisplayRole) {
    add(.sceneConnected(scene: SceneID(scene), display: display, scale: 3))
  }

  mutating func disconnect(_ scene: UInt32) { add(.sceneDisconnected(scene: SceneID(scene))) }

  mutating func geometry(
    _ scene: UInt32, _ width: Double, _ height: Double, _ h: UserInterfaceSizeClass,
    _ v: UserInterfaceSizeClass, safeArea: TraceInsets = .zero, resizing: Bool = false,
    bars: VerticalBarEdge = .none
  ) {
    add(
      .geometry(
        scene: SceneID(scene),
        SceneGeometry(
          size: TraceSize(width: width, height: height), safeArea: safeArea, horizontal: h, vertical: v,
          isInteractivelyResizing: resizing, verticalBarEdge: bars)))
  }

  mutating func regions(_ scene: UInt32, _ regions: [ReservedRegion]) {
    add(.regions(scene: SceneID(scene), regions))
  }

  mutating func traits(_ scene: UInt32, _ traits: SceneTraits) { add(.traits(scene: SceneID(scene), traits)) }

  mutating func scroll(_ scene: UInt32, _ y: Double, anchor: String? = nil) {
    add(.scroll(scene: SceneID(scene), offset: TracePoint(x: 0, y: y), anchor: anchor))
  }

  mutating func select(_ scene: UInt32, _ item: String?) {
    add(.selection(scene: SceneID(scene), item: item))
  }

  /// A vertical fold division down the middle of a `width` × `height` scene.
  static func fold(width: Double, height: Double, active: Bool) -> ReservedRegion {
    ReservedRegion(
      kind: .division, frame: TraceRect(x: width / 2, y: 0, width: active ? 20 : 0, height: height),
      isActive: active)
  }
}

extension TraceScript {
  /// An iPhone Duo session: the external display in portrait, a scroll and a selection, the device opens
  /// (external scene leaves, internal connects landscape), a partial fold (book pose) and back to flat.
  static var duoOpening: TraceScript {
    var script = TraceScript()
    script.connect(1, .external)
    script.geometry(1, 420, 760, .compact, .regular)
    script.wait(400)
    script.scroll(1, 2400)
    script.wait(300)
    script.select(1, "item-24")
    script.wait(500)
    script.disconnect(1)
    script.wait(16)
    script.connect(2, .internal)
    script.geometry(2, 1180, 820, .regular, .regular)
    script.regions(2, [fold(width: 1180, height: 820, active: false)])
    script.wait(900)
    script.regions(2, [fold(width: 1180, height: 820, active: true)])
    script.wait(900)
    script.regions(2, [fold(width: 1180, height: 820, active: false)])
    script.wait(900)
    return script
  }

  /// A window resized continuously across all the size-class boundaries (iPad windowing).
  static var windowResize: TraceScript {
    var script = TraceScript()
    script.connect(1, .window)
    script.geometry(1, 1024, 768, .regular, .regular)
    script.scroll(1, 1500)
    for step in 1...40 {
      script.wait(16)
      let width = 1024 - Double(step) * 16
      script.geometry(1, width, 768, width < 700 ? .compact : .regular, .regular, resizing: step < 40)
    }
    script.wait(600)
    return script
  }
}

extension TraceScript {
  /// A hesitant fold on the Duo's internal display: the book pose begins, is undone mid-flight and begins
  /// again, so moves are retargeted while they run; then a Dynamic Type change and back, scrolled down.
  static var hesitantFold: TraceScript {
    var script = TraceScript()
    script.connect(1, .internal)
    script.geometry(1, 1180, 820, .regular, .regular)
    script.regions(1, [fold(width: 1180, height: 820, active: false)])
    script.scroll(1, 2000)
    script.wait(500)
    script.regions(1, [fold(width: 1180, height: 820, active: true)])
    script.wait(90)
    script.regions(1, [fold(width: 1180, height: 820, active: false)])
    script.wait(90)
    script.regions(1, [fold(width: 1180, height: 820, active: true)])
    script.wait(700)
    script.traits(1, SceneTraits(contentSizeCategory: .accessibilityLarge))
    script.wait(700)
    script.traits(1, SceneTraits())
    script.wait(700)
    return script
  }

  /// The book pose with Reduce Motion on: moves must become cross-fades.
  static var reduceMotionFold: TraceScript {
    var script = TraceScript()
    script.connect(1, .internal)
    script.traits(1, SceneTraits(reduceMotion: true))
    script.geometry(1, 1180, 820, .regular, .regular)
    script.regions(1, [fold(width: 1180, height: 820, active: false)])
    script.wait(300)
    script.regions(1, [fold(width: 1180, height: 820, active: true)])
    script.wait(600)
    script.regions(1, [fold(width: 1180, height: 820, active: false)])
    script.wait(600)
    return script
  }

  /// The scripts every fault is planted against.
  static var all: [(String, TraceScript)] {
    [
      ("duoOpening", .duoOpening), ("windowResize", .windowResize), ("hesitantFold", .hesitantFold),
      ("reduceMotionFold", .reduceMotionFold),
    ]
  }
}
