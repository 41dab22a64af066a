import FoldReplay
import FoldTrace
import LayoutCore
import ReferenceScreen

extension DiffCommand {
  /// `diff --replay`: replays both traces into LayoutCore's reference screen (as `tracecat replay` does)
  /// and shows the first layout change that differs, in `tracecat replay --json`'s `layout` form.
  func runReplay(_ console: Console) throws -> ExitStatus {
    let left = try Self.layoutChanges(first)
    let right = try Self.layoutChanges(second)
    var previous: String?
    for index in 0..<max(left.count, right.count) {
      let a = index < left.count ? left[index] : nil
      let b = index < right.count ? right[index] : nil
      guard a?.line != b?.line else {
        previous = a?.line
        continue
      }
      let time = a?.time ?? b?.time ?? 0
      if json {
        console.print(
          "{\"layoutChange\":\(index),\"t\":\(time),\"before\":\(previous ?? "null"),"
            + "\"a\":\(a?.line ?? "null"),\"b\":\(b?.line ?? "null")}")
        return .invalid
      }
      console.print("--- \(InputSource.displayName(first)) (replayed)")
      console.print("+++ \(InputSource.displayName(second)) (replayed)")
      console.print("@@ layout change \(index), t=\(time) ns (\(EventFormatter.time(time)) s) @@")
      if let previous { console.print("  " + previous) }
      console.print("- " + (a?.line ?? "<end of replay>"))
      console.print("+ " + (b?.line ?? "<end of replay>"))
      return .invalid
    }
    return .success
  }

  /// A trace's layout changes, replayed into the reference screen, as `layout` JSON Lines records
  /// without the trace key.
  static func layoutChanges(_ file: String) throws -> [(time: UInt64, line: String)] {
    let reader = try InputSource.trace(file)
    var timeline = ReplayTimeline()
    do throws(TraceError) {
      try Replayer.replay(
        reader,
        configuration: ReplayConfiguration(
          policy: ReferenceScreenLayout(), content: RecordListContent(),
          scrollElementID: ReferenceScreenLayout.scrollElementID), into: &timeline)
    } catch {
      throw TracecatError(error)
    }
    return timeline.layoutChanges.map { ($0.time, ReplayJSONLines.layout($0, trace: nil)) }
  }
}
