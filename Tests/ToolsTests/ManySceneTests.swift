import FoldTrace
import Foundation
import Testing

/// A trace of many distinct scenes that come and go (each connects, reports one geometry and
/// disconnects; a few at once) is read in memory that does not grow with its scenes.
@Suite struct ManySceneMemoryTests {
  /// `stats` lists the first 10 000 scenes by id and counts the rest, as `tracecat replay`'s summary
  /// does: 150 k scenes took 16 MB when every one's 24-byte summary was kept (4 M took 120 MB); the
  /// first 10 000 fit a 12 MB data segment, text and JSON.
  @Test func statsListsTheFirstScenesAndCountsTheRest() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeManySceneTrace("many.foldtrace", count: 150_000)
    let text = try fixture.run(["stats", "many.foldtrace"], dataLimitKiB: 12_288)
    #expect(text.status == 0, "\(text.stderr.prefix(600))")
    let lines = text.text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    #expect(lines.contains("scenes: 150000"), "\(text.text.prefix(600))")
    let scenes = lines.filter { $0.hasPrefix("scene ") }
    #expect(scenes.count == 10_000)
    #expect(scenes.first == "scene 1: external: compactTall (0 changes)")
    #expect(scenes.last == "scene 10000: internal: compactTall (0 changes)")
    // The count follows the last scene listed, indented as the scenes are.
    let last = try #require(lines.firstIndex(of: "scene 10000: internal: compactTall (0 changes)"))
    #expect(lines[last + 1] == "scenes not listed: 140000")
    #expect(text.text.contains("\n  scenes not listed: 140000\ndropped: "))
    let json = try fixture.run(["stats", "--json", "many.foldtrace"], dataLimitKiB: 12_288)
    #expect(json.status == 0, "\(json.stderr.prefix(600))")
    let ends = json.text.hasSuffix(#","unlistedScenes":140000}"# + "\n")
    #expect(ends, "\(json.text.suffix(300))")
    let firstScene = json.text.contains(
      #"{"display":"external","geometryEvents":1,"scene":1,"shapeChanges":0,"shapes":["compactTall"]}"#)
    let lastScene = json.text.contains(
      #"{"display":"internal","geometryEvents":1,"scene":10000,"shapeChanges":0,"shapes":["compactTall"]}]"#)
    #expect(firstScene && lastScene)
    let sceneCount = json.text.components(separatedBy: #""geometryEvents":1,"#).count - 1
    #expect(sceneCount == 10_000)
  }
}

/// `stats` lists the 10 000 lowest scene ids whatever order the scenes come in: 30 000 scenes that
/// connect from the highest id down (the list is cut twice while the trace is read, each time to the
/// lowest ids so far), the last one still connected at the end.
@Suite struct StatsSceneListTests {
  @Test func theLowestIDsAreListedInAnyOrder() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let count = 30_000
    var events: [TraceEvent] = []
    for index in 0..<count {
      let scene = SceneID(UInt32(count - index))
      let time = UInt64(index) * 1_000_000
      let wide = scene.rawValue.isMultiple(of: 3)
      events.append(TraceEvent(time: time, .sceneConnected(scene: scene, display: .window, scale: 2)))
      events.append(
        TraceEvent(
          time: time,
          .geometry(
            scene: scene,
            SceneGeometry(
              size: TraceSize(width: wide ? 1024 : 390, height: 800), horizontal: wide ? .regular : .compact,
              vertical: .regular))))
      if index < count - 1 {
        events.append(TraceEvent(time: time + 500_000, .sceneDisconnected(scene: scene)))
      }
    }
    try fixture.trace("down.foldtrace", events)
    let text = try fixture.run(["stats", "down.foldtrace"])
    #expect(text.status == 0, "\(text.stderr.prefix(600))")
    let lines = text.text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    #expect(lines.contains("scenes: 30000"), "\(text.text.prefix(600))")
    let scenes = lines.filter { $0.hasPrefix("scene ") }
    #expect(scenes.count == 10_000)
    #expect(
      scenes.prefix(3) == [
        "scene 1: window: compactTall (0 changes)", "scene 2: window: compactTall (0 changes)",
        "scene 3: window: regularWide (0 changes)",
      ])
    #expect(scenes.last == "scene 10000: window: compactTall (0 changes)")
    #expect(lines.contains("scenes not listed: 20000"))
    let json = try fixture.run(["stats", "--json", "down.foldtrace"])
    #expect(json.status == 0, "\(json.stderr.prefix(600))")
    let ids = json.text.matches(of: /"scene":(\d+),/).map { Int($0.1) ?? 0 }
    #expect(ids == Array(1...10_000))
    let counted = json.text.contains(#","unlistedScenes":20000}"#)
    #expect(counted)
  }

  /// Under the limit nothing changes: no count line, no `unlistedScenes` key.
  @Test func aTraceUnderTheLimitListsEveryScene() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeManySceneTrace("few.foldtrace", count: 10_000)
    let text = try fixture.run(["stats", "few.foldtrace"])
    #expect(text.status == 0, "\(text.stderr.prefix(600))")
    #expect(text.text.split(separator: "\n").filter { $0.hasPrefix("  scene ") }.count == 10_000)
    #expect(!text.text.contains("not listed"))
    let json = try fixture.run(["stats", "--json", "few.foldtrace"])
    #expect(!json.text.contains("unlistedScenes"))
  }
}

/// A scene's connections are summarized as one: its displays' last, its shapes in order of first
/// visit over every connection, its changes and geometry events summed.
@Suite struct ManySceneValueTests {
  @Test func reconnectionsFoldIntoOneSummary() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    // 3 scenes, 4 connections each, widths rotating so each visits both shapes.
    try fixture.writeManySceneTrace("re.foldtrace", count: 3, overlap: 2, reconnecting: 4)
    let result = try fixture.run(["stats", "re.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    let scenes = result.text.split(separator: "\n").filter { $0.hasPrefix("  scene ") }.map {
      $0.split(separator: " ").joined(separator: " ")
    }
    #expect(
      scenes == [
        "scene 1: external: compactTall (0 changes)",
        "scene 2: external: compactTall, regularTall (0 changes)",
        "scene 3: external: compactTall, regularTall, regularWide (0 changes)",
      ], "\(result.text)")
  }
}

