import FoldReplay
import FoldTrace
import Testing

@Suite struct SeekTests {
  @Test(arguments: TraceScript.all.map(\.0))
  func seekingToAnyKeyframeGivesTheStateOfAFullReplay(_ name: String) throws {
    let script = TraceScript.all.first { $0.0 == name }!.1
    let (frames, mismatches) = try seekMismatches(
      bytes: try traceBytes(script), configuration: testConfiguration())
    #expect(frames >= 3)
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test func aSeekThatDropsTheKeyframeIsCaught() throws {
    // Power check: starting at a frame without its keyframe loses the connected scenes.
    let bytes = try traceBytes(.duoOpening)
    let reader = try TraceReader(bytes: bytes, name: "seek")
    _ = try reader.nextFrame()
    let second = try #require(try reader.nextFrame())
    #expect(!second.keyframe.isEmpty)
    let blind = Replayer(configuration: testConfiguration(), keyframe: [], eventIndex: 0)
    let seeked = Replayer(configuration: testConfiguration(), keyframe: second.keyframe, eventIndex: 0)
    #expect(blind.session.scenes != seeked.session.scenes)
  }

  @Test func aTraceFileReplaysFrameByFrame() throws {
    let script = TraceScript.hesitantFold
    let path = FileManagerPaths.temporary("hesitant.foldtrace")
    let bytes = try traceBytes(script)
    try FileManagerPaths.write(bytes, to: path)
    let fromFile = try Replayer.replay(path: path, configuration: testConfiguration())
    var fromMemory = Replayer.replay(
      script.events, trace: "hesitant.foldtrace", configuration: testConfiguration())
    // The file's summary names its path, for slice commands; the events' only their name.
    #expect(fromFile.summary.tracePath == path)
    #expect(fromMemory.summary.tracePath == "hesitant.foldtrace")
    fromMemory.summary.tracePath = path
    #expect(fromFile.summary == fromMemory.summary)
    #expect(fromFile.summary.trace == "hesitant.foldtrace")
    #expect(fromFile.summary.events == script.events.count)
  }
}
