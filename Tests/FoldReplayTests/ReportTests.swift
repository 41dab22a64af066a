import FoldReplay
import FoldReplayTesting
import FoldTrace
import LayoutCore
import ReferenceScreen
import Testing

/// Failure reports: one group per check and element, a context literal that rebuilds the moment and a
/// slice command that cuts the trace around it.
@Suite struct ReportTests {
  @Test func aFloodReadsAsOneGroupPerCheckAndElement() throws {
    let result = replay(.windowResize, testConfiguration(animator: SnappingAnimator()))
    let failures = ReplayAssertion.noSnap.failures(in: result)
    let groups = ReplayFailureGroup.groups(failures)
    #expect(failures.count > groups.count)
    #expect(groups.map(\.count).reduce(0, +) == failures.count)
    let message = try #require(ReplayAssertion.noSnap.message(for: result))
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    // A header, at most 8 groups of at most 4 lines (first failure, context, slice, "and N more"), and a
    // line for the groups left out.
    #expect(lines.count <= 1 + 8 * 4 + 1, "\(lines.count) lines")
    #expect(lines[0].hasPrefix("\(failures.count) failures in test (frameJump"))
    let repeated = try #require(groups.first { $0.count > 1 })
    #expect(
      message.contains(
        "  … and \(repeated.count - 1) more between \(ReplayFormat.seconds(repeated.secondTime)) and "
          + ReplayFormat.seconds(repeated.lastTime)))
  }

  @Test func theSummaryCountsEveryFailureInItsGroups() {
    let summary = replay(.windowResize, testConfiguration(animator: SnappingAnimator())).summary
    #expect(summary.failureGroups.map(\.count).reduce(0, +) == summary.failureCount)
    #expect(summary.report.hasPrefix("\(summary.failureCount) failures in test"))
    #expect(replay(.windowResize).summary.report.isEmpty)
  }

  /// An element id holding a quote is quoted with the quote escaped: the sentence's closing quote is the
  /// only bare one.
  @Test func anElementIdsQuoteIsEscapedInTheSentence() {
    let failure = ReplayFailure(
      check: .frameJump, scene: SceneID(2), eventIndex: 41, time: 1_250_400_000, element: #"tool"bar\"#,
      expected: "e", actual: "a", summary: "s")
    #expect(
      failure.message
        == #"Scene 2, event 41 at 1.250 s, element "tool\"bar\\": s (frameJump). Expected: e. Actual: a."#)
  }

  @Test func theSliceCommandCutsASecondEitherSide() {
    let failure = ReplayFailure(
      check: .frameJump, scene: SceneID(2), eventIndex: 41, time: 1_250_400_000, element: "toolbar",
      expected: "e", actual: "a", summary: "s")
    #expect(
      failure.sliceCommand(tracePath: "Traces/duo-open.foldtrace")
        == "tracecat slice --from 0.250s --to 2.251s -o duo-open-frameJump-1250ms.foldtrace "
        + "Traces/duo-open.foldtrace")
    let early = ReplayFailure(
      check: .anchor, scene: nil, eventIndex: nil, time: 300_000_000, expected: "e", actual: "a",
      summary: "s")
    #expect(
      early.sliceCommand(tracePath: "my traces/a'b.foldtrace")
        == "tracecat slice --from 0.000s --to 1.301s -o 'a'\\''b-anchor-300ms.foldtrace' "
        + "'my traces/a'\\''b.foldtrace'")
  }

  /// A path with a control character cannot be written inside '…' (a newline would end the command
  /// line, an escape would reach the terminal): it is written as $'…' with the character's UTF-8 bytes
  /// as \xHH, a quote and a backslash escaped; the output name derived from it likewise.
  @Test func theSliceCommandQuotesControlCharactersForTheShell() {
    let failure = ReplayFailure(
      check: .anchor, scene: nil, eventIndex: nil, time: 300_000_000, expected: "e", actual: "a",
      summary: "s")
    #expect(
      failure.sliceCommand(tracePath: "dir/a b\n'c\\\u{1B}[2J\u{9B}\u{202E}é.foldtrace")
        == #"tracecat slice --from 0.000s --to 1.301s -o $'a b\n\'c\\\x1B[2J\xC2\x9B\xE2\x80\xAEé-anchor-300ms.foldtrace' "#
        + #"$'dir/a b\n\'c\\\x1B[2J\xC2\x9B\xE2\x80\xAEé.foldtrace'"#)
    #expect(
      failure.sliceCommand(tracePath: "t\tab\r.foldtrace")
        == #"tracecat slice --from 0.000s --to 1.301s -o $'t\tab\r-anchor-300ms.foldtrace' $'t\tab\r.foldtrace'"#
    )
  }

  /// The header names the trace as a person reads it: its control characters escaped.
  @Test func theReportHeaderEscapesTheTraceName() {
    let failure = ReplayFailure(
      check: .anchor, scene: nil, eventIndex: nil, time: 300_000_000, expected: "e", actual: "a",
      summary: "s")
    let report = ReplayFailureGroup.report(
      [ReplayFailureGroup(failure)], total: 1, trace: "t\u{1B}]0;x\u{7}\nforged", tracePath: "")
    #expect(report.hasPrefix(#"1 failure in t\u001b]0;x\u0007\nforged (anchor; 1 group"#), "\(report)")
    #expect(!report.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7 })
  }

  @Test func theSliceCommandAtTheEndOfTimeStaysAValidTime() {
    let last = ReplayFailure(
      check: .anchor, scene: nil, eventIndex: nil, time: .max, expected: "e", actual: "a", summary: "s")
    #expect(
      last.sliceCommand(tracePath: "t.foldtrace")
        == "tracecat slice --from 18446744072.709s --to 18446744073.709s -o t-anchor-18446744073709ms.foldtrace "
        + "t.foldtrace")
  }

  @Test func theContextLiteralRebuildsTheContext() {
    let context = LayoutContext(
      shape: .regularWide, size: Size(width: 1114.5, height: 705),
      safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20.25, trailing: 0),
      activeDivisions: [Rect(x: 557, y: 0, width: 0.1, height: 705)], canFold: true,
      occlusions: [Rect(x: 1000, y: 0, width: 60, height: 30)], toolbarVerticalEdge: .trailing,
      layoutDirection: .rightToLeft, dynamicTypeSize: .accessibility2, reduceMotion: true,
      isInteractivelyResizing: true)
    // The literal below is the text `swiftLiteral` gave, pasted: it compiles to the same context.
    let pasted = LayoutContext(
      shape: .regularWide, size: Size(width: 1114.5, height: 705),
      safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20.25, trailing: 0),
      activeDivisions: [Rect(x: 557, y: 0, width: 0.1, height: 705)], canFold: true,
      occlusions: [Rect(x: 1000, y: 0, width: 60, height: 30)], toolbarVerticalEdge: .trailing,
      layoutDirection: .rightToLeft, dynamicTypeSize: .accessibility2, reduceMotion: true,
      isInteractivelyResizing: true)
    #expect(pasted == context)
    #expect(
      context.swiftLiteral
        == "LayoutContext(shape: .regularWide, size: Size(width: 1114.5, height: 705), safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20.25, trailing: 0), activeDivisions: [Rect(x: 557, y: 0, width: 0.1, height: 705)], canFold: true, occlusions: [Rect(x: 1000, y: 0, width: 60, height: 30)], toolbarVerticalEdge: .trailing, layoutDirection: .rightToLeft, dynamicTypeSize: .accessibility2, reduceMotion: true, isInteractivelyResizing: true)"
    )
    #expect(
      LayoutContext(shape: .compactTall, size: Size(width: 390, height: 844)).swiftLiteral
        == "LayoutContext(shape: .compactTall, size: Size(width: 390, height: 844))")
  }

  @Test func aFailureCarriesTheContextOfItsMoment() throws {
    let result = replay(.duoOpening, testConfiguration(policy: OddColumnsLayout(base: coreLayout)))
    let failure = try #require(result.summary.failures.first { $0.check == .evenColumns })
    let evaluation = try #require(
      result.timeline.evaluations.last { $0.scene == failure.scene && $0.time <= failure.time })
    #expect(failure.context == evaluation.context)
    let motion = replay(.windowResize, testConfiguration(animator: SnappingAnimator()))
    let jump = try #require(motion.summary.failures.first { $0.check == .frameJump })
    #expect(jump.context?.isInteractivelyResizing == true)
  }
}