/// `export --chrome` forgets a scene once it disconnected and its spans were written, keeping only the
/// displays it used (its process name lists them): 60 k scenes that come and go (about 280 MB when every
/// one stayed whole, 30 MB when each kept its last counter values and a display array) export within a
/// 20 MB data segment.
@Suite struct ManySceneExportTests {
  @Test func exportForgetsDisconnectedScenes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeManySceneTrace("many.foldtrace", count: 60_000)
    let result = try fixture.run(
      ["export", "--chrome", "-o", "many.json", "many.foldtrace"], dataLimitKiB: 20_480)
    #expect(result.status == 0, "\(result.stderr.prefix(600))")
    let json = String(decoding: try fixture.bytes(of: "many.json"), as: UTF8.self)
    let ends = json.hasSuffix("]}\n")
    #expect(ends)
    let names = json.components(separatedBy: #""name":"process_name""#).count - 1
    #expect(names == 60_001)
    let widths = json.components(separatedBy: #""name":"width""#).count - 1
    #expect(widths == 60_000)
    let last = json.contains(#""name":"scene 60000 (internal)""#)
    #expect(last)
  }
}

/// A plot gives each connection a lane, not each scene its whole life: 200 scenes that each connect
/// three times on the external display, never more than 2 at once, plot in exactly 2 lanes (a lane per
/// scene held from its first connection to its last gave 200).
@Suite struct PlotLanePerConnectionTests {
  @Test func reconnectingScenesShareTwoLanes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeManySceneTrace("re.foldtrace", count: 200, overlap: 2, reconnecting: 3)
    let result = try fixture.run(["plot", "-o", "re.svg", "re.foldtrace"])
    #expect(result.status == 0, "\(result.stderr.prefix(600))")
    let svg = String(decoding: try fixture.bytes(of: "re.svg"), as: UTF8.self)
    let lanes = svg.matches(of: /<g id="(display-[a-z0-9-]+)"/).map { String($0.1) }
    #expect(lanes == ["display-external", "display-external-2"])
    // Every connection has its band: 600, titled by its scene.
    let bands = svg.matches(of: #/<title>scene \d+ /#).count
    let grey = svg.matches(of: /<title>(\d+) changes/).map { Int($0.1) ?? 0 }.reduce(0, +)
    #expect(bands + grey >= 600)
    let header = svg.contains("200 scenes on 1 display")
    #expect(header)
  }
}

/// Handovers closer than 4 units gather into one paler line that counts them: 2 000 scenes that take
/// turns on the two displays 1 ms apart draw at most a line per 4 units, not one per handover.
@Suite struct PlotHandoverGatheringTests {
  @Test func closeHandoversGather() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeManySceneTrace("turns.foldtrace", count: 2_000)
    let result = try fixture.run(["plot", "-o", "turns.svg", "turns.foldtrace"])
    #expect(result.status == 0, "\(result.stderr.prefix(600))")
    let svg = String(decoding: try fixture.bytes(of: "turns.svg"), as: UTF8.self)
    let group = try #require(svg.components(separatedBy: "<g class=\"handovers\">").last)
    let handovers = group.components(separatedBy: "</g>")[0]
    let lines = handovers.components(separatedBy: "<line ").count - 1
    #expect(lines > 0 && lines <= 2 * 1_056 / 4 + 2)
    let counted = handovers.matches(of: /<title>(\d+) handovers/).map { Int($0.1) ?? 0 }.reduce(0, +)
    let singles = handovers.components(separatedBy: "<title>handover: ").count - 1
    // Every scene hands over to a scene connecting on the other display within 1 s of its end.
    #expect(counted + singles == 2_000)
  }
}

/// `replay` forgets what its checks keep of a scene once it disconnected (its plans, its flapping runs)
/// and lists the first 10 000 scenes' shapes, counting the rest: 50 k scenes that come and go (about
/// 66 MB of check state per 30 k when every scene kept it, 310 bytes of summary a scene when every one
/// was listed) replay within a 16 MB data segment, every scene counted in the table.
@Suite struct ManySceneReplayTests {
  @Test func replayForgetsDisconnectedScenes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeManySceneTrace("many.foldtrace", count: 50_000)
    let result = try fixture.run(["replay", "many.foldtrace"], dataLimitKiB: 16_384)
    #expect(result.status == 0, "\(result.stderr.prefix(600))")
    let row = result.text.split(separator: "\n").first { $0.hasPrefix("many.foldtrace") }.map {
      $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
    #expect(row?.prefix(4) == ["many.foldtrace", "150000", "50000", "1:cT"], "\(result.text.prefix(600))")
    #expect(row?.suffix(1) == ["pass"])
    let total = result.text.contains("total: 1 trace, 150000 events, 1 passed, 0 failed")
    #expect(total, "\(result.text.suffix(300))")
  }

