import Foundation
import Testing

@testable import FoldTrace

/// Format 1.1: `layout`, `presented` and `scroll`'s `anchorTop`, in both forms, and what a 1.0 reader
/// makes of them.
@Suite struct RecordedOutputFormatTests {
  static let scene = SceneID(1)

  /// Ten elements sliding and fading in for `samples` refreshes at 120 Hz, rounded as the recorder
  /// rounds them, after a connection and a layout.
  static func animation(samples: Int = 120) -> [TraceEvent] {
    var events = [
      TraceEvent(time: 0, .sceneConnected(scene: scene, display: .internal, scale: 3)),
      TraceEvent(
        time: 1,
        .layout(
          scene: scene,
          RecordedLayout(
            shape: "regularWide", presentation: "split", columns: 2,
            elements: (0..<10).map {
              RecordedElement(
                id: "cell-\($0)", frame: TraceRect(x: 520, y: Double($0) * 88, width: 500, height: 88),
                isInteractive: true)
            }))),
    ]
    for k in 1...samples {
      let progress = 1 - exp(-Double(k) / 12)  // a critically damped approach
      events.append(
        TraceEvent(
          time: UInt64(k) * 8_333_333,
          .presented(
            scene: scene,
            (0..<10).map { i in
              PresentedElement(
                id: "cell-\(i)",
                frame: TraceRect(
                  x: 0.731 + 519.269 * progress, y: Double(i) * 88 + 0.37 * (1 - progress), width: 500,
                  height: 88), opacity: 0.2 + 0.8 * progress
              ).quantized()
            })))
    }
    return events
  }