/// Anchor and selection ids the content model does not have are counted and fail a check, unless the
/// configuration expects them.
@Suite struct UnknownContentIDTests {
  static var script: TraceScript {
    var script = TraceScript.duoOpening
    script.wait(50)
    script.scroll(2, 900, anchor: "message-7")
    script.wait(50)
    script.select(2, "message-8")
    script.wait(50)
    script.select(2, "item-3")
    script.wait(600)
    return script
  }

  @Test func unknownIDsFailTheirCheck() throws {
    let result = replay(Self.script)
    #expect(result.summary.unknownContentIDs == 2)
    let failures = result.summary.failures.filter { $0.check == .unknownContentID }
    #expect(failures.map(\.element) == ["message-7", "message-8"])
    #expect(Set(result.summary.failures.map(\.check)) == [.unknownContentID])
    #expect(result.summary.goldenText.contains("unknown content ids: 2\n"))
    let message = try #require(ReplayAssertion.contentIDsKnown.message(for: result))
    #expect(message.contains("the trace's anchor names an item the content model does not have"))
  }

  /// A 64 KiB id is quoted to 64 scalars and its length in the sentence, and kept whole in `element`.
  @Test func aLongUnknownIDIsQuotedShort() throws {
    var script = TraceScript.duoOpening
    script.wait(50)
    let id = "item-" + String(repeating: "x", count: 65_531)
    script.select(2, id)
    script.wait(600)
    let failure = try #require(replay(script).summary.failures.first { $0.check == .unknownContentID })
    #expect(failure.element == id)
    let shown = "item-" + String(repeating: "x", count: 59) + "… (65536 bytes)"
    #expect(failure.actual == "no item \"\(shown)\"")
    #expect(
      failure.message.contains(", element \"\(shown)\": the trace's selection names"), "\(failure.message)")
    #expect(failure.message.utf8.count < 1_000)
  }

  @Test func expectedUnknownIDsAreOnlyCounted() {
    var configuration = testConfiguration()
    configuration.unknownContentIDsExpected = true
    let result = replay(Self.script, configuration)
    #expect(result.summary.unknownContentIDs == 2)
    #expect(result.summary.passed)
    #expect(ReplayAssertion.contentIDsKnown.message(for: result) == nil)
  }
}

/// A plan without the configured scrolling element is a clear failure, not a replay without scrolling.
@Suite struct ScrollElementTests {
  @Test func aPlanWithoutTheScrollElementFails() throws {
    let configuration = ReplayConfiguration(
      policy: ReferenceScreenLayout(), content: RecordListContent(), scrollElementID: "messages")
    let result = replay(.duoOpening, configuration)
    let failures = result.summary.failures.filter { $0.check == .scrollElement }
    #expect(!failures.isEmpty)
    #expect(failures.allSatisfy { $0.element == "messages" })
    #expect(Set(result.summary.failures.map(\.check)) == [.scrollElement])
    let message = try #require(ReplayAssertion.scrollElementPlaced.message(for: result))
    #expect(message.contains("the plan has no scrolling element"))
    #expect(ReplayAssertion.running(.evenColumns) == .evenColumnsOnFoldables)
    #expect(ReplayAssertion.running(.reservedRegion) == .reservedRegionsAvoided)
  }
}
