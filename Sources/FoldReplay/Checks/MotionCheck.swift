import FoldTrace
import LayoutCore

/// Checks the no-snap promises on the sampled presentation (`003_f6edf847a2b0c034.txt`, "접힘 및 크기
/// 조정 모션"; `issues show 4`):
///
/// - **frameJump**: between two samples an element moves at most what a spring of the configured
///   duration could: per component, `1.5 × (|v|·h + h²·(ω²·|x − target| + 2ω·|v|)) + tolerance` for
///   h seconds at the last observed speed |v| (a bound on `x'' = −ω²(x − target) − 2ω·x'`); and no
///   retarget puts an element straight on its new target.
/// - **retargetOrigin** / **retargetVelocity**: a retarget starts each element at its presentation
///   value, with its velocity.
/// - **endSnap**: the first sample at rest shows every element on its target; animations settle.
/// - **overshoot**: per component and per retarget, at most one crossing of the target, and only when the
///   element already moved toward it faster than ω × distance (the only case a bounce-0 spring crosses).
/// - **crossFade**: with Reduce Motion, an element is only ever at its old or new frame, and one that
///   moves fades.
///
/// While the user drags a window's size, an element that tracks the geometry directly (its frame jumps to
/// its target at the retarget) is exempt until the next retarget; one that springs is checked.
/// Each element is reported at most once per check between two retargets.
struct MotionCheck {
  private struct Track {
    var frame: Rect
    var time: UInt64
    /// Last observed speed per component, points per second.
    var speed: [Double]
    var target: Rect
    var exempt: Bool
    var reduceMotion: Bool
    var origin: Rect
    var moved: Bool
    var faded: Bool
    var lastSign: [Int]
    var crossings: [Int]
    var mayCross: [Bool]
    var reported: Set<ReplayCheck>
  }

  let tolerances: ReplayTolerances
  private var tracks: [SceneID: [String: Track]] = [:]
  /// The largest movement of any element between two samples or across a retarget, in points.
  private(set) var maximumJump: Double = 0

  init(tolerances: ReplayTolerances) { self.tolerances = tolerances }

  private static func components(_ rect: Rect) -> [Double] { [rect.x, rect.y, rect.width, rect.height] }

  private static func components(_ velocity: RectVelocity) -> [Double] {
    [velocity.x, velocity.y, velocity.width, velocity.height]
  }

  private static func distance(_ a: RectVelocity, _ b: RectVelocity) -> Double {
    zip(components(a), components(b)).map { abs($0 - $1) }.max()!
  }

  private static func text(_ velocity: RectVelocity) -> String {
    ReplayFormat.rect(Rect(x: velocity.x, y: velocity.y, width: velocity.width, height: velocity.height))
  }

  private static func distance(_ a: Rect, _ b: Rect) -> Double {
    zip(components(a), components(b)).map { abs($0 - $1) }.max()!
  }

  private func signs(_ frame: Rect, _ target: Rect) -> [Int] {
    zip(Self.components(frame), Self.components(target)).map { value, goal in
      abs(value - goal) <= tolerances.position ? 0 : (value < goal ? -1 : 1)
    }
  }

  mutating func observe(_ retarget: Retarget, report: (ReplayFailure) -> Void) {
    var sceneTracks = tracks[retarget.scene] ?? [:]
    let omega = tolerances.omega
    for after in retarget.after {
      let before = retarget.before.first { $0.id == after.id }
      // An element whose target did not change keeps its move (and the rules it started under): a
      // retarget that leaves it alone is not a new move.
      if let before, before.target == after.target, before.frame == after.frame,
        before.velocity == after.velocity, sceneTracks[after.id] != nil
      {
        continue
      }
      func fail(_ check: ReplayCheck, _ expected: String, _ actual: String, _ summary: String) {
        report(
          ReplayFailure(
            check: check, scene: retarget.scene, eventIndex: retarget.eventIndex, time: retarget.time,
            element: after.id, expected: expected, actual: actual, summary: summary))
      }
      // While the user drags a window's size an element may track the geometry directly (its frame is its
      // target at once); one that springs instead is checked like any other.
      let tracks =
        retarget.isInteractivelyResizing
        && Self.distance(after.frame, after.target) <= tolerances.position
      if let before, !tracks, !retarget.reduceMotion {
        let jump = Self.distance(before.frame, after.frame)
        maximumJump = max(maximumJump, jump)
        let velocityChange = Self.distance(before.velocity, after.velocity)
        let speed = Self.components(before.velocity).map(abs).max()!
        if jump > tolerances.position, Self.distance(after.frame, after.target) <= tolerances.position {
          fail(
            .frameJump, "a move from \(ReplayFormat.rect(before.frame)) that starts there",
            "at its target \(ReplayFormat.rect(after.target)) at once",
            "snapped \(ReplayFormat.number(jump)) pt to its new target")
        } else if jump > tolerances.position {
          fail(
            .retargetOrigin, "the presentation value \(ReplayFormat.rect(before.frame))",
            "\(ReplayFormat.rect(after.frame))", "a retarget restarted the move from another value")
        } else if velocityChange > tolerances.velocity + tolerances.relativeVelocity * speed {
          fail(
            .retargetVelocity, "velocity \(Self.text(before.velocity)) pt/s",
            "\(Self.text(after.velocity)) pt/s", "a retarget did not keep the velocity")
        }
      }
      let x = Self.components(after.frame)
      let goal = Self.components(after.target)
      let v = Self.components(after.velocity)
      sceneTracks[after.id] = Track(
        frame: after.frame, time: retarget.time, speed: v.map(abs), target: after.target,
        exempt: tracks, reduceMotion: retarget.reduceMotion,
        origin: before?.frame ?? after.frame,
        moved: Self.distance(before?.frame ?? after.target, after.target) > tolerances.position,
        faded: false, lastSign: signs(after.frame, after.target), crossings: [0, 0, 0, 0],
        mayCross: (0..<4).map { index in
          let toward = (goal[index] - x[index]).sign == .minus ? -v[index] : v[index]
          return toward > 0.9 * omega * abs(goal[index] - x[index])
        }, reported: [])
    }
    tracks[retarget.scene] = sceneTracks
  }

