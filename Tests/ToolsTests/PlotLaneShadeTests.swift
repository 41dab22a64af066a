import FoldTrace
import Foundation
import Testing

@testable import tracecat

/// A lane shades its safe areas so neighbours differ, keeping at most `PlotLane.shadedInOrder` of them:
/// a lane of many distinct safe areas (one per connection, say) costs constant memory and time per span.
@Suite struct PlotLaneShadeTests {
  static func insets(_ top: Double, bottom: Double = 0) -> TraceInsets {
    TraceInsets(top: top, leading: 0, bottom: bottom, trailing: 0)
  }

  @Test func theFirstSafeAreasTakeShadesInTurn() {
    var lane = PlotLane(
      display: .external, number: 1, grid: TimeGrid(start: 0, end: 1_000_000, left: 0, width: 100))
    #expect((0..<6).map { lane.shadeIndex(Self.insets(Double($0))) % 3 } == [0, 1, 2, 0, 1, 2])
    #expect(lane.shadeIndex(Self.insets(1)) == 1, "a safe area seen before keeps its shade")
  }

  @Test func manyDistinctSafeAreasKeepABoundedList() {
    var lane = PlotLane(
      display: .external, number: 1, grid: TimeGrid(start: 0, end: 1_000_000, left: 0, width: 100))
    var first: [Int] = []
    for top in 0..<10_000 { first.append(lane.shadeIndex(Self.insets(Double(top)))) }
    #expect(lane.shades.count == PlotLane.shadedInOrder)
    // Past the list, equal safe areas still share a shade (0 and -0 are equal), and every shade is one
    // of the three.
    for top in stride(from: 0, to: 10_000, by: 97) {
      #expect(lane.shadeIndex(Self.insets(Double(top))) == first[top])
    }
    #expect(lane.shadeIndex(Self.insets(9_000, bottom: -0.0)) == first[9_000])
    #expect(Set(first.map { $0 % 3 }) == [0, 1, 2])
  }

  /// A safe area with a NaN inset (which the reader refuses) equals nothing, not even itself: the lookup
  /// still gives a shade and keeps its list bounded.
  @Test func aNaNInsetIsShaded() {
    var lane = PlotLane(
      display: .external, number: 1, grid: TimeGrid(start: 0, end: 1_000_000, left: 0, width: 100))
    for _ in 0..<100 { #expect((0..<3).contains(lane.shadeIndex(Self.insets(.nan)) % 3)) }
    #expect(lane.shades.count == PlotLane.shadedInOrder)
  }
}
