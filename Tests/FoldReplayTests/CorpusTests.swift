import FoldReplay
import FoldReplayTesting
import FoldTrace
import Foundation
import Testing

/// Every corpus trace: the real core keeps every promise, the summary matches its golden, and seeking to
/// any frame agrees with a full replay.
@Suite struct CorpusTests {
  @Test func theCorpusIsThere() {
    #expect(Corpus.names.count >= 10, "no traces in \(Corpus.directory)")
  }

  @Test(arguments: Corpus.names)
  func realCorePassesAndMatchesItsGolden(_ name: String) throws {
    let result = try Replayer.replay(path: Corpus.path(name), configuration: testConfiguration())
    #expect(result.summary.failures.isEmpty, "\(result.summary.failures.map(\.message))")
    #expect(result.summary.events > 0)
    assertGolden(result.summary.goldenText, at: Corpus.golden(name))
  }

  @Test(arguments: Corpus.names)
  func seekingToAnyFrameAgreesWithAFullReplay(_ name: String) throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Corpus.path(name))))
    let (frames, mismatches) = try seekMismatches(bytes: bytes, configuration: testConfiguration())
    #expect(frames >= 1)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func theDigestIsStableAcrossRuns() throws {
    let name = try #require(Corpus.names.first { $0.hasPrefix("duo-open") } ?? Corpus.names.first)
    let first = try Replayer.replay(path: Corpus.path(name), configuration: testConfiguration())
    let second = try Replayer.replay(path: Corpus.path(name), configuration: testConfiguration())
    #expect(first.summary.digest == second.summary.digest)
    #expect(first.timeline.records == second.timeline.records)
  }
}

/// Replaying the corpus with each planted fault fails that fault's own check (and at most the checks it
/// allows). Traces are replayed in order until one catches the fault, and that replay stops at the first
/// such failure, so the whole set stays fast.
@Suite struct CorpusFaultTests {
  @Test(arguments: PlantedFault.all)
  func faultFailsItsOwnCheckOnTheCorpus(_ fault: PlantedFault) throws {
    let configuration = fault.configure(coreLayout)
    var caughtBy: [String] = []
    var others: Set<ReplayCheck> = []
    for name in Corpus.names {
      let reader = try TraceReader(path: Corpus.path(name))
      var replayer = Replayer(configuration: configuration)
      var verifier = ReplayVerifier(trace: name)
      reading: while let frame = try reader.nextFrame() {
        for event in frame.events {
          replayer.consume(event, into: &verifier)
          if verifier.summary.failures.contains(where: { $0.check == fault.check }) { break reading }
        }
      }
      replayer.finish(into: &verifier)
      let checks = Set(verifier.summary.failures.map(\.check))
      others.formUnion(checks.subtracting([fault.check]))
      if checks.contains(fault.check) {
        caughtBy.append(name)
        break
      }
    }
    #expect(!caughtBy.isEmpty, "no corpus trace caught \(fault.name)")
    #expect(others.isSubset(of: fault.alsoAllowed), "\(fault.name) also failed \(others)")
  }
}

/// The faults that only a window drag shows in full — a presentation that flaps while the shape holds,
/// an animator reset on a pane change — fail their own check, and no other, on every drag trace.
@Suite struct CorpusDragFaultTests {
  static let dragTraces = Corpus.names.filter {
    ($0.hasPrefix("var-") && $0.contains("resize")) || $0.hasPrefix("edge-square-window-drag")
  }
  static let faults = PlantedFault.all.filter {
    ["presentation that flaps while the shape holds", "animator reset on a pane change"].contains($0.name)
  }

  @Test func theDragTracesAreThere() {
    #expect(Self.dragTraces.count == 4, "\(Self.dragTraces)")
    #expect(Self.faults.count == 2)
  }

  @Test(arguments: faults, dragTraces)
  func faultFailsOnlyItsOwnCheckOnTheDrag(_ fault: PlantedFault, _ name: String) throws {
    let result = try Replayer.replay(path: Corpus.path(name), configuration: fault.configure(coreLayout))
    let checks = Set(result.summary.failures.map(\.check))
    #expect(checks == [fault.check], "\(name): \(checks)")
  }
}

/// The shipped Duo trace: opening the device hands the external scene's place to the internal one.
@Suite struct CorpusHandoverTests {
  @Test func openingTheDuoCarriesTheAnchorAndSelectionOver() throws {
    let result = try Replayer.replay(
      path: Corpus.path("duo-open-external-to-internal.foldtrace"), configuration: testConfiguration())
    let handover = try #require(result.timeline.layoutChanges.first { $0.handoverFrom != nil })
    #expect(handover.handoverFrom == SceneID(1))
    #expect(handover.scene == SceneID(2))
    #expect(handover.anchorBefore != nil)
    #expect(handover.anchorAfter?.itemID == handover.anchorBefore?.itemID)
    #expect(handover.anchorOutcome == .kept)
    #expect(handover.anchorAfter?.offsetFromViewportTop == handover.anchorBefore?.offsetFromViewportTop)
    #expect(handover.offsetAfter > 0)
  }
}