  /// A scene that disconnects while its elements move never shows a settled sample, where the motion
  /// check used to drop a scene's element tracks: 3 000 scenes that each rotate and leave 50 ms into the
  /// move kept about 4.7 KB of tracks apiece when only rest dropped them (over 20 MB of data; a day of
  /// mixed use, 1.1 M events, kept 4.5 MB). Forgotten at the disconnect, they replay within 16 MB.
  @Test func replayForgetsScenesThatLeaveMidMove() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let count = 3_000
    let writer = try TraceWriter(
      path: fixture.directory.appendingPathComponent("leave.foldtrace").path, header: TracecatFixture.header)
    func geometry(_ scene: SceneID, _ width: Double, _ height: Double, tall: Bool) -> TraceEvent.Payload {
      .geometry(
        scene: scene,
        SceneGeometry(
          size: TraceSize(width: width, height: height),
          safeArea: tall
            ? TraceInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
            : TraceInsets(top: 0, leading: 47, bottom: 21, trailing: 47),
          horizontal: tall ? .compact : .regular, vertical: tall ? .regular : .compact))
    }
    for index in 0..<count {
      // Each scene lives 150 ms of a 200 ms slot: portrait, landscape at 100 ms, gone at 150 ms, while
      // the springs of the rotation still run.
      let scene = SceneID(UInt32(index + 1))
      let start = UInt64(index) * 200_000_000
      try writer.append(TraceEvent(time: start, .sceneConnected(scene: scene, display: .window, scale: 2)))
      try writer.append(TraceEvent(time: start, geometry(scene, 390, 844, tall: true)))
      try writer.append(TraceEvent(time: start + 100_000_000, geometry(scene, 844, 390, tall: false)))
      try writer.append(TraceEvent(time: start + 150_000_000, .sceneDisconnected(scene: scene)))
    }
    try writer.close()
    let result = try fixture.run(["replay", "leave.foldtrace"], dataLimitKiB: 16_384)
    #expect(result.status == 0, "\(result.stderr.prefix(600))")
    let row = result.text.split(separator: "\n").first { $0.hasPrefix("leave.foldtrace") }.map {
      $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
    // Every scene turned from compactTall to regularShort and moved: the largest step is the rotation's.
    #expect(
      row?.prefix(5) == ["leave.foldtrace", "12000", "3000", "1:cT→rS", "2:cT→rS"],
      "\(result.text.prefix(600))")
    #expect(row?.suffix(5) == ["0", "pt", "18.647", "pt", "pass"], "\(result.text.prefix(600))")
    let total = result.text.contains("total: 1 trace, 12000 events, 1 passed, 0 failed")
    #expect(total, "\(result.text.suffix(300))")
  }

