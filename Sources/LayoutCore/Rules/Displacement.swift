/// Moves interactive elements out of reserved regions: the smallest move that clears them.
///
/// The rule (LayoutRules, "Folds and reserved regions"): move elements out of reserved regions into a
/// purposeful area; a lone element moves alone, related elements move together, never far from where they
/// were; scrolling content does not avoid the fold. A group of related elements (a bar and its items, a row
/// of controls) is displaced as one frame and its members are laid out inside the result, so they move
/// together.
///
/// The search, in order:
/// 1. If the frame intersects no obstacle, it stays.
/// 2. Translation: candidate positions are the lattice of x values {the original x, flush right of and
///    flush left of every obstacle, flush with each side of `bounds`} × the same for y. The nearest
///    candidate (Euclidean) inside `bounds` that clears every obstacle wins. Ties prefer moving down,
///    then toward the trailing edge (on a fold, interactive elements move to the lower half; LayoutRules,
///    "Folds and reserved regions"), so right-to-left mirrors left-to-right.
/// 3. Shrink: when no position holds the whole frame (a bar spanning a full-height fold), the frame is
///    cut on each side of the obstacles it hits (up to ``maxCuts`` deep) where it stands; the largest
///    clear piece of at least `minimumSize` wins, then the nearest: the group shrinks to one side of the
///    fold and lays out fewer items there. Only when no piece fits in place are the pieces of the frame
///    at every lattice position (clamped to `bounds`) considered, scored the same way.
/// 4. If nothing fits, `nil`: the caller decides (``ReferenceScreenLayout`` retries with a 44 × 44 pt
///    minimum, one hit target). The property tests found no context in their domain where that fails.
public enum Displacement {
  /// How many times a frame may be cut while shrinking.
  public static let maxCuts = 3

  /// The frame for a group of related interactive elements that clears every obstacle.
  ///
  /// - Parameters:
  ///   - frame: The group's frame before displacement, in points.
  ///   - bounds: Where the group may go (the safe frame, or the part below a tabletop fold), in points.
  ///   - obstacles: Active reserved regions and frames already taken by other interactive groups.
  ///   - minimumSize: The smallest frame the group can be laid out in when it must shrink.
  ///   - direction: The layout direction: resolves "trailing" in tie-breaks.
  /// - Returns: `frame` itself when clear, a translated or shrunk frame, or `nil` when nothing fits.
  /// - Complexity: O(k³) positions checked against k obstacles to translate; shrinking multiplies that by
  ///   up to 4^``maxCuts`` pieces. k (reserved regions plus groups) is small.
  public static func clear(
    _ frame: Rect, within bounds: Rect, avoiding obstacles: [Rect], minimumSize: Size,
    direction: LayoutDirection = .leftToRight
  ) -> Rect? {
    if isClear(frame, obstacles) { return frame }
    let positions = lattice(for: frame, within: bounds, obstacles: obstacles)
    var best: (rect: Rect, score: Score)?
    for p in positions {
      let candidate = Rect(x: p.x, y: p.y, width: frame.width, height: frame.height)
      guard candidate.isInside(bounds), isClear(candidate, obstacles) else { continue }
      let score = Score(area: 0, from: frame, to: candidate, direction: direction)
      if best == nil || score < best!.score { best = (candidate, score) }
    }
    if let best { return best.rect }
    // Shrink in place first; only if no piece of the frame where it stands fits, shrink elsewhere.
    for candidates in [[frame.origin], positions] {
      for p in candidates {
        let moved = Rect(x: p.x, y: p.y, width: frame.width, height: frame.height).clamped(to: bounds)
        for piece in pieces(of: moved, cutBy: obstacles, depth: maxCuts)
        where piece.width >= minimumSize.width - 1e-9 && piece.height >= minimumSize.height - 1e-9 {
          let score = Score(area: piece.area, from: frame, to: piece, direction: direction)
          if best == nil || score < best!.score { best = (piece, score) }
        }
      }
      if let best { return best.rect }
    }
    return nil
  }

  /// True when `frame` intersects none of `obstacles`.
  ///
  /// - Complexity: O(k).
  public static func isClear(_ frame: Rect, _ obstacles: [Rect]) -> Bool {
    !obstacles.contains { frame.intersects($0) }
  }

  /// Candidate origins: each coordinate original, flush with an obstacle's edge, or flush with `bounds`.
  private static func lattice(for frame: Rect, within bounds: Rect, obstacles: [Rect]) -> [Point] {
    let tiny = 1e-9
    var xs = [frame.x, bounds.minX, bounds.maxX - frame.width]
    var ys = [frame.y, bounds.minY, bounds.maxY - frame.height]
    for o in obstacles {
      xs += [o.maxX, o.minX - frame.width - tiny]
      ys += [o.maxY, o.minY - frame.height - tiny]
    }
    return ys.flatMap { y in xs.map { Point(x: $0, y: y) } }
  }

  /// The clear pieces of `frame` on each side of the obstacles it hits, cut up to `depth` times.
  private static func pieces(of frame: Rect, cutBy obstacles: [Rect], depth: Int) -> [Rect] {
    guard let obstacle = obstacles.first(where: { frame.intersects($0) }) else {
      return frame.width > 0 && frame.height > 0 ? [frame] : []
    }
    guard depth > 0 else { return [] }
    let tiny = 1e-9
    let sides = [
      frame.horizontalSpan(from: frame.minX, to: obstacle.minX - tiny),
      frame.horizontalSpan(from: obstacle.maxX, to: frame.maxX),
      frame.verticalSpan(from: frame.minY, to: obstacle.minY - tiny),
      frame.verticalSpan(from: obstacle.maxY, to: frame.maxY),
    ].filter { $0.width > 0 && $0.height > 0 }
    return sides.flatMap { pieces(of: $0, cutBy: obstacles, depth: depth - 1) }
  }

  /// Orders candidates: larger area first (shrinking only), then shorter move, then down before level
  /// before up, then trailing before level before leading.
  private struct Score: Comparable {
    var negatedArea: Double
    var distance: Double
    var verticalRank: Int
    var horizontalRank: Int

    init(area: Double, from a: Rect, to b: Rect, direction: LayoutDirection) {
      let dx = b.midX - a.midX
      let dy = b.midY - a.midY
      negatedArea = -area
      distance = dx * dx + dy * dy  // squared: ordering only, and LayoutCore links without libm
      verticalRank = dy > 1e-9 ? 0 : (dy < -1e-9 ? 2 : 1)
      let trailing = direction == .leftToRight ? dx : -dx
      horizontalRank = trailing > 1e-9 ? 0 : (trailing < -1e-9 ? 2 : 1)
    }

    static func < (l: Score, r: Score) -> Bool {
      if abs(l.negatedArea - r.negatedArea) > 1e-9 { return l.negatedArea < r.negatedArea }
      // Moves differing by less than 1e-6 pt² are ties (flush-left moves carry a 1e-9 pt clearance).
      if abs(l.distance - r.distance) > 1e-6 { return l.distance < r.distance }
      if l.verticalRank != r.verticalRank { return l.verticalRank < r.verticalRank }
      return l.horizontalRank < r.horizontalRank
    }
  }
}