  @Test func recordedOutputRoundTripsBitForBit() throws {
    let events = Self.animation()
    let bytes = try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 2_000, maxSpan: .max))
    let (header, read) = try TraceReader.readAll(bytes: bytes, name: "mem")
    #expect(header.version == .v1_1)
    #expect(read == events)
  }

  /// The issue's budget: a presented sample of ten elements costs a few bytes per element after
  /// compression.
  @Test func aTenElementSampleCostsAFewBytesPerElement() throws {
    let samples = 600
    let events = Self.animation(samples: samples)
    let without = try TraceSamples.bytes(Array(events.prefix(2)), policy: .archive)
    let with = try TraceSamples.bytes(events, policy: .archive)
    let perElement = Double(with.count - without.count) / Double(samples * 10)
    #expect(perElement < 4, "\(perElement) bytes per element after compression")
    #expect(perElement > 0.1)
  }

  /// A slice or a later frame starts from the app's last layout: the keyframe carries it.
  @Test func keyframesCarryTheLastLayout() throws {
    let events = Self.animation(samples: 40)
    let bytes = try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 500, maxSpan: .max))
    let reader = try TraceReader(bytes: bytes, name: "mem")
    var frames = 0
    while let frame = try reader.nextFrame() {
      frames += 1
      if frames > 1 {
        #expect(frame.keyframe.last?.payload == events[1].payload)
      }
    }
    #expect(frames > 2)
  }

  @Test func aFormat1_0ReaderSkipsAndCountsTheNewKinds() throws {
    var events = Self.animation(samples: 5)
    events.append(
      TraceEvent(
        time: 900_000_000,
        .scroll(scene: Self.scene, offset: TracePoint(x: 0, y: 300), anchor: "cell-3", anchorTop: 12.5)))
    let bytes = try TraceSamples.bytes(events)
    let (read, unknown) = try TraceReader.$readsFormat1_1.withValue(false) {
      let reader = try TraceReader(bytes: bytes, name: "mem")
      var read: [TraceEvent] = []
      while let frame = try reader.nextFrame() { read += frame.events }
      return (read, reader.unknownEventCount)
    }
    #expect(unknown == 6)  // one layout, five presented samples
    #expect(
      read == [
        events[0],
        TraceEvent(
          time: 900_000_000, .scroll(scene: Self.scene, offset: TracePoint(x: 0, y: 300), anchor: "cell-3")),
      ])
  }

  @Test func aFormat1_0HeaderRefusesTheNewKinds() throws {
    let header = TraceHeader(version: .v1_0, device: "d", app: "a", recorder: "r")
    let writer = try TraceWriter(header: header)
    try writer.append(TraceEvent(time: 0, .sceneConnected(scene: Self.scene, display: .internal, scale: 3)))
    #expect(throws: TraceError.self) { try writer.append(Self.animation()[1]) }
    let anchored = TraceEvent(
      time: 1, .scroll(scene: Self.scene, offset: .zero, anchor: "a", anchorTop: 0))
    do {
      try writer.append(anchored)
      Issue.record("a 1.0 writer took an anchorTop")
    } catch {
      #expect("\(error)".contains("needs trace format 1.1 and the header declares 1.0"))
    }
    try writer.append(TraceEvent(time: 2, .scroll(scene: Self.scene, offset: .zero, anchor: "a")))
  }

  @Test func jsonLinesFormIsTheIssuesForm() throws {
    let layout = TraceEvent(
      time: 5,
      .layout(
        scene: Self.scene,
        RecordedLayout(
          shape: "regularWide", presentation: "split", columns: 2,
          elements: [
            RecordedElement(
              id: "action.compose", frame: TraceRect(x: 464, y: 716, width: 44, height: 44),
              isInteractive: true)
          ])))
    let layoutLine =
      #"{"t":5,"kind":"layout","scene":1,"shape":"regularWide","presentation":"split","columns":2,"#
      + #""elements":[{"id":"action.compose","frame":[464,716,44,44],"interactive":true}]}"#
    #expect(TraceJSONLines.encode(event: layout) == layoutLine)
    let bare = TraceEvent(time: 6, .layout(scene: Self.scene, RecordedLayout(elements: [])))
    #expect(TraceJSONLines.encode(event: bare) == #"{"t":6,"kind":"layout","scene":1,"elements":[]}"#)
    let presented = TraceEvent(
      time: 7,
      .presented(
        scene: Self.scene,
        [PresentedElement(id: "a", frame: TraceRect(x: 420.5, y: 716, width: 44, height: 44), opacity: 0.5)]))
    let presentedLine =
      #"{"t":7,"kind":"presented","scene":1,"elements":[{"id":"a","frame":[420.5,716,44,44],"opacity":0.5}]}"#
    #expect(TraceJSONLines.encode(event: presented) == presentedLine)
    let scroll = TraceEvent(
      time: 8, .scroll(scene: Self.scene, offset: TracePoint(x: 0, y: 10), anchor: "i", anchorTop: -3.25))
    let scrollLine = #"{"t":8,"kind":"scroll","scene":1,"offset":[0,10],"anchor":"i","anchorTop":-3.25}"#
    #expect(TraceJSONLines.encode(event: scroll) == scrollLine)
    for (event, line) in [(layout, layoutLine), (presented, presentedLine), (scroll, scrollLine)] {
      #expect(try TraceJSONLines.decode(line: line, lineNumber: 1) == .event(event))
    }
  }

  @Test func aFormat1_0JSONLinesHeaderWithANewKindNamesTheLine() throws {
    let header = #"{"kind":"header","version":"1.0","device":"d","app":"a","recorder":"r"}"#
    let connected = #"{"t":0,"kind":"sceneConnected","scene":1,"display":"internal","scale":3}"#
    let cases = [
      (#"{"t":1,"kind":"layout","scene":1,"elements":[]}"#, "kind", #"a "layout" event"#),
      (#"{"t":1,"kind":"presented","scene":1,"elements":[]}"#, "kind", #"a "presented" event"#),
      (
        #"{"t":1,"kind":"scroll","scene":1,"offset":[0,0],"anchorTop":1}"#, "anchorTop",
        "a scroll event's anchorTop"
      ),
    ]
    for (line, field, what) in cases {
      let document = [header, connected, "", line].joined(separator: "\n")
      #expect(
        throws: TraceJSONLinesError(
          line: 4, field: field, reason: "\(what) needs trace format 1.1; the header declares 1.0")
      ) { try TraceJSONLines.decode(document: document) }
      let newer = document.replacingOccurrences(of: #""version":"1.0""#, with: #""version":"1.1""#)
      #expect(try TraceJSONLines.decode(document: newer).events.count == 2)
    }
  }

  @Test func malformedRecordedOutputIsRefused() throws {
    #expect(throws: TraceJSONLinesError.self) {
      try TraceJSONLines.decode(
        line: #"{"t":1,"kind":"layout","scene":1,"columns":0,"elements":[]}"#, lineNumber: 1)
    }
    let writer = try TraceWriter(header: TraceSamples.header)
    let bad: [TraceEvent.Payload] = [
      .presented(
        scene: Self.scene,
        [PresentedElement(id: "a", frame: TraceRect(x: 0, y: 0, width: 1, height: 1), opacity: 1.5)]),
      .presented(
        scene: Self.scene, [PresentedElement(id: "a", frame: TraceRect(x: .nan, y: 0, width: 1, height: 1))]),
      .layout(
        scene: Self.scene,
        RecordedLayout(elements: [
          RecordedElement(id: "a", frame: TraceRect(x: 0, y: 0, width: -1, height: 1), isInteractive: true)
        ])),
      .layout(scene: Self.scene, RecordedLayout(columns: 70_000, elements: [])),
      .presented(
        scene: Self.scene,
        Array(
          repeating: PresentedElement(id: "a", frame: TraceRect(x: 0, y: 0, width: 1, height: 1)), count: 257)
      ),
      .scroll(scene: Self.scene, offset: .zero, anchor: nil, anchorTop: .infinity),
    ]
    for payload in bad {
      #expect(throws: TraceError.self) { try writer.append(TraceEvent(time: 1, payload)) }
      #expect(!RecordValidation.isValid(payload))
    }
  }

  /// An element reference past the frame's table is corruption, reported at the record.
  @Test func aDanglingElementReferenceIsCorruption() throws {
    var body = TraceCrafting.varint(1) + TraceCrafting.varint(1)  // scene 1, one element
    body += TraceCrafting.varint(3) + [0]  // reference 3 in an empty table, empty mask
    let content =
      TraceCrafting.varint(0) + TraceCrafting.varint(0) + TraceCrafting.record(tag: 12, delta: 0, body: body)
    let bytes = TraceCrafting.headerFrame(TraceSamples.header) + TraceCrafting.zstdFrame(content)
    let reader = try TraceReader(bytes: bytes, name: "mem")
    do {
      _ = try reader.nextFrame()
      Issue.record("a dangling reference was read")
    } catch {
      #expect("\(error)".contains("element reference 3 names none of the frame's 0 ids"))
    }
  }

  /// The recorder rounds presented values to the grid and leaves values already on it alone.
  @Test func quantizingKeepsPixelEdgesExact() {
    let element = PresentedElement(
      id: "a", frame: TraceRect(x: 391.0 / 3, y: 0.5, width: 44.000_000_01, height: 1e-9), opacity: 0.371)
    let rounded = element.quantized()
    #expect(rounded.frame.x == 391.0 / 3)
    #expect(rounded.frame.y == 0.5)
    #expect(rounded.frame.width == 44)
    #expect(rounded.frame.height == 0)
    #expect(rounded.opacity == 380.0 / 1024)
  }
}
