import FoldTrace
import Foundation
import Testing

@testable import tracecat

/// What `export --chrome` keeps of scenes that left, and the process ids it gives scenes.
@Suite struct ChromeTraceExporterTests {
  static let millisecond: UInt64 = 1_000_000

  /// Scenes 1, 2 and 3 connect on the external display one after another; then scene 3 and scene 1
  /// reconnect on the internal display.
  static func reconnectingEvents() -> [TraceEvent] {
    var events: [TraceEvent] = []
    for (index, (scene, display)) in [
      (1, DisplayRole.external), (2, .external), (3, .external), (3, .internal),
      (1, .internal),
    ].enumerated() {
      let start = UInt64(index) * 200 * millisecond
      let id = SceneID(UInt32(scene))
      events += [
        TraceEvent(time: start, .sceneConnected(scene: id, display: display, scale: 3)),
        TraceEvent(
          time: start,
          .geometry(
            scene: id,
            SceneGeometry(size: TraceSize(width: 390, height: 844), horizontal: .compact, vertical: .regular))
        ),
        TraceEvent(time: start + 100 * millisecond, .sceneDisconnected(scene: id)),
      ]
    }
    return events
  }

  /// The export's event lines.
  static func export(_ path: String, namedLimit: Int) throws -> [String] {
    var bytes: [UInt8] = []
    try ChromeTraceExporter.write(
      reading: try TraceInput(path), filter: EventFilter(), title: "re.foldtrace", namedLimit: namedLimit
    ) { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
      String($0.hasSuffix(",") ? $0.dropLast() : $0[...])
    }
  }

