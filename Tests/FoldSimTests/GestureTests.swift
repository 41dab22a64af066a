import FoldSim
import FoldTrace
import Testing

struct GestureTests {
  @Test func openingHandsTheDuoFromExternalToInternal() throws {
    let events = try play(.iPhoneDuo, [.hinge(to: 180, via: [], duration: 0.6, pause: 0)])
    let angles = hingeAngles(events)
    #expect(angles.first == 0)
    #expect(angles.last == 180)
    #expect(zip(angles, angles.dropFirst()).allSatisfy { $0 <= $1 })
    let kinds = events.map(\.kind)
    #expect(kinds.filter { $0 == .sceneDisconnected }.count == 1)
    let connects = events.compactMap {
      if case .sceneConnected(let s, let d, _) = $0.payload { (s, d) } else { nil }
    }
    #expect(connects.map(\.0) == [SceneID(1), SceneID(2)])
    #expect(connects.map(\.1) == [.external, .internal])
    let g = try #require(lastGeometry(events, scene: SceneID(2)))
    #expect(shape(g) == "regularWide")
    // The hinge moves within the given 0.6 s after the default 0.5 s pause.
    let hingeTimes = events.filter { $0.kind == .hinge }.map(\.time).dropFirst()
    #expect(hingeTimes.allSatisfy { (500_000_000...1_100_000_000).contains($0) })
    #expect(hingeTimes.last! > 1_000_000_000)
  }

  @Test func defaultHingeDurationsAreHuman() throws {
    var durations: [UInt64] = []
    for seed in UInt64(1)...20 {
      var synthesizer = SessionSynthesizer(model: SystemModel(profile: .iPhoneDuo), seed: seed)
      try synthesizer.perform(.hinge(to: 180, via: [], duration: nil, pause: 0), at: 1_000_000_000)
      durations.append(synthesizer.now - 1_000_000_000)
    }
    #expect(durations.allSatisfy { (300_000_000...900_000_000).contains($0) })
    #expect(Set(durations).count == 20)
  }

  @Test func reversalMidFoldReturnsToTheStart() throws {
    var start = Scenario.Start()
    start.hinge = 180
    start.orientation = .landscape
    let events = try play(
      .iPhoneDuo, start: start, [.hinge(to: 60, via: [], duration: 0.8, pause: 0.2, reverseAt: 0.5)])
    let angles = hingeAngles(events)
    let turn = try #require(angles.min())
    #expect(turn == 120)
    #expect(angles.last == 180)
    let i = angles.firstIndex(of: turn)!
    #expect(zip(angles[..<i], angles[1...i]).allSatisfy { $0 >= $1 })
    #expect(zip(angles[i...], angles[(i + 1)...]).allSatisfy { $0 <= $1 })
    // The division became active while folded and inactive again when flat.
    let divisions = events.compactMap {
      if case .regions(_, let r) = $0.payload { r.first { $0.kind == .division }?.isActive } else { nil }
    }
    #expect(divisions.contains(true))
    #expect(divisions.last == false)
  }

  @Test func edgeDragsAreInteractiveUntilRelease() throws {
    let events = try play(
      .macCatalyst, [.resize(to: TraceSize(width: 500, height: 700), duration: 0.5)])
    let g = geometries(events)
    #expect(g.first?.isInteractivelyResizing == false)
    #expect(g.last?.isInteractivelyResizing == false)
    #expect(g.last?.size == TraceSize(width: 500, height: 700))
    #expect(g.dropFirst().dropLast().allSatisfy { $0.isInteractivelyResizing })
    #expect(g.count > 50)  // ~60 frames at 120 Hz
    #expect(g.last?.minimumSize == TraceSize(width: 320, height: 480))
    let widths = g.map(\.size.width)
    #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 >= $1 })
  }

  @Test func windowsClampToTheMinimum() throws {
    let events = try play(.macCatalyst, [.resize(to: TraceSize(width: 10, height: 10), duration: 0.3)])
    #expect(lastGeometry(events)?.size == TraceSize(width: 320, height: 480))
  }

  @Test func pipPinnedAtTheTopShrinksTheApp() throws {
    var start = Scenario.Start()
    start.hinge = 180
    start.orientation = .portrait
    let events = try play(
      .iPhoneDuo, start: start,
      [.pip(.pin(duration: 0.4)), .hinge(to: 100, via: [], duration: 0.5, pause: 0)])
    let heights = geometries(events).map(\.size.height)
    #expect(heights.first == 1040)
    #expect(heights.contains(1040 - 438.666_666_666_666_7) || heights.contains { abs($0 - 601.333) < 0.01 })
    // Folded into tabletop, the video fills the half above the fold.
    #expect(heights.last == 520)
  }