  mutating func observe(_ sample: FrameSample, report: (ReplayFailure) -> Void) {
    var sceneTracks = tracks[sample.scene] ?? [:]
    let omega = tolerances.omega
    for element in sample.elements {
      guard var track = sceneTracks[element.id] else {
        sceneTracks[element.id] = Track(
          frame: element.frame, time: sample.time, speed: [0, 0, 0, 0], target: element.target,
          exempt: sample.isInteractivelyResizing, reduceMotion: sample.reduceMotion, origin: element.frame,
          moved: false, faded: false, lastSign: signs(element.frame, element.target),
          crossings: [0, 0, 0, 0], mayCross: [false, false, false, false], reported: [])
        continue
      }
      func fail(_ check: ReplayCheck, _ expected: String, _ actual: String, _ summary: String) {
        guard !track.reported.contains(check) else { return }
        track.reported.insert(check)
        report(
          ReplayFailure(
            check: check, scene: sample.scene, eventIndex: sample.eventIndex, time: sample.time,
            element: element.id, expected: expected, actual: actual, summary: summary))
      }
      let h = Double(sample.time - track.time) / 1e9
      let old = Self.components(track.frame)
      let new = Self.components(element.frame)
      let goal = Self.components(element.target)
      let steps = zip(old, new).map { abs($1 - $0) }
      let exempt = track.exempt
      if !exempt, !track.reduceMotion { maximumJump = max(maximumJump, steps.max()!) }
      if !exempt, !track.reduceMotion {
        for index in 0..<4 {
          let speed = track.speed[index]
          let bound =
            1.5 * (speed * h + h * h * (omega * omega * abs(old[index] - goal[index]) + 2 * omega * speed))
            + tolerances.position
          if steps[index] > bound {
            fail(
              .frameJump, "at most \(ReplayFormat.number(bound)) pt in \(ReplayFormat.number(h * 1000)) ms",
              "\(ReplayFormat.number(steps[index])) pt from \(ReplayFormat.rect(track.frame)) to "
                + ReplayFormat.rect(element.frame),
              "jumped \(ReplayFormat.number(steps[index])) pt in one tick")
            break
          }
        }
        let signs = signs(element.frame, element.target)
        for index in 0..<4 where signs[index] != 0 {
          if track.lastSign[index] != 0, signs[index] != track.lastSign[index] {
            track.crossings[index] += 1
            if track.crossings[index] > 1 || !track.mayCross[index] {
              fail(
                .overshoot,
                track.mayCross[index]
                  ? "at most one crossing of the target" : "no crossing of the target (bounce 0)",
                "crossed \(ReplayFormat.rect(element.target)) \(track.crossings[index]) time(s), now at "
                  + ReplayFormat.rect(element.frame), "overshot its target")
            }
          }
          track.lastSign[index] = signs[index]
        }
      }
      if track.reduceMotion, !exempt {
        if Self.distance(element.frame, track.origin) > tolerances.position,
          Self.distance(element.frame, element.target) > tolerances.position
        {
          fail(
            .crossFade, "only \(ReplayFormat.rect(track.origin)) or \(ReplayFormat.rect(element.target))",
            "\(ReplayFormat.rect(element.frame))", "slid with Reduce Motion on instead of cross-fading")
        }
        if element.opacity < 1 - 1e-6 { track.faded = true }
      }
      if sample.isSettled {
        if Self.distance(element.frame, element.target) > tolerances.position {
          fail(
            .endSnap, "at rest on \(ReplayFormat.rect(element.target))",
            "at rest on \(ReplayFormat.rect(element.frame))",
            "came to rest off its target")
        }
        if track.reduceMotion, track.moved, !track.faded, !exempt {
          fail(
            .crossFade, "a cross-fade (opacity below 1 while it moved)", "a cut at full opacity",
            "moved with Reduce Motion on without fading")
        }
      }
      track.speed = h > 0 ? steps.map { $0 / h } : track.speed
      track.frame = element.frame
      track.time = sample.time
      sceneTracks[element.id] = track
    }
    // At rest nothing needs remembering: the next retarget starts every move afresh. Dropping the scene's
    // tracks keeps memory bounded by the scenes in motion, however many come and go.
    tracks[sample.scene] = sample.isSettled ? nil : sceneTracks
  }

  func observe(_ end: ReplayEnd, report: (ReplayFailure) -> Void) {
    for scene in end.unsettledScenes {
      report(
        ReplayFailure(
          check: .endSnap, scene: scene, eventIndex: end.events - 1, time: end.time,
          expected: "at rest within \(ReplayFormat.seconds(end.settleLimit)) of the last event",
          actual: "still moving", summary: "the animation never settled"))
    }
  }
}
