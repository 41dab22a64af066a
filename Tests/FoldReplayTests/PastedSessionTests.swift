import FoldReplay
import FoldReplayTesting
import FoldTrace
import Testing

/// Sessions as a team pastes them from a device log (JSON Lines), judged by the checks on recordings:
/// each planted fault fails with a sentence naming its element or item, and the same session without the
/// fault passes.
@Suite struct PastedSessionTests {
  static let header =
    #"{"kind":"header","version":"1.1","device":"iPhone Duo","app":"Mail 3.2","recorder":"FoldTrace 0.1"}"#

  /// The Duo's internal display, flat, then folded as a book at 1.0 s: the division becomes active and
  /// the app moves its compose button off it with a spring, sampled at 60 Hz with dropped frames.
  static let fold = #"""
    {"t":0,"kind":"sceneConnected","scene":1,"display":"internal","scale":3}
    {"t":0,"kind":"geometry","scene":1,"size":[1040,780],"safeArea":[24,0,20,0],"horizontal":"regular","vertical":"regular","interactive":false}
    {"t":0,"kind":"regions","scene":1,"regions":[{"kind":"division","frame":[520,0,0,780],"active":false}]}
    {"t":10000000,"kind":"layout","scene":1,"shape":"regularWide","presentation":"split","columns":2,"elements":[{"id":"action.compose","frame":[500,716,44,44],"interactive":true},{"id":"list","frame":[0,24,504,736],"interactive":false}]}
    {"t":1000000000,"kind":"hinge","status":"partiallyOpen","angle":120}
    {"t":1000000000,"kind":"regions","scene":1,"regions":[{"kind":"division","frame":[504,0,32,780],"active":true}]}
    {"t":1016000000,"kind":"layout","scene":1,"shape":"regularWide","presentation":"split","columns":2,"elements":[{"id":"action.compose","frame":[448,716,44,44],"interactive":true},{"id":"list","frame":[0,24,504,736],"interactive":false}]}
    {"t":1032666667,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[498.5,716,44,44],"opacity":1}]}
    {"t":1049333333,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[494.93,716,44,44],"opacity":1}]}
    {"t":1066000000,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[490.33,716,44,44],"opacity":1}]}
    {"t":1082666667,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[485.36,716,44,44],"opacity":1}]}
    {"t":1116000000,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[475.79,716,44,44],"opacity":1}]}
    {"t":1132666667,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[471.57,716,44,44],"opacity":1}]}
    {"t":1149333333,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[467.82,716,44,44],"opacity":1}]}
    {"t":1182666667,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[461.72,716,44,44],"opacity":1}]}
    {"t":1216000000,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[457.31,716,44,44],"opacity":1}]}
    {"t":1249333333,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[454.21,716,44,44],"opacity":1}]}
    {"t":1299333333,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[451.31,716,44,44],"opacity":1}]}
    {"t":1349333333,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[449.73,716,44,44],"opacity":1}]}
    {"t":1416000000,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[448.71,716,44,44],"opacity":1}]}
    {"t":1516000000,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[448.18,716,44,44],"opacity":1}]}
    {"t":1616000000,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[448,716,44,44],"opacity":1}]}
    """#

  static func events(_ body: String) throws -> [TraceEvent] {
    try TraceJSONLines.decode(document: header + "\n" + body).events
  }

  @Test func theFoldSessionPasses() throws {
    let summary = assertRecordingPasses(try Self.events(Self.fold), trace: "fold")
    #expect(summary.passed)
    #expect(summary.maximumFrameJump > 4 && summary.maximumFrameJump < 10)
    #expect(summary.scenes.map(\.transitions.count) == [1])
  }

  @Test func aPlantedSnapFailsNamingTheElement() throws {
    // The animation cut short: one refresh after 485.36 the button is on its layout frame.
    var lines = Self.fold.split(separator: "\n").map(String.init)
    let cut = lines.firstIndex { $0.contains("475.79") }!
    lines.removeSubrange(cut..<(lines.count - 1))
    let snap = lines.joined(separator: "\n").replacingOccurrences(of: "1616000000", with: "1099333333")
    let summary = assertRecordingFails(
      try Self.events(snap), with: [(.frameJump, "action.compose")], trace: "snap")
    #expect(
      summary.failures.first?.message
        == "Scene 1, event 11 at 1.099 s, element \"action.compose\": jumped 37.36 pt in one refresh (a snap)"
        + " (frameJump). Expected: at most 7.987 pt in 16.667 ms. Actual: 37.36 pt, from [485.36,716,44,44]"
        + " to [448,716,44,44].")
    // Dropped frames are not a snap: the same step over the half second the frames took passes.
    assertRecordingPasses(try Self.events(lines.joined(separator: "\n")), trace: "dropped frames")
  }

  /// The trace name and the expected element ids a failure quotes are the caller's text: shown escaped,
  /// so no line of the message is forged and no control reaches the terminal.
  @Test func aFailureMessageEscapesTheNamesItQuotes() throws {
    var lines = Self.fold.split(separator: "\n").map(String.init)
    let cut = lines.firstIndex { $0.contains("475.79") }!
    lines.removeSubrange(cut..<(lines.count - 1))
    let snap = lines.joined(separator: "\n").replacingOccurrences(of: "1616000000", with: "1099333333")
    let events = try Self.events(snap)
    let failures = collectReportedFailures {
      assertRecordingFails(events, with: [(.frameJump, "x\u{1B}[2J\ny")], trace: "s\u{202E}nap")
      assertRecordingPasses(events, trace: "p\u{9B}2J")
    }
    #expect(failures.count == 2)
    #expect(failures.first?.message.hasPrefix(#"s\u202enap: the recording's failures differ"#) == true)
    #expect(failures.first?.message.contains(#"frameJump x\u001b[2J\ny"#) == true)
    #expect(failures.last?.message.hasPrefix(#"p\u009b2J: Scene 1"#) == true)
    for failure in failures {
      #expect(!failure.message.unicodeScalars.contains { [0x1B, 0x9B, 0x202E].contains($0.value) })
    }
  }

  /// No animation at all: at the first refresh after the layout the button is already on its new frame,
  /// 52 pt from where it was on screen — a snap measured from the frame it left, reported once.
  @Test func aCutAtTheFirstRefreshFailsAsASnap() throws {
    var lines = Self.fold.split(separator: "\n").prefix(7).map(String.init)
    lines.append(
      #"{"t":1032666667,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[448,716,44,44],"opacity":1}]}"#
    )
    lines.append(
      #"{"t":1049333333,"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[448,716,44,44],"opacity":1}]}"#
    )
    let summary = assertRecordingFails(
      try Self.events(lines.joined(separator: "\n")), with: [(.frameJump, "action.compose")], trace: "cut")
    #expect(summary.failures.count == 1)
    #expect(
      summary.failures.first?.message
        == "Scene 1, event 7 at 1.032 s, element \"action.compose\": jumped 52 pt in one refresh (a snap)"
        + " (frameJump). Expected: at most 7.987 pt in 16.667 ms. Actual: 52 pt, from [500,716,44,44]"
        + " to [448,716,44,44].")
  }

  @Test func aButtonRestingOnTheActiveFoldFails() throws {
    // The app never lays out again after the fold: the button stays across the division.
    let lines = Self.fold.split(separator: "\n").prefix(6).joined(separator: "\n")
    let summary = assertRecordingFails(
      try Self.events(lines), with: [(.reservedRegion, "action.compose")], trace: "on-fold")
    #expect(
      summary.failures.first?.message
        == "Scene 1 at 1.000 s, element \"action.compose\": the interactive element rests on an active division"
        + " (reservedRegion). Expected: clear of the active division [504,0,32,780]. Actual: at rest at"
        + " [500,716,44,44].")
  }

  /// Reading on the closed Duo, then opened: scene 1 hands over to scene 2, which keeps item-42 where it
  /// was (12 pt below the top, within 1 pt).
  static func handover(anchorTop: String) -> String {
    #"""
    {"t":0,"kind":"sceneConnected","scene":1,"display":"external","scale":3}
    {"t":0,"kind":"geometry","scene":1,"size":[480,760],"safeArea":[0,0,20,28],"horizontal":"compact","vertical":"regular","interactive":false,"verticalBarEdge":"trailing"}
    {"t":5000000,"kind":"layout","scene":1,"shape":"compactTall","presentation":"stack","columns":1,"elements":[{"id":"action.compose","frame":[404,696,44,44],"interactive":true}]}
    {"t":900000000,"kind":"scroll","scene":1,"offset":[0,3696],"anchor":"item-42","anchorTop":12}
    {"t":1500000000,"kind":"sceneDisconnected","scene":1}
    {"t":1500000000,"kind":"sceneConnected","scene":2,"display":"internal","scale":3}
    {"t":1500000000,"kind":"geometry","scene":2,"size":[1040,780],"safeArea":[24,0,20,0],"horizontal":"regular","vertical":"regular","interactive":false}
    {"t":1510000000,"kind":"layout","scene":2,"shape":"regularWide","presentation":"split","columns":2,"elements":[{"id":"action.compose","frame":[448,716,44,44],"interactive":true}]}
    {"t":1510000000,"kind":"scroll","scene":2,"offset":[0,1848],"anchor":"item-42","anchorTop":ANCHOR}
    """#.replacingOccurrences(of: "ANCHOR", with: anchorTop)
  }

  @Test func aLostAnchorFailsNamingTheItem() throws {
    assertRecordingPasses(try Self.events(Self.handover(anchorTop: "12.5")), trace: "handover")
    let summary = assertRecordingFails(
      try Self.events(Self.handover(anchorTop: "0")), with: [(.anchor, "item-42")], trace: "lost-anchor")
    #expect(
      summary.failures.first?.message
        == "Scene 2, event 8 at 1.510 s, element \"item-42\": the scroll anchor moved 12 pt across the handover"
        + " from scene 1 (anchor). Expected: anchorTop 12 pt within 1 pt. Actual: 0 pt.")
    #expect(summary.maximumAnchorDrift == 12)
  }

  /// The user scrolls on (a scroll the app did not measure: no `anchorTop`) before the Duo opens: where
  /// item-42 was is no longer known, so its place in the new scene is no lost anchor; nor is its place
  /// after a relayout of the same scene.
  @Test func aScrollWithoutATopForgetsTheAnchor() throws {
    var lines = Self.handover(anchorTop: "0").split(separator: "\n").map(String.init)
    lines.insert(#"{"t":1000000000,"kind":"scroll","scene":1,"offset":[0,3960],"anchor":"item-45"}"#, at: 4)
    assertRecordingPasses(try Self.events(lines.joined(separator: "\n")), trace: "scrolled on")
    let relayout =
      lines.prefix(5) + [
        #"{"t":1200000000,"kind":"layout","scene":1,"shape":"compactTall","presentation":"stack","columns":1,"#
          + #""elements":[{"id":"action.compose","frame":[404,696,44,44],"interactive":true}]}"#,
        #"{"t":1200000000,"kind":"scroll","scene":1,"offset":[0,3700],"anchor":"item-42","anchorTop":300}"#,
      ]
    assertRecordingPasses(try Self.events(relayout.joined(separator: "\n")), trace: "relaid out")
  }

  /// The Duo's hinge passes through partially open and back within 100 ms: the columns follow the
  /// division there and back, which is the input moving back, not flapping. Back without the division
  /// moving back, it is.
  @Test func columnsFollowingTheFoldBackAreNoFlap() throws {
    func regions(_ t: Int, active: Bool) -> String {
      let frame = active ? "[0,504,780,32]" : "[0,520,780,0]"
      return #"{"t":\#(t),"kind":"regions","scene":1,"regions":[{"kind":"division","frame":\#(frame),"#
        + #""active":\#(active)}]}"#
    }
    func layout(_ t: Int, columns: Int) -> String {
      #"{"t":\#(t),"kind":"layout","scene":1,"shape":"regularTall","presentation":"split","#
        + #""columns":\#(columns),"elements":[]}"#
    }
    let start = [
      #"{"t":0,"kind":"sceneConnected","scene":1,"display":"internal","scale":3}"#,
      #"{"t":0,"kind":"geometry","scene":1,"size":[780,1040],"safeArea":[32,0,20,0],"#
        + #""horizontal":"regular","vertical":"regular","interactive":false}"#,
      regions(0, active: false), layout(10_000_000, columns: 1),
      regions(1_000_000_000, active: true), layout(1_000_000_000, columns: 2),
    ]
    let back = start + [regions(1_100_000_000, active: false), layout(1_100_000_000, columns: 1)]
    assertRecordingPasses(try Self.events(back.joined(separator: "\n")), trace: "fold and back")
    let flap = start + [layout(1_100_000_000, columns: 1)]
    assertRecordingFails(
      try Self.events(flap.joined(separator: "\n")), with: [(.flapping, "columns")], trace: "flap")
  }

  /// An iPad window dragged back and forth across 700 pt every 40 ms, regular × regular throughout.
  static func resize(presentations: [String]) -> String {
    let connect = #"{"t":0,"kind":"sceneConnected","scene":1,"display":"window","scale":2}"#
    let rows = presentations.enumerated().map { i, presentation in
      let t = i * 40_000_000
      let width = i.isMultiple(of: 2) ? 702 : 698
      return
        #"{"t":\#(t),"kind":"geometry","scene":1,"size":[\#(width),900],"safeArea":[24,0,20,0],"#
        + #""horizontal":"regular","vertical":"regular","interactive":true}"# + "\n"
        + #"{"t":\#(t + 8_000_000),"kind":"layout","scene":1,"shape":"regularTall","#
        + #""presentation":"\#(presentation)","elements":[]}"#
    }
    return ([connect] + rows).joined(separator: "\n")
  }

  @Test func flappingPanesFailNamingTheDecision() throws {
    assertRecordingPasses(
      try Self.events(Self.resize(presentations: ["split", "split", "split", "split"])), trace: "held")
    let summary = assertRecordingFails(
      try Self.events(Self.resize(presentations: ["split", "stack", "split", "stack"])),
      with: [(.flapping, "presentation"), (.flapping, "presentation")], trace: "flapping")
    #expect(
      summary.failures.first?.message
        == "Scene 1, event 6 at 0.088 s, element \"presentation\": the presentation flapped back to split while"
        + " the size classes held (flapping). Expected: stack held at least 250 ms. Actual: split → stack →"
        + " split after 40 ms.")
  }

  @Test func aShapeThatIgnoresTheSizeClassesFails() throws {
    let wrong = Self.fold.replacingOccurrences(of: #""shape":"regularWide""#, with: #""shape":"regularTall""#)
    let summary = assertRecordingFails(
      try Self.events(wrong), with: [(.shape, nil), (.shape, nil)], trace: "shape")
    #expect(summary.failures.first?.expected == "regularWide")
  }

  @Test func anOvershootAndAMissedRestFail() throws {
    let overshoot = Self.fold.replacingOccurrences(of: "[449.73,", with: "[446.5,")
    assertRecordingFails(try Self.events(overshoot), with: [(.overshoot, "action.compose")], trace: "over")
    let short = Self.fold.replacingOccurrences(
      of: #"[448,716,44,44],"opacity":1}]}"#, with: #"[448.18,716,44,44],"opacity":1}]}"#)
    assertRecordingFails(try Self.events(short), with: [(.endSnap, "action.compose")], trace: "short")
    // Told that the recording was cut there, the checker leaves the move under way unfinished; the
    // overshoot, seen before the cut, still fails.
    #expect(RecordingChecker.check(try Self.events(short), trace: "short", cut: true).failures.isEmpty)
    let overshootCut = RecordingChecker.check(try Self.events(overshoot), trace: "over", cut: true)
    #expect(overshootCut.failures.map(\.check) == [.overshoot])
  }

  /// A `cut` record (`tracecat recover` or `slice --to` wrote it) says the recording stopped there
  /// mid-session: the move under way then is left unfinished, as `finish(cut: true)` leaves it, and a
  /// later part of the recording (a writer that appended) is judged from the frames laid out.
  @Test func aCutRecordLeavesTheMoveUnderWayUnfinished() throws {
    let short = Self.fold.replacingOccurrences(
      of: #"[448,716,44,44],"opacity":1}]}"#, with: #"[448.18,716,44,44],"opacity":1}]}"#)
    let cut = #"{"t":1616000000,"kind":"cut"}"#
    let events = try Self.events(short + "\n" + cut)
    #expect(events.last == TraceEvent(time: 1_616_000_000, .cut))
    #expect(TraceJSONLines.encode(event: events.last!) == cut)
    assertRecordingPasses(events, trace: "short, cut")
    // After the cut the app lays the button out at 900 and shows it there at once: a snap.
    let later =
      #"{"t":2000000000,"kind":"layout","scene":1,"shape":"regularWide","presentation":"split","columns":2,"#
      + #""elements":[{"id":"action.compose","frame":[900,716,44,44],"interactive":true},"#
      + #"{"id":"list","frame":[0,24,504,736],"interactive":false}]}"#
      + "\n" + #"{"t":2016000000,"kind":"presented","scene":1,"elements":[{"id":"action.compose","#
      + #""frame":[900,716,44,44],"opacity":1}]}"#
    let snap = assertRecordingFails(
      try Self.events(short + "\n" + cut + "\n" + later), with: [(.frameJump, "action.compose")],
      trace: "snap after the cut")
    #expect(snap.failures.map(\.time) == [2_016_000_000])
    // Without the cut, the same recording also missed the rest before the snap.
    let uncut = RecordingChecker.check(try Self.events(short + "\n" + later), trace: "uncut")
    #expect(uncut.failures.map(\.check) == [.endSnap, .frameJump])
  }

  @Test func aRetargetNearTheEndKeepsTheMovesStepBound() throws {
    // At 1.300 s, 3 pt from the end, the app retargets the button 1 pt further right: the spring keeps
    // its velocity, so the next 1.58 pt step is no snap though the new move is 2.3 pt.
    var lines = Self.fold.split(separator: "\n").map(String.init)
    let at = lines.firstIndex { $0.contains("[449.73,") }!
    lines.insert(
      #"{"t":1300000000,"kind":"layout","scene":1,"shape":"regularWide","presentation":"split","columns":2,"#
        + #""elements":[{"id":"action.compose","frame":[449,716,44,44],"interactive":true},"#
        + #"{"id":"list","frame":[0,24,504,736],"interactive":false}]}"#, at: at)
    let retargeted = lines.joined(separator: "\n").replacingOccurrences(of: "[448.71,", with: "[449.2,")
      .replacingOccurrences(of: "[448.18,", with: "[449.05,")
      .replacingOccurrences(of: #"[448,716,44,44],"opacity""#, with: #"[449,716,44,44],"opacity""#)
    let summary = assertRecordingPasses(try Self.events(retargeted), trace: "retarget")
    #expect(summary.maximumFrameJump > 4)
    // Had the button been at rest on its old frame (448 at 1.299 s), the same layout starts a 1 pt move
    // from rest, and 449.73 is both a late start and past the new frame.
    let atRest = retargeted.replacingOccurrences(of: "[451.31,", with: "[448,")
    let failures = RecordingChecker.check(try Self.events(atRest), trace: "from rest").failures
    #expect(
      failures.map(\.check) == [.retargetOrigin, .overshoot] && failures[0].time == 1_349_333_333,
      "\(failures)")
  }

  /// Reduce Motion turned on after the button came to rest: the slide before it owed no cross-fade.
  @Test func reduceMotionTurnedOnLaterDoesNotJudgeAnEarlierSlide() throws {
    let traits =
      #"{"t":1700000000,"kind":"traits","scene":1,"dynamicType":"large","reduceMotion":true,"#
      + #""crossFade":false,"reduceTransparency":false,"direction":"ltr"}"#
    assertRecordingPasses(try Self.events(Self.fold + "\n" + traits), trace: "later")
  }

  /// The button fades out where it rests and later fades in at another frame: at opacity 0 it was not
  /// on screen, so it appeared there rather than jumping.
  @Test func anElementFadedOutAppearsAfreshWhereItIsLaidOut() throws {
    func presented(_ t: String, x: Int, opacity: String) -> String {
      #"{"t":\#(t),"kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":[\#(x),716,44,44],"#
        + #""opacity":\#(opacity)}]}"#
    }
    let layout =
      #"{"t":2000000000,"kind":"layout","scene":1,"shape":"regularWide","presentation":"split","columns":2,"#
      + #""elements":[{"id":"action.compose","frame":[900,716,44,44],"interactive":true},"#
      + #"{"id":"list","frame":[0,24,504,736],"interactive":false}]}"#
    let lines = [
      Self.fold, presented("1700000000", x: 448, opacity: "0.5"),
      presented("1716000000", x: 448, opacity: "0"),
      layout, presented("2016000000", x: 900, opacity: "0.3"), presented("2032000000", x: 900, opacity: "1"),
    ]
    assertRecordingPasses(try Self.events(lines.joined(separator: "\n")), trace: "reappears")
    // Its last fading frame, 0.02 pt short at opacity 0.001, rounds to nothing on an 8-bit display.
    let faint = lines.joined(separator: "\n").replacingOccurrences(
      of: #"[448,716,44,44],"opacity":0}"#, with: #"[448.02,716,44,44],"opacity":0.001}"#)
    assertRecordingPasses(try Self.events(faint), trace: "faint")
  }

  /// The Duo closes while the button springs off the fold: its scene disconnects mid-move, so the move
  /// has no end to reach and nothing snapped. Had its last frame been presented 50 ms or more before
  /// the disconnect, the move had stopped short of its layout: that is a snap.
  @Test func aSceneThatDisconnectsMidMoveHasNoEndToSnap() throws {
    var lines = Self.fold.split(separator: "\n").map(String.init)
    let last = lines.firstIndex { $0.contains("[467.82,") }!
    lines.removeSubrange((last + 1)...)
    let midMove = lines + [#"{"t":1160000000,"kind":"sceneDisconnected","scene":1}"#]
    assertRecordingPasses(try Self.events(midMove.joined(separator: "\n")), trace: "closed")
    let stopped = lines + [#"{"t":1200000000,"kind":"sceneDisconnected","scene":1}"#]
    let summary = assertRecordingFails(
      try Self.events(stopped.joined(separator: "\n")), with: [(.endSnap, "action.compose")], trace: "stopped"
    )
    #expect(summary.failures.first?.actual == "last presented at [467.82,716,44,44]")
  }

  /// A layout takes the button out while it springs off the fold (all actions fit again): presented on
  /// its way until it vanishes, it had no end to reach. Taken out 50 ms after it stopped short, it is a
  /// snap.
  @Test func anElementTakenOutMidMoveHasNoEndToSnap() throws {
    var lines = Self.fold.split(separator: "\n").map(String.init)
    let last = lines.firstIndex { $0.contains("[467.82,") }!
    lines.removeSubrange((last + 1)...)
    let listOnly =
      #"{"t":1100000000,"kind":"layout","scene":1,"shape":"regularWide","presentation":"split","columns":2,"#
      + #""elements":[{"id":"list","frame":[0,24,504,736],"interactive":false}]}"#
    let list = #"{"id":"list","frame":[0,24,504,736],"opacity":1}"#
    let gone = #"{"t":1166000000,"kind":"presented","scene":1,"elements":[\#(list)]}"#
    var midMove = lines
    midMove.insert(listOnly, at: lines.firstIndex { $0.contains("[475.79,") }!)
    midMove.append(gone)
    assertRecordingPasses(try Self.events(midMove.joined(separator: "\n")), trace: "taken out")
    let stopped =
      lines + [
        listOnly.replacingOccurrences(of: "1100000000", with: "1250000000"),
        gone.replacingOccurrences(of: "1166000000", with: "1266000000"),
      ]
    assertRecordingFails(
      try Self.events(stopped.joined(separator: "\n")), with: [(.endSnap, "action.compose")], trace: "stopped"
    )
  }

  /// A scene that disconnects before the first refresh after its layout was not cut; one that presented
  /// no frame in the 50 ms before it disconnected was.
  @Test func aSceneThatDisconnectsBeforeItsFirstRefreshWasNotCut() throws {
    let lines = Self.fold.split(separator: "\n").prefix(7).map(String.init)
    let early = lines + [#"{"t":1020000000,"kind":"sceneDisconnected","scene":1}"#]
    assertRecordingPasses(try Self.events(early.joined(separator: "\n")), trace: "early")
    let late = lines + [#"{"t":1500000000,"kind":"sceneDisconnected","scene":1}"#]
    assertRecordingFails(
      try Self.events(late.joined(separator: "\n")), with: [(.frameJump, "action.compose")], trace: "late")
  }

  /// A refresh dropped just before a retarget: the first frame after it is measured from the last
  /// frame presented, 33 ms before, not from the layout, 13 ms before.
  @Test func aRetargetAfterADroppedRefreshIsMeasuredFromTheLastFrame() throws {
    var lines = Self.fold.split(separator: "\n").map(String.init)
    let dropped = lines.firstIndex { $0.contains("[490.33,") }!
    lines[dropped] =
      #"{"t":1070000000,"kind":"layout","scene":1,"shape":"regularWide","presentation":"split","columns":2,"#
      + #""elements":[{"id":"action.compose","frame":[447,716,44,44],"interactive":true},"#
      + #"{"id":"list","frame":[0,24,504,736],"interactive":false}]}"#
    let retargeted = lines.joined(separator: "\n").replacingOccurrences(
      of: #"[448,716,44,44],"opacity""#, with: #"[447,716,44,44],"opacity""#)
    assertRecordingPasses(try Self.events(retargeted), trace: "dropped")
  }

  @Test func reduceMotionWantsACrossFade() throws {
    let traits =
      #"{"t":0,"kind":"traits","scene":1,"dynamicType":"large","reduceMotion":true,"crossFade":false,"#
      + #""reduceTransparency":false,"direction":"ltr"}"#
    var lines = Self.fold.split(separator: "\n").map(String.init)
    lines.insert(traits, at: 1)
    assertRecordingFails(
      try Self.events(lines.joined(separator: "\n")), with: [(.crossFade, "action.compose")], trace: "slide")
  }
}
