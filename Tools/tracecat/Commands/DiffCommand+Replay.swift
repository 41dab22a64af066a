import FoldReplay
import FoldTrace
import LayoutCore
import ReferenceScreen

extension DiffCommand {
  /// `diff --replay`: replays both traces into LayoutCore's reference screen (as `tracecat replay` does)
  /// and shows the first layout change that differs, in `tracecat replay --json`'s `layout` form.
  ///
  /// Memory stays bounded however long the traces: each replay first keeps one digest per block of
  /// ``LayoutBlocks/blockSize`` layout changes; only the first block whose digests differ is replayed
  /// again, keeping its lines, to find the change.
  ///
  /// A damaged trace is replayed up to its damage, as plain `diff` reads one: a difference before it is
  /// shown (exit 1); the damage is reported only when the replays agree until it (a torn tail: exit 4).
  func runReplay(_ console: Console) throws -> ExitStatus {
    let left = try Self.replay(first, keeping: nil)
    let right = try Self.replay(second, keeping: nil)
    // The damage met first in reading order is the one reported when nothing differs before it.
    let damage = left.damage ?? right.damage
    guard let block = LayoutBlocks.firstDifferingBlock(left, right) else {
      if let damage { throw TracecatError(damage) }
      return .success
    }
    let a = try Self.replay(first, keeping: block)
    let b = try Self.replay(second, keeping: block)
    var previous = a.lineBeforeKept
    for offset in 0..<max(a.kept.count, b.kept.count) {
      let lineA = offset < a.kept.count ? a.kept[offset] : nil
      let lineB = offset < b.kept.count ? b.kept[offset] : nil
      guard lineA?.line != lineB?.line else {
        previous = lineA?.line
        continue
      }
      // One side ends here because its trace is damaged, not because its replay ended: the damage.
      if lineA == nil, let damage = a.damage { throw TracecatError(damage) }
      if lineB == nil, let damage = b.damage { throw TracecatError(damage) }
      let index = block * LayoutBlocks.blockSize + offset
      let time = lineA?.time ?? lineB?.time ?? 0
      if json {
        console.print(
          "{\"layoutChange\":\(index),\"t\":\(time),\"before\":\(previous ?? "null"),"
            + "\"a\":\(lineA?.line ?? "null"),\"b\":\(lineB?.line ?? "null")}")
        return .invalid
      }
      console.print("--- \(DisplayText.escaped(InputSource.displayName(first))) (replayed)")
      console.print("+++ \(DisplayText.escaped(InputSource.displayName(second))) (replayed)")
      console.print("@@ layout change \(index), t=\(time) ns (\(EventFormatter.time(time)) s) @@")
      if let previous { console.print("  " + DisplayText.escaped(previous)) }
      console.print("- " + (lineA.map { DisplayText.escaped($0.line) } ?? "<end of replay>"))
      console.print("+ " + (lineB.map { DisplayText.escaped($0.line) } ?? "<end of replay>"))
      return .invalid
    }
    // Equal digests within the block would mean a hash collision; the lines say they are the same.
    if let damage { throw TracecatError(damage) }
    return .success
  }

  /// Replays a trace into the reference screen and digests its layout changes, as `layout` JSON Lines
  /// records without the trace key, keeping the lines of block `keeping` (and the line before it). A
  /// trace damaged partway is replayed up to the damage, which ``LayoutBlocks/damage`` keeps.
  /// - Throws: ``TracecatError`` when the trace cannot be opened.
  static func replay(_ file: String, keeping block: Int?) throws -> LayoutBlocks {
    let reader = try InputSource.trace(file)
    var blocks = LayoutBlocks(keeping: block)
    do throws(TraceError) {
      try Replayer.replay(
        reader,
        configuration: ReplayConfiguration(
          policy: ReferenceScreenLayout(), content: RecordListContent(),
          scrollElementID: ReferenceScreenLayout.scrollElementID), into: &blocks)
    } catch {
      blocks.damage = error
    }
    return blocks
  }
}

/// A replay's layout changes as one FNV-1a digest per block of ``blockSize`` changes, and the lines of
/// one block kept whole: O(changes / blockSize + blockSize) memory.
struct LayoutBlocks: ReplaySink {
  /// Layout changes per digest.
  static let blockSize = 4096
  /// The digest of each block (the last one may be partial).
  private(set) var digests: [UInt64] = []
  /// Layout changes seen.
  private(set) var count = 0
  /// The block whose lines are kept, if any.
  let keptBlock: Int?
  /// The kept block's changes: time (ns) and line.
  private(set) var kept: [(time: UInt64, line: String)] = []
  /// The change just before the kept block, when there is one.
  private(set) var lineBeforeKept: String?
  /// Where the trace is damaged, when it is: the changes above are those before the damage.
  var damage: TraceError?
  private var digest = FNV1a64()

  init(keeping block: Int?) { keptBlock = block }

  mutating func receive(_ record: ReplayRecord) {
    guard case .layout(let change) = record else { return }
    let line = ReplayJSONLines.layout(change, trace: nil)
    let block = count / Self.blockSize
    if let keptBlock {
      if block == keptBlock {
        kept.append((change.time, line))
      } else if count == keptBlock * Self.blockSize - 1 {
        lineBeforeKept = line
      }
    } else {
      if count % Self.blockSize == 0 && count > 0 {
        digests.append(digest.value)
        digest = FNV1a64()
      }
      digest.combine(line)
      digest.combine("\n")
    }
    count += 1
  }

  /// The digests with the last, partial block's included.
  var allDigests: [UInt64] { count > 0 ? digests + [digest.value] : [] }

  /// The first block in which two replays' layout changes differ, or nil when they are the same.
  static func firstDifferingBlock(_ a: LayoutBlocks, _ b: LayoutBlocks) -> Int? {
    let left = a.allDigests
    let right = b.allDigests
    for index in 0..<max(left.count, right.count) {
      let x = index < left.count ? left[index] : nil
      let y = index < right.count ? right[index] : nil
      if x != y { return index }
    }
    return a.count == b.count ? nil : min(a.count, b.count) / blockSize
  }
}
