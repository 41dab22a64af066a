import FoldTrace
import Testing

@Suite struct RoundTripTests {
  @Test func everyKindRoundTripsInMemory() throws {
    // The samples, then a cut (format 1.2), which a trace of any version may end with.
    let all = TraceSamples.everyKind + [TraceEvent(time: TraceSamples.everyKind.last!.time, .cut)]
    let bytes = try TraceSamples.bytes(all)
    let (header, events) = try TraceReader.readAll(bytes: bytes, name: "mem")
    #expect(header == TraceSamples.header)
    #expect(events == all)
    #expect(Set(events.map(\.kind)) == Set(TraceEvent.Kind.allCases))
  }

  @Test func everyKindRoundTripsThroughAFile() throws {
    try TraceSamples.withTemporaryPath { path in
      let header = TraceHeader(
        version: TraceFormatVersion(major: 1, minor: 1), device: "iPhone Duo", app: "App",
        recorder: "tests", wallClockStart: -1_234_567_890_123)
      let writer = try TraceWriter(path: path, header: header)
      for event in TraceSamples.everyKind { try writer.append(event) }
      try writer.close()
      let read = try TraceReader.readAll(path: path)
      #expect(read.header == header)
      #expect(read.events == TraceSamples.everyKind)
    }
  }

  /// Values at the edges of `Double`, `UInt64` and strings survive bit for bit.
  @Test(arguments: [1.0, 2.0, 3.0, 0.1, 1e-300])
  func extremeValuesRoundTripExactly(scale: Double) throws {
    let doubles: [Double] = [
      0, -0.0, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude,
      .leastNormalMagnitude.nextDown, 1 / 3, 2 / 3, 0.1, 1e300, 4_503_599_627_370_497, 9_007_199_254_740_994,
      1.0.nextUp, 390, 844.333_333_333_333_3,
    ]
    let scene = SceneID(UInt32.max)
    var events = [TraceEvent(time: 0, .sceneConnected(scene: scene, display: .mirroring, scale: scale))]
    var time: UInt64 = 1
    for value in doubles {
      let geometry = SceneGeometry(
        size: TraceSize(width: value, height: value),
        safeArea: TraceInsets(top: value, leading: 0, bottom: value, trailing: value),
        horizontal: .unspecified, vertical: .compact, verticalBarEdge: .trailing,
        minimumSize: TraceSize(width: value, height: 0))
      events.append(TraceEvent(time: time, .geometry(scene: scene, geometry)))
      events.append(
        TraceEvent(time: time, .scroll(scene: scene, offset: TracePoint(x: -value, y: value), anchor: "")))
      events.append(
        TraceEvent(
          time: time,
          .regions(
            scene: scene,
            [
              ReservedRegion(
                kind: .occlusion, frame: TraceRect(x: -value, y: value, width: value, height: value),
                isActive: true)
            ])))
      time += 1
    }
    let long = String(repeating: "ab", count: 30_000)
    events += [
      TraceEvent(time: time, .marker("")),
      TraceEvent(time: time, .marker(long)),
      TraceEvent(time: time, .marker("접힘 → 펼침 📱 e\u{301}")),
      TraceEvent(time: time, .selection(scene: scene, item: "항목-7")),
      TraceEvent(time: time, .hinge(HingeState(status: .unknown, angle: nil))),
      TraceEvent(time: time, .hinge(HingeState(status: .fullyOpen, angle: 180))),
      TraceEvent(time: time, .hinge(HingeState(status: .closed, angle: .leastNonzeroMagnitude))),
      TraceEvent(time: time, .regions(scene: scene, [])),
      TraceEvent(time: UInt64.max - 1, .dropped(count: .max)),
      TraceEvent(time: UInt64.max, .sceneDisconnected(scene: scene)),
    ]
    let bytes = try TraceSamples.bytes(events)
    let read = try TraceReader.readAll(bytes: bytes, name: "extremes").events
    #expect(read.count == events.count)
    #expect(read == events)
    #expect(read.map(dumped) == events.map(dumped))
    #expect(dumped(TraceEvent(time: 0, .marker("\(-0.0)"))) != dumped(TraceEvent(time: 0, .marker("\(0.0)"))))
  }

  /// Compact doubles: multiples of 1/3 pt on a 3× scene cost a few bytes, not 9.
  @Test func pixelAlignedGeometryIsCompact() throws {
    let events = TraceSamples.scrolling(count: 1000)
    let reader = try TraceReader(
      bytes: try TraceSamples.bytes(events, policy: FlushPolicy(maxSpan: .max)), name: "m")
    let frame = try #require(try reader.nextFrame())
    #expect(frame.events == events)
    // tag 1 + delta 4 + length 1 + scene 1 + x 1 + y ≤ 3 + anchor ≤ 8: ≤ 19 bytes; raw doubles need 33.
    #expect(frame.contentSize <= 1000 * 19)
    #expect(frame.contentSize >= 1000 * 12)
  }

  @Test func keyframesCarryTheStateAtEachFrameStart() throws {
    var events = TraceSamples.everyKind.dropLast()  // keep the scene connected
    events.append(TraceEvent(time: 2_000_000_000, .marker("later")))
    events.append(TraceEvent(time: 4_000_000_000, .marker("later still")))
    let reader = try TraceReader(bytes: try TraceSamples.bytes(Array(events)), name: "m")
    let (frames, error) = TraceSamples.readFrames(reader)
    #expect(error == nil)
    #expect(frames.map(\.events.count) == [14, 1, 1])
    #expect(frames[0].keyframe.isEmpty)
    let expected: [TraceEvent.Payload] = [
      events[2].payload,  // hinge
      events[0].payload,  // connected
      events[1].payload,  // geometry
      events[4].payload,  // traits
      events[3].payload,  // regions
      events[13].payload,  // last scroll
      events[8].payload,  // last selection (none)
      events[11].payload,  // last layout
    ]
    #expect(frames[1].keyframe.map(\.payload) == expected)
    #expect(frames[1].keyframe.allSatisfy { $0.time == 2_000_000_000 })
    #expect(frames[2].keyframe == frames[1].keyframe.map { TraceEvent(time: 4_000_000_000, $0.payload) })
  }
}

/// An event's full dump: doubles print in their shortest round-trip form, so −0.0 and 0.0, and every
/// subnormal, differ.
func dumped(_ event: TraceEvent) -> String {
  var text = ""
  dump(event, to: &text)
  return text
}
