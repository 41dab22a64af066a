import FoldTrace
import Foundation
import Testing

@testable import tracecat

/// The plot's handover lines are found as the trace is read, with what they need held in bounded memory.
@Suite struct HandoverFinderTests {
  static let second: UInt64 = 1_000_000_000
  /// 30 s over 1056 units: 1 s is 35.2 units, so lines a second apart are drawn apart.
  static let grid = TimeGrid(start: 0, end: 30 * second, left: 120, width: 1_056)

  static func connection(
    _ index: Int, scene: UInt32, _ display: DisplayRole, lane: UInt16, at start: UInt64
  ) -> PlacedConnection {
    PlacedConnection(
      index: index, start: start, scene: SceneID(scene), lane: lane, laneNumber: 1,
      displayIndex: UInt8(DisplayRole.allCases.firstIndex(of: display)!))
  }

  /// A successor that started before the end, one that starts after it, one too late, and a scene's own
  /// next connection on another display.
  @Test func eachHandoverIsFoundAtItsTime() {
    var finder = HandoverFinder(grid: Self.grid)
    let s = Self.second
    let a = Self.connection(0, scene: 1, .external, lane: 0, at: 0)
    let b = Self.connection(1, scene: 2, .internal, lane: 1, at: s * 3 / 2)
    finder.placed(a)
    finder.placed(b)
    finder.ended(a, at: 2 * s)  // b started 0.5 s before: the handover is at a's end
    let c = Self.connection(2, scene: 3, .internal, lane: 1, at: 3 * s)
    finder.placed(c)
    finder.ended(c, at: 4 * s)
    let d = Self.connection(3, scene: 4, .external, lane: 0, at: s * 9 / 2)
    finder.placed(d)  // 0.5 s after c ended: the handover is at d's start
    let e = Self.connection(4, scene: 5, .internal, lane: 1, at: 10 * s)
    finder.placed(e)
    finder.ended(e, at: 11 * s)
    finder.placed(Self.connection(5, scene: 6, .external, lane: 0, at: s * 25 / 2))  // 1.5 s: too late
    let f = Self.connection(6, scene: 5, .external, lane: 2, at: 20 * s)
    finder.placed(f)  // scene 5 comes back on another display
    finder.finish()
    #expect(
      finder.lines == [
        .single(from: a, to: b, time: 2 * s), .single(from: c, to: d, time: s * 9 / 2),
        .single(from: e, to: f, time: 20 * s),
      ])
  }

  /// Handovers within 4 units of the first of them are one line over all their lanes, with their count
  /// and times.
  @Test func closeHandoversAreGathered() {
    var finder = HandoverFinder(grid: Self.grid)
    let s = Self.second
    let a = Self.connection(0, scene: 1, .external, lane: 0, at: 0)
    let b = Self.connection(1, scene: 2, .external, lane: 2, at: 0)
    let c = Self.connection(2, scene: 3, .internal, lane: 1, at: s / 2)
    for connection in [a, b, c] { finder.placed(connection) }
    finder.ended(a, at: s)
    finder.ended(b, at: s + s / 20)  // 1.8 units later
    finder.finish()
    #expect(finder.lines == [.gathered(first: s, last: s + s / 20, count: 2, top: 0, bottom: 1)])
  }

  /// A crowd of connections on one display within a second, none on another: the finder holds at most
  /// ``HandoverFinder/crowdLimit`` of them and of those waiting for a successor, and the scenes that
  /// left up to ``HandoverFinder/departedLimit``; the next connection on another display takes over
  /// from those still held.
  @Test func aCrowdIsHeldInBoundedMemory() {
    var finder = HandoverFinder(grid: Self.grid)
    let count = 50_000
    var most = (recent: 0, waiting: 0, departed: 0)
    for index in 0..<count {
      let start = UInt64(index) * 10_000  // 10 µs apart: all within half a second
      let connection = Self.connection(index, scene: UInt32(index + 1), .window, lane: 0, at: start)
      finder.placed(connection)
      finder.ended(connection, at: start + 5_000)
      let held = finder.held
      most = (
        max(most.recent, held.recent), max(most.waiting, held.waiting), max(most.departed, held.departed)
      )
    }
    #expect(most == (HandoverFinder.crowdLimit, HandoverFinder.crowdLimit, HandoverFinder.departedLimit))
    let other = Self.connection(count, scene: UInt32(count + 1), .mirroring, lane: 1, at: Self.second / 2)
    finder.placed(other)
    finder.finish()
    #expect(
      finder.lines == [
        .gathered(
          first: Self.second / 2, last: Self.second / 2, count: HandoverFinder.crowdLimit, top: 0, bottom: 1)
      ])
  }
}