  @Test func cameraRegionOnlyWhileActive() throws {
    var start = Scenario.Start()
    start.hinge = 180
    let events = try play(.iPhoneDuo, start: start, [.camera(on: true), .camera(on: false)])
    let states = events.compactMap {
      if case .regions(_, let r) = $0.payload { r.first { $0.kind == .occlusion }?.isActive } else { nil }
    }
    #expect(states == [false, true, false])
  }

  @Test func scrollsCarryItemAnchors() throws {
    let events = try play(.iPhone, [.scroll(.item(42), duration: 0.5, second: false)])
    let scrolls = events.compactMap {
      if case .scroll(_, let o, let a, _) = $0.payload { (o.y, a) } else { nil }
    }
    #expect(scrolls.last?.0 == Double(42 * 88))
    #expect(scrolls.last?.1 == "item-42")
    #expect(scrolls.count > 50)
  }

  @Test func splitViewResizeCrossesSizeClasses() throws {
    var start = Scenario.Start()
    start.mode = .split(side: .left, width: .oneThird)
    start.orientation = .landscape
    let events = try play(.iPad11, start: start, [.splitView(.resize(.twoThirds, duration: 0.5))])
    let shapes = geometries(events).map(shape)
    #expect(shapes.first == "compactTall")
    #expect(shapes.last == "regularTall")
  }

  @Test func impossibleGesturesAreRefused() {
    #expect(throws: ScenarioError.self) {
      try play(.iPad11, [.hinge(to: 90, via: [], duration: nil, pause: 0)])
    }
    #expect(throws: ScenarioError.self) { try play(.iPhoneDuo, [.splitView(.exit)]) }
    #expect(throws: ScenarioError.self) {
      try play(.iPhone, [.resize(to: TraceSize(width: 1, height: 1), duration: nil)])
    }
  }

  @Test func sameSeedSameEventsDifferentSeedDifferent() throws {
    let gestures: [Gesture] = [.mixedUse(duration: 120)]
    let a = try play(.iPhoneDuo, seed: 5, gestures)
    let b = try play(.iPhoneDuo, seed: 5, gestures)
    let c = try play(.iPhoneDuo, seed: 6, gestures)
    #expect(a == b)
    #expect(a != c)
    #expect(zip(a, a.dropFirst()).allSatisfy { $0.time <= $1.time })
  }

  /// Mixed use scrolls within the reference screen's content, item-0…item-399: seed 5 on the Duo
  /// scrolled on to item-448 within 2000 s.
  @Test func mixedUseStaysWithinTheContent() throws {
    let events = try play(.iPhoneDuo, seed: 5, [.mixedUse(duration: 2000)])
    let scrolls = events.compactMap { event -> (offset: Double, item: Int?)? in
      guard case .scroll(_, let offset, let anchor?, _) = event.payload else { return nil }
      return (offset.y, Int(anchor.dropFirst("item-".count)))
    }
    #expect(scrolls.count > 1000)
    #expect(scrolls.map(\.offset).max() == 399 * SessionSynthesizer.rowHeight)
    #expect(scrolls.compactMap(\.item).max() == 399)
  }
}

struct HandoverStyleTests {
  @Test func sameSceneHandoverKeepsTheSceneAndChangesItsGeometry() throws {
    var profile = DeviceProfile.iPhoneDuo
    profile.hinge!.handover = Sourced(.sameScene, .assumption("test"))
    let events = try play(profile, [.hinge(to: 180, via: [], duration: 0.5, pause: 0)])
    #expect(!events.contains { $0.kind == .sceneDisconnected })
    #expect(events.filter { $0.kind == .sceneConnected }.count == 1)
    let g = try #require(lastGeometry(events, scene: SceneID(1)))
    #expect(g.size == TraceSize(width: 1040, height: 780))
    // The Duo itself reconnects.
    let duo = try play(.iPhoneDuo, [.hinge(to: 180, via: [], duration: 0.5, pause: 0)])
    #expect(duo.filter { $0.kind == .sceneDisconnected }.count == 1)
  }
}

struct LiveActivityTests {
  @Test func liveActivityGrowsTheExternalOcclusion() throws {
    let events = try play(.iPhoneDuo, [.liveActivity(on: true), .liveActivity(on: false)])
    let heights = events.compactMap {
      if case .regions(_, let r) = $0.payload { r.first { $0.kind == .occlusion }?.frame.height } else { nil }
    }
    #expect(heights == [44, 160, 44])
    #expect(throws: ScenarioError.self) { try play(.iPad11, [.liveActivity(on: true)]) }
  }
}