  /// Past the limit, a scene that disconnects is forgotten: when it comes back its process is named
  /// afresh, for its new display only, with its threads. Scenes within the limit keep the displays they
  /// used. A limit of 2 shows what the default of 100 000 does to the 100 001st scene.
  @Test func pastTheLimitADisconnectedSceneIsForgotten() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("re.foldtrace", Self.reconnectingEvents())
    let path = fixture.directory.appendingPathComponent("re.foldtrace").path
    let limited = try Self.export(path, namedLimit: 2)
    let kept = try Self.export(path, namedLimit: ChromeTraceExporter.namedLimit)
    #expect(ChromeTraceExporter.namedLimit == 100_000)
    func processNames(_ lines: [String]) -> [String] {
      lines.filter { $0.contains(#""name":"process_name""#) }
    }
    func processName(_ name: String, pid: Int) -> String {
      #"{"args":{"name":"\#(name)"},"name":"process_name","ph":"M","pid":\#(pid),"tid":0,"ts":0}"#
    }
    #expect(
      processNames(limited) == [
        processName("device — re.foldtrace", pid: 1), processName("scene 1 (external)", pid: 1001),
        processName("scene 2 (external)", pid: 1002), processName("scene 3 (external)", pid: 1003),
        processName("scene 3 (internal)", pid: 1003), processName("scene 1 (external, internal)", pid: 1001),
      ])
    #expect(
      processNames(kept).suffix(2) == [
        processName("scene 3 (external, internal)", pid: 1003),
        processName("scene 1 (external, internal)", pid: 1001),
      ])
    // Named afresh: scene 3's sort index and 11 threads are written again, just before its second
    // connection's events; nothing else differs.
    let renamed = limited.filter { $0.contains(#""pid":1003"#) && $0.contains(#""ph":"M""#) }
    #expect(renamed.count == 2 * 13)
    #expect(renamed.filter { $0.contains(#""name":"thread_name""#) }.count == 22)
    var difference = limited
    for line in kept {
      if let index = difference.firstIndex(of: line) { difference.remove(at: index) }
    }
    #expect(difference == Array(renamed[13...]))
    // Each connection writes its width afresh either way: 5 samples at the 5 connections.
    let widths = limited.filter { $0.contains(#""name":"width""#) }
    #expect(widths.count == 5)
  }

  /// A scene forgotten past the limit is forgotten whole, whether its app threads were named with the
  /// rest: when it comes back with app output, they are named afresh with its process. Scenes within
  /// the limit name them once. (A set of every scene whose app threads were named, never trimmed, grew
  /// by a scene id for each scene of the trace.)
  @Test func pastTheLimitAForgottenSceneNamesItsAppThreadsAfresh() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var events: [TraceEvent] = []
    for event in Self.reconnectingEvents() {
      events.append(event)
      if case .geometry(let scene, _) = event.payload {
        events.append(
          TraceEvent(
            time: event.time, .layout(scene: scene, RecordedLayout(shape: "compactTall", elements: []))))
      }
    }
    try fixture.trace("app.foldtrace", events, version: .v1_1)
    let path = fixture.directory.appendingPathComponent("app.foldtrace").path
    let limited = try Self.export(path, namedLimit: 2)
    let kept = try Self.export(path, namedLimit: ChromeTraceExporter.namedLimit)
    func appThreadNames(_ lines: [String], pid: Int) -> [String] {
      lines.filter { $0.contains(#""pid":\#(pid),"tid":1"#) && $0.contains(#""name":"thread_name""#) }
        .filter { $0.contains(#""name":"app "#) }
    }
    func appThread(_ name: String, pid: Int, tid: Int) -> String {
      #"{"args":{"name":"\#(name)"},"name":"thread_name","ph":"M","pid":\#(pid),"tid":\#(tid),"ts":0}"#
    }
    let named = [appThread("app layout", pid: 1003, tid: 13), appThread("app animating", pid: 1003, tid: 14)]
    #expect(appThreadNames(limited, pid: 1003) == named + named)
    #expect(appThreadNames(kept, pid: 1003) == named)
    for pid in [1001, 1002] {
      #expect(appThreadNames(limited, pid: pid).count == 2)
      #expect(appThreadNames(kept, pid: pid).count == 2)
    }
    // Each connection's decision is a slice on the app layout thread, limit or not.
    for lines in [limited, kept] {
      #expect(lines.filter { $0.contains(#""cat":"app""#) && $0.contains(#""tid":13"#) }.count == 5)
    }
  }

  /// A scene's pid is 1000 + its id modulo 2³²: every pid fits Perfetto's unsigned 32 bits, and scenes
  /// with distinct ids keep distinct pids (scene 2³² − 1 was pid 4 294 968 295, beyond them).
  @Test func scenePIDsFitThirtyTwoBits() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let ids: [UInt32] = [1, 4_294_966_295, 4_294_966_296, 4_294_967_295]
    var events: [TraceEvent] = []
    for (index, id) in ids.enumerated() {
      let time = UInt64(index) * Self.millisecond
      events += [
        TraceEvent(time: time, .sceneConnected(scene: SceneID(id), display: .external, scale: 3)),
        TraceEvent(
          time: time,
          .geometry(
            scene: SceneID(id),
            SceneGeometry(size: TraceSize(width: 390, height: 844), horizontal: .compact, vertical: .regular))
        ),
      ]
    }
    try fixture.trace("ids.foldtrace", events)
    let result = try fixture.run(["export", "--chrome", "ids.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    let names = result.text.matches(
      of: /"name":"(scene \d+) \(external\)"\},"name":"process_name","ph":"M","pid":(\d+),/
    )
    .map { "\($0.1) \($0.2)" }
    #expect(
      names == [
        "scene 1 1001", "scene 4294966295 4294967295", "scene 4294966296 0", "scene 4294967295 999",
      ])
    let sortIndexes = result.text.matches(
      of: /"sort_index":(\d+)\},"name":"process_sort_index","ph":"M","pid":(\d+),/
    )
    .map { "\($0.1) \($0.2)" }
    #expect(sortIndexes == ["0 1", "1 1001", "4294966295 4294967295", "4294966296 0", "4294967295 999"])
    #expect(ChromeTraceExporter.pid(of: SceneID(4_294_966_297)) == ChromeTraceExporter.devicePID)
    #expect(ChromeTraceExporter.pid(of: SceneID(0)) == 1000)
  }
}
