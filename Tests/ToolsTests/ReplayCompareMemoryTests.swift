import Foundation
import Testing

/// `replay --compare` keeps the first 100 divergences of a trace and counts the rest: an app whose
/// every layout diverged kept every divergence (2.55 GB and 31.9 s for a long trace, its `--json`
/// 119 s). Layouts of 256 element ids the model never places diverge 256 times each.
@Suite struct ReplayCompareMemoryTests {
  /// 600 layouts of 256 new ids: 153 600 divergences and more, listed to 10 in the text and 100 in
  /// `--json`, counted exactly in both, within a 32 MB data segment.
  @Test func aTraceDivergingOnEveryLayoutIsComparedInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let events = CheckMemoryTests.freshIDs(count: 600, presented: false)
    try fixture.trace("ids.foldtrace", events, version: .v1_1)
    let table = try fixture.run(["replay", "--compare", "ids.foldtrace"], dataLimitKiB: 32_768)
    #expect(table.status == 1, "\(table.stderr)")
    let heading = try #require(
      table.lines.first { $0.hasPrefix("ids.foldtrace: ") && $0.hasSuffix(" divergences") })
    let total = try #require(Int(heading.dropFirst("ids.foldtrace: ".count).dropLast(" divergences".count)))
    #expect(total > 600 * 256, "\(heading)")
    #expect(table.text.contains("DIVERGE (\(total))"), "\(table.text.prefix(2_000))")
    #expect(
      table.lines.last { $0.hasPrefix("  … and ") }
        == "  … and \(total - 10) more (--json lists 100 of the \(total))")
    let json = try fixture.run(["replay", "--compare", "--json", "ids.foldtrace"], dataLimitKiB: 32_768)
    #expect(json.status == 1, "\(json.stderr)")
    #expect(json.lines.filter { $0.hasPrefix(#"{"kind":"divergence""#) }.count == 100)
    let comparison = try #require(json.lines.first { $0.hasPrefix(#"{"kind":"comparison""#) })
    #expect(comparison.contains(#","divergences":\#(total),"verdict":"diverge"}"#), "\(comparison)")
  }
}
