import FoldTrace
import Foundation
import Testing

/// `plot` keeps what it can draw, not every sample: 600 k scroll samples that each change the scroll
/// anchor (about 19 MB of samples and 24 MB of anchor spans when every one was kept) plot within a
/// 32 MB data segment, the anchor's changes gathered into grey stretches that count them.
@Suite struct PlotMemoryTests {
  @Test func aTraceOfConstantChangePlotsInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("long.foldtrace", count: 600_000, anchors: true)
    let result = try fixture.run(["plot", "-o", "long.svg", "long.foldtrace"], dataLimitKiB: 32_768)
    #expect(result.status == 0, "\(result.stderr)")
    let svg = try String(decoding: fixture.bytes(of: "long.svg"), as: UTF8.self)
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(svg.contains("class=\"scroll-offset\""))
    // Every anchor is counted in the band's grey stretches: 599 999 spans (the last anchor, set by the
    // last event, holds for no time).
    let band = try #require(svg.components(separatedBy: "<g class=\"anchor-item-band\">").last)
    let counts = band.components(separatedBy: "</g>")[0].matches(of: /<title>(\d+) changes/).map {
      Int($0.1) ?? 0
    }
    #expect(counts.count > 500 && counts.count < 2_200)
    #expect(counts.reduce(0, +) == 599_999)
  }
}

/// A plot drawn from thinned samples is the plot drawn from all of them: 30 k scroll samples that jump
/// up and down, about 14 per half-pixel column, give the golden the plot made when it kept every sample.
@Suite struct PlotThinningTests {
  @Test func thinnedSamplesDrawTheSamePlot() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("dense.foldtrace", count: 30_000) { Double($0 * 7_919 % 1_000) }
    let result = try fixture.run(["plot", "dense.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    Golden.assert(result.text, named: "plot-dense-scroll.svg")
  }
}