  /// A scene that reconnects is laid out afresh and keeps one summary over its connections: 3 scenes,
  /// 4 connections each, widths rotating so each visits the shapes in turn.
  @Test func reconnectionsKeepOneSummary() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeManySceneTrace("re.foldtrace", count: 3, overlap: 2, reconnecting: 4)
    let json = try fixture.run(["replay", "--json", "re.foldtrace"])
    #expect(json.status == 0, "\(json.stderr.prefix(600))")
    let layouts = json.text.split(separator: "\n").filter { $0.contains(#""kind":"layout""#) }
    #expect(layouts.count == 12, "\(json.text.prefix(600))")
    let last = layouts.last.map(String.init) ?? ""
    #expect(
      last.contains(#""scene":3,"event":33,"shape":"regularWide","presentation":"expanded""#), "\(last)")
    let table = try fixture.run(["replay", "re.foldtrace"])
    let row = table.text.split(separator: "\n").first { $0.hasPrefix("re.foldtrace") }.map {
      $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
    #expect(
      row == ["re.foldtrace", "36", "3", "1:cT", "2:cT→rT", "3:cT→rT→rW", "0", "pt", "0", "pt", "pass"])
  }
}

/// `stats` counts markers and dropped-event records as they pass: it kept every one (4 M markers in a
/// 14 KB trace took 121 MB).
@Suite struct MarkerMemoryTests {
  @Test func statsCountsMarkersAndDropsWithoutKeepingThem() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let events = (0..<1_200_000).map { index in
      TraceEvent(time: UInt64(index), index.isMultiple(of: 2) ? .marker("m") : .dropped(count: 3))
    }
    _ = try fixture.trace("marks.foldtrace", events)
    let result = try fixture.run(["stats", "marks.foldtrace"], dataLimitKiB: 24_576)
    #expect(result.status == 0, "\(result.stderr.prefix(600))")
    let lines = result.text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    #expect(lines.contains("marker: 600000"), "\(result.text)")
    #expect(lines.contains("dropped: 1800000 in 600000 records"), "\(result.text)")
    // plot gathers the markers of one grid column into one counted line and keeps no drops.
    let plot = try fixture.run(["plot", "-o", "marks.svg", "marks.foldtrace"], dataLimitKiB: 32_768)
    #expect(plot.status == 0, "\(plot.stderr.prefix(600))")
    let svg = String(decoding: try fixture.bytes(of: "marks.svg"), as: UTF8.self)
    #expect(svg.contains("600000 markers"))
    let group =
      svg.components(separatedBy: "<g class=\"markers\">").last?.components(separatedBy: "</g>")[0] ?? ""
    let markerLines = group.components(separatedBy: "<line ").count - 1
    let counted = group.matches(of: /m \(\+(\d+) more\)/).map { Int($0.1) ?? 0 }.reduce(0, +)
    #expect(markerLines > 0 && markerLines < 2_200, "\(markerLines) marker lines")
    #expect(counted + markerLines == 600_000)
  }
}

/// `plot` keeps what each lane draws, not each scene nor each connection: 300 k scenes that come and go
/// (about 300 MB per 30 k when every scene kept its builders and series, and the plot a band and two
/// paths per connection; more than 32 MB when the lanes kept a 24-byte record of every connection for
/// their scene counts and handover lines, 249 MB for 4 M) plot within a 24 MB data segment, every
/// connection counted in its lane's scene band and every handover in the handover lines, and the size
/// chart gathered to paths bounded by the plot's width.
@Suite struct ManyScenePlotTests {
  @Test func plotForgetsDisconnectedScenes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeManySceneTrace("many.foldtrace", count: 300_000)
    let result = try fixture.run(["plot", "-o", "many.svg", "many.foldtrace"], dataLimitKiB: 24_576)
    #expect(result.status == 0, "\(result.stderr.prefix(600))")
    let svg = String(decoding: try fixture.bytes(of: "many.svg"), as: UTF8.self)
    #expect(svg.hasSuffix("</svg>\n"))
    let header = svg.contains("300000 scenes on 2 displays")
    #expect(header)
    // Two lanes a display (two scenes of a display overlap), each with a quarter of the scenes.
    let lanes = svg.matches(of: /display(?: \(lane 2\))? · scenes [0-9, ]+, … \((\d+)\)/).map {
      Int($0.1) ?? 0
    }
    #expect(lanes == [75_000, 75_000, 75_000, 75_000])
    // Every connection is in a scene band, alone or counted in a grey stretch.
    var connections = 0
    for band in svg.components(separatedBy: "<g class=\"scene-band\">").dropFirst() {
      let group = band.components(separatedBy: "</g>")[0]
      connections += group.matches(of: #/<title>scene \d+ /#).count
      connections += group.matches(of: /<title>(\d+) changes/).map { Int($0.1) ?? 0 }.reduce(0, +)
    }
    #expect(connections == 300_000)
    // Every connection hands over to one on the other display that started within 1 s of its end,
    // gathered into at most a line per 4 units.
    let handovers = try #require(svg.components(separatedBy: "<g class=\"handovers\">").last)
      .components(separatedBy: "</g>")[0]
    let counted = handovers.matches(of: /<title>(\d+) handovers/).map { Int($0.1) ?? 0 }.reduce(0, +)
    let singles = handovers.components(separatedBy: "<title>handover: ").count - 1
    #expect(counted + singles == 300_000)
    #expect(handovers.components(separatedBy: "<line ").count - 1 <= 1_056 / 4 + 1)
    // The size chart draws O(width) paths per lane, not two per connection.
    let paths = svg.components(separatedBy: "class=\"width\"").count - 1
    #expect(paths > 0 && paths <= 4 * 2 * 1_056, "\(paths) width paths")
  }
}

/// A scene filter's note names the trace's lowest scene ids, keeping 13 of them rather than every id
/// seen (a set of 4 M ids, about 40 MB): scenes that come from the highest id down.
@Suite struct SceneCoverageNoteTests {
  @Test func theNoteListsTheLowestScenes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let count: UInt32 = 2_000
    let events = (0..<count).flatMap { index -> [TraceEvent] in
      let scene = SceneID(count - index)
      let time = UInt64(index) * 1_000_000
      return [
        TraceEvent(time: time, .sceneConnected(scene: scene, display: .window, scale: 2)),
        TraceEvent(time: time + 500_000, .sceneDisconnected(scene: scene)),
      ]
    }
    try fixture.trace("down.foldtrace", events)
    for command in [["cat"], ["plot", "-o", "down.svg"]] {
      let result = try fixture.run(command + ["-s", "0,7,2001", "down.foldtrace"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stderr
          == "tracecat: note: down.foldtrace: no scenes 0, 2001 (its scenes: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "
          + "11, 12, …)\n")
    }
  }
}

/// A `--scene` note lists the 12 smallest scenes the trace showed, keeping only those and the named
/// scenes seen, not every scene (a set of millions).
@Suite struct ManySceneCoverageTests {
  @Test func theNoteListsTheSmallestScenes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeManySceneTrace("many.foldtrace", count: 20_000)
    let result = try fixture.run(["cat", "-s", "30000,7", "many.foldtrace"], dataLimitKiB: 16_384)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "tracecat: note: many.foldtrace: no scene 30000 (its scenes: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, "
        + "12, …)\n")
  }
}
