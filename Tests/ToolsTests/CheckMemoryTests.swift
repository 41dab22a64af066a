import FoldReplay
import FoldTrace
import Foundation
import Testing

/// `check` holds per scene the motion of the elements of its latest layout and latest presented sample,
/// and at most 20 failures per check (all counted): a trace whose layouts or presented samples each
/// brought 256 new element ids kept every id ever seen (670 kB: 222 MB and 27.6 s in a release build),
/// and a trace of 300 000 flapping layouts kept 299 998 failures (8.6 kB: 479 MB).
@Suite struct CheckMemoryTests {
  /// Scene 1 connects at 0 s on a 390 × 844 pt compact-regular display.
  static func opening() -> [TraceEvent] {
    [
      TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .external, scale: 3)),
      TraceEvent(
        time: 0,
        .geometry(
          scene: SceneID(1),
          SceneGeometry(
            size: TraceSize(width: 390, height: 844),
            safeArea: TraceInsets(top: 47, leading: 0, bottom: 34, trailing: 0), horizontal: .compact,
            vertical: .regular))),
    ]
  }

  /// `count` events, each naming 256 element ids (40-character) never named before, 10 × 10 pt each at
  /// (j, j) for the j-th: layouts 1 ms apart, or presented samples 8.3 ms apart at opacity 0.5.
  static func freshIDs(count: Int, presented: Bool) -> [TraceEvent] {
    var events = opening()
    let padding = String(repeating: "q", count: 40)
    for index in 0..<count {
      let ids = (0..<256).map { (j: $0, id: "e\(index * 256 + $0)-\(padding)") }
      if presented {
        let elements = ids.map {
          PresentedElement(
            id: $0.id, frame: TraceRect(x: Double($0.j), y: Double($0.j), width: 10, height: 10), opacity: 0.5
          )
        }
        events.append(TraceEvent(time: UInt64(index) * 8_333_333, .presented(scene: SceneID(1), elements)))
      } else {
        let elements = ids.map {
          RecordedElement(
            id: $0.id, frame: TraceRect(x: Double($0.j), y: Double($0.j), width: 10, height: 10),
            isInteractive: true)
        }
        let layout = RecordedLayout(
          shape: "s\(index)", presentation: "p\(index)", columns: 2, elements: elements)
        events.append(TraceEvent(time: UInt64(index) * 1_000_000, .layout(scene: SceneID(1), layout)))
      }
    }
    return events
  }

  /// 300 layouts of 256 new element ids each (76 800 ids) pass within a 32 MB data segment: only the
  /// latest layout's elements are held.
  @Test func layoutsOfNewElementIdsAreCheckedInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("ids.foldtrace", Self.freshIDs(count: 300, presented: false), version: .v1_1)
    let result = try fixture.run(["check", "--json", "ids.foldtrace"], dataLimitKiB: 32_768)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.text
        == "{\"kind\":\"summary\",\"trace\":\"ids.foldtrace\",\"events\":302,\"verdict\":\"pass\",\"failures\":[]}\n"
    )
  }

  /// 300 presented samples of 256 new element ids each pass within a 32 MB data segment: only the latest
  /// sample's elements (none laid out) are held.
  @Test func presentedSamplesOfNewElementIdsAreCheckedInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("ids.foldtrace", Self.freshIDs(count: 300, presented: true), version: .v1_1)
    let result = try fixture.run(["check", "--json", "ids.foldtrace"], dataLimitKiB: 32_768)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.text
        == "{\"kind\":\"summary\",\"trace\":\"ids.foldtrace\",\"events\":302,\"verdict\":\"pass\",\"failures\":[]}\n"
    )
  }

  /// `count` layouts 1 µs apart on a 900 × 700 pt regular-regular display whose columns alternate
  /// 5, 3, 5, …: every layout after the second flaps back.
  static func flapping(count: Int) -> [TraceEvent] {
    var events: [TraceEvent] = [
      TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .internal, scale: 3)),
      TraceEvent(
        time: 0,
        .geometry(
          scene: SceneID(1),
          SceneGeometry(
            size: TraceSize(width: 900, height: 700),
            safeArea: TraceInsets(top: 0, leading: 0, bottom: 0, trailing: 0),
            horizontal: .regular, vertical: .regular))),
    ]
    for index in 0..<count {
      let layout = RecordedLayout(shape: "regularWide", columns: index % 2 == 1 ? 3 : 5, elements: [])
      events.append(TraceEvent(time: 1_000 + UInt64(index) * 1_000, .layout(scene: SceneID(1), layout)))
    }
    return events
  }

  /// 40 000 flapping layouts are 39 998 failures: all counted, 20 kept, within a 32 MB data segment for
  /// the table, JSON Lines and the report page alike.
  @Test func aTraceOfManyFailuresKeepsTwentyPerCheckAndCountsAll() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("odd.foldtrace", Self.flapping(count: 40_000), version: .v1_1)
    let table = try fixture.run(["check", "odd.foldtrace"], dataLimitKiB: 32_768)
    #expect(table.status == 1, "\(table.stderr)")
    #expect(table.text.contains("FAIL (39998)"), "\(table.text.prefix(2_000))")
    #expect(table.text.contains("odd.foldtrace: 39998 failures"), "\(table.text.prefix(2_000))")
    #expect(table.text.contains("  … and 39988 more"), "\(table.text.prefix(2_000))")
    let json = try fixture.run(["check", "--json", "odd.foldtrace"], dataLimitKiB: 32_768)
    #expect(json.status == 1, "\(json.stderr)")
    #expect(json.text.components(separatedBy: "{\"check\":\"flapping\"").count - 1 == 20)
    #expect(json.text.contains(",\"failureCount\":39998}"), "\(json.text.suffix(200))")
    let report = try fixture.run(["check", "--report", "page", "odd.foldtrace"], dataLimitKiB: 32_768)
    #expect(report.status == 1, "\(report.stderr)")
    let page = String(decoding: try fixture.bytes(of: "page/index.html"), as: UTF8.self)
    #expect(page.contains("39998 failures (20 kept by the checks):"), "\(page.prefix(2_000))")
  }

  /// `count` layouts 20 ms apart that move one interactive element, whose id is 256 characters long,
  /// between x = 0 and x = 500 pt, each presented at its new frame at the next refresh (8 ms later): a
  /// cut, one frameJump failure per layout after the first. With `regions`, the element rests instead
  /// and each of `count` regions events 200 ms apart records a division through it of a new height:
  /// one reservedRegion failure per event, each found when the next event (or the end) closes it.
  static func repeatedFailures(count: Int, regions: Bool) -> [TraceEvent] {
    var events = opening()
    let id = String(repeating: "j", count: 256)
    func layout(x: Double) -> RecordedLayout {
      RecordedLayout(
        shape: "compactTall", presentation: "stack", columns: 1,
        elements: [
          RecordedElement(id: id, frame: TraceRect(x: x, y: 100, width: 44, height: 44), isInteractive: true)
        ])
    }
    if regions {
      events.append(TraceEvent(time: 1_000_000, .layout(scene: SceneID(1), layout(x: 0))))
      for index in 0..<count {
        let division = ReservedRegion(
          kind: .division, frame: TraceRect(x: 20, y: 0, width: 2, height: 200 + Double(index)),
          isActive: true)
        events.append(
          TraceEvent(time: 200_000_000 * UInt64(index + 1), .regions(scene: SceneID(1), [division])))
      }
      return events
    }
    for index in 0..<count {
      let time = 1_000_000 + UInt64(index) * 20_000_000
      let x = index % 2 == 0 ? 0.0 : 500
      events.append(TraceEvent(time: time, .layout(scene: SceneID(1), layout(x: x))))
      let element = PresentedElement(
        id: id, frame: TraceRect(x: x, y: 100, width: 44, height: 44), opacity: 1)
      events.append(TraceEvent(time: time + 8_000_000, .presented(scene: SceneID(1), [element])))
    }
    return events
  }

  /// A failure is reported once per element and target (frameJump, overshoot) or per element, frame
  /// and region (reservedRegion): the checker remembered each such failure by a key for the whole
  /// trace, 100 000 keys of 300 bytes for these traces (about 48 MB); now only for the latest targets,
  /// layout and regions, and the check fits in a 32 MB data segment.
  @Test(arguments: [false, true])
  func failuresReportedOnceAreRememberedInBoundedMemory(regions: Bool) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace(
      "cuts.foldtrace", Self.repeatedFailures(count: 100_000, regions: regions), version: .v1_1)
    let result = try fixture.run(["check", "--json", "cuts.foldtrace"], dataLimitKiB: 32_768)
    #expect(result.status == 1, "\(result.stderr)")
    let check = regions ? "reservedRegion" : "frameJump"
    #expect(result.text.components(separatedBy: "{\"check\":\"\(check)\"").count - 1 == 20)
    let count = regions ? 100_000 : 99_999
    #expect(result.text.contains(",\"failureCount\":\(count)}"), "\(result.text.suffix(200))")
  }

  /// A jump is reported once per target however often the element jumps before its next target; a
  /// resting element once per frame and region while the region stays recorded (active or not): a
  /// division recorded away and back is a new failure.
  @Test func failuresAreReportedOncePerTargetOrRestingPlace() {
    let id = "action.archive"
    func element(_ x: Double) -> TraceRect { TraceRect(x: x, y: 100, width: 44, height: 44) }
    func layout(_ x: Double) -> RecordedLayout {
      RecordedLayout(elements: [RecordedElement(id: id, frame: element(x), isInteractive: true)])
    }
    var jumps = Self.opening()
    jumps.append(TraceEvent(time: 1_000_000, .layout(scene: SceneID(1), layout(0))))
    jumps.append(TraceEvent(time: 21_000_000, .layout(scene: SceneID(1), layout(500))))
    for (index, x) in [500.0, 0, 500].enumerated() {
      let sample = PresentedElement(id: id, frame: element(x), opacity: 1)
      jumps.append(
        TraceEvent(time: 29_000_000 + UInt64(index) * 8_000_000, .presented(scene: SceneID(1), [sample])))
    }
    let jumped = RecordingChecker.check(jumps, trace: "jumps.foldtrace")
    #expect(jumped.failures.map(\.check) == [.frameJump])
    #expect(jumped.failures.first?.eventIndex == 4)
    func division(_ x: Double, active: Bool = true) -> [ReservedRegion] {
      [ReservedRegion(kind: .division, frame: TraceRect(x: x, y: 0, width: 2, height: 844), isActive: active)]
    }
    var rests = Self.opening()
    rests.append(TraceEvent(time: 1_000_000, .regions(scene: SceneID(1), division(20))))
    rests.append(TraceEvent(time: 2_000_000, .layout(scene: SceneID(1), layout(0))))
    for (index, regions) in [
      division(20), division(300), division(20), division(20, active: false), division(20),
    ]
    .enumerated() {
      rests.append(TraceEvent(time: 500_000_000 * UInt64(index + 1), .regions(scene: SceneID(1), regions)))
    }
    let rested = RecordingChecker.check(rests, trace: "rests.foldtrace")
    #expect(rested.failures.map(\.check) == [.reservedRegion, .reservedRegion])
    #expect(rested.failures.map(\.time) == [2_000_000, 1_500_000_000])
  }

  /// The checker's summary counts every failure, keeps the first 20 of a check and groups them all.
  @Test func theCheckerKeepsTwentyFailuresPerCheck() {
    let summary = RecordingChecker.check(Self.flapping(count: 1_000), trace: "odd.foldtrace")
    #expect(summary.failureCount == 998)
    #expect(summary.failures.count == 20)
    #expect(summary.failures.allSatisfy { $0.check == .flapping })
    #expect(summary.failures.first?.eventIndex == 4)
    #expect(summary.failures.last?.eventIndex == 23)
    #expect(summary.failureGroups.count == 1)
    #expect(summary.failureGroups.first?.count == 998)
  }
}
