import FoldReplay
import LayoutCore
import Testing

/// Proves the checks have power: each planted fault fails its own check, and only that one, on the
/// scripts (a few may also fail a check that says the same from another side); the real core passes
/// every check.
@Suite struct PlantedFaultTests {
  @Test(arguments: PlantedFault.all)
  func faultFailsItsOwnCheck(_ fault: PlantedFault) {
    var failed: Set<ReplayCheck> = []
    var unexpected: [String] = []
    for (name, script) in TraceScript.all {
      let summary = replay(script, fault.configure(coreLayout)).summary
      failed.formUnion(summary.failures.map(\.check))
      for failure in summary.failures
      where failure.check != fault.check && !fault.alsoAllowed.contains(failure.check) {
        unexpected.append("\(name): \(failure.message)")
      }
    }
    #expect(failed.contains(fault.check))
    #expect(unexpected.isEmpty, "\(unexpected.prefix(3))")
  }

  @Test func theRealCorePassesEverything() {
    for (name, script) in TraceScript.all {
      let summary = replay(script).summary
      #expect(summary.failures.isEmpty, "\(name): \(summary.failures.map(\.message))")
    }
  }
}
