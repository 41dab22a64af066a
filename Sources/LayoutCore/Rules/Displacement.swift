/// Moves interactive elements out of reserved regions: the smallest move that clears them.
///
/// The rule (`003_f6edf847a2b0c034.txt`, "레이아웃 패턴", 변위; `004_ac78c489c952cb34.txt`, "접힌 부분과
/// 카메라를 위한 예약 영역"): move elements out of reserved regions into a purposeful area; a lone element
/// moves alone, related elements move together, never far from where they were; scrolling content does
/// not avoid the fold. A group of related elements (a bar and its items, a row of controls) is displaced
/// as one frame and its members are laid out inside the result, so they move together.
///
/// The search, in order:
/// 1. If the frame intersects no obstacle, it stays.
/// 2. Translations: from the frame, each intersecting obstacle offers four moves that just clear it
///    (down, up, right, left — flush with its edge); moves compose up to ``maxSteps`` deep, so a frame can
///    clear a camera and then a fold. The shortest (Euclidean) translation that stays inside `bounds` and
///    clears every obstacle wins; ties keep the first in that order (down first: "세로 접힘에서 대화형
///    요소는 아래쪽 절반으로 이동", `003_f6edf847a2b0c034.txt`).
/// 3. If no translation works (a bar spanning a full-height fold cannot move off it), the frame is cut
///    by the obstacles into pieces, and the largest piece that is at least `minimumSize` and clears
///    (after its own shortest translation) is used: the group shrinks to one side of the fold. Ties keep
///    the first piece (left of, then right of, above, below the obstacle).
/// 4. If nothing fits, `nil`: the caller keeps its fallback (this does not happen for reserved regions
///    smaller than half the bounds).
public enum Displacement {
  /// How many moves a translation may compose.
  public static let maxSteps = 3

  /// The frame for a group of related interactive elements that clears every obstacle.
  ///
  /// - Parameters:
  ///   - frame: The group's frame before displacement, in points.
  ///   - bounds: Where the group may go (the safe frame or a pane), in points.
  ///   - obstacles: Active reserved regions and frames already taken by other interactive groups.
  ///   - minimumSize: The smallest frame the group can be laid out in when it must shrink.
  /// - Returns: `frame` itself when clear, a translated or shrunk frame, or `nil` when nothing fits.
  /// - Complexity: O(k^s · k) translations for k intersecting obstacles and s = ``maxSteps``; k is small.
  public static func clear(
    _ frame: Rect, within bounds: Rect, avoiding obstacles: [Rect], minimumSize: Size
  ) -> Rect? {
    if isClear(frame, obstacles) { return frame }
    if let moved = translate(frame, within: bounds, avoiding: obstacles) { return moved }
    var best: Rect?
    for piece in pieces(of: frame, cutBy: obstacles, depth: maxSteps)
    where piece.width >= minimumSize.width - 1e-9 && piece.height >= minimumSize.height - 1e-9 {
      guard
        let placed = isClear(piece, obstacles) ? piece : translate(piece, within: bounds, avoiding: obstacles)
      else { continue }
      if best == nil || placed.area > best!.area + 1e-9 { best = placed }
    }
    return best
  }

  /// True when `frame` intersects none of `obstacles`.
  ///
  /// - Complexity: O(k).
  public static func isClear(_ frame: Rect, _ obstacles: [Rect]) -> Bool {
    !obstacles.contains { frame.intersects($0) }
  }

  /// The shortest composed translation of `frame` that clears all obstacles inside `bounds`, if any.
  private static func translate(_ frame: Rect, within bounds: Rect, avoiding obstacles: [Rect]) -> Rect? {
    var frontier = [frame]
    var best: Rect?
    var bestDistance = Double.infinity
    for _ in 0..<maxSteps {
      var next: [Rect] = []
      for current in frontier {
        for obstacle in obstacles where current.intersects(obstacle) {
          for candidate in moves(current, clearing: obstacle) where candidate.isInside(bounds) {
            let d = distance(frame, candidate)
            if d >= bestDistance { continue }
            if isClear(candidate, obstacles) {
              best = candidate
              bestDistance = d
            } else if !next.contains(candidate) {
              next.append(candidate)
            }
          }
        }
      }
      frontier = next
      if frontier.isEmpty { break }
    }
    return best
  }

  /// The four frames that just clear `obstacle`: down, up, right, left.
  private static func moves(_ frame: Rect, clearing obstacle: Rect) -> [Rect] {
    let tiny = 1e-9
    return [
      Rect(x: frame.x, y: obstacle.maxY, width: frame.width, height: frame.height),
      Rect(x: frame.x, y: obstacle.minY - frame.height - tiny, width: frame.width, height: frame.height),
      Rect(x: obstacle.maxX, y: frame.y, width: frame.width, height: frame.height),
      Rect(x: obstacle.minX - frame.width - tiny, y: frame.y, width: frame.width, height: frame.height),
    ]
  }

  /// The pieces of `frame` on each side of every intersecting obstacle, cut recursively.
  private static func pieces(of frame: Rect, cutBy obstacles: [Rect], depth: Int) -> [Rect] {
    guard depth > 0, let obstacle = obstacles.first(where: { frame.intersects($0) }) else { return [frame] }
    let tiny = 1e-9
    let sides = [
      frame.horizontalSpan(from: frame.minX, to: obstacle.minX - tiny),
      frame.horizontalSpan(from: obstacle.maxX, to: frame.maxX),
      frame.verticalSpan(from: frame.minY, to: obstacle.minY - tiny),
      frame.verticalSpan(from: obstacle.maxY, to: frame.maxY),
    ].filter { $0.width > 0 && $0.height > 0 }
    return sides.flatMap { pieces(of: $0, cutBy: obstacles, depth: depth - 1) }
  }

  /// The squared distance between the origins (ordering only; avoids libm's `sqrt`).
  private static func distance(_ a: Rect, _ b: Rect) -> Double {
    let dx = b.x - a.x
    let dy = b.y - a.y
    return dx * dx + dy * dy
  }
}
