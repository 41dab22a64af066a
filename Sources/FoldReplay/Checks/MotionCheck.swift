import FoldTrace
import LayoutCore

/// Checks the no-snap promises on the sampled presentation (LayoutCore's LayoutRules, "Fold and resize
/// motion"):
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
/// While the user drags a window's size, an element that tracks the geometry directly — its frame jumps
/// to its target at the retarget by no more than the scene's size changed since the previous retarget
/// (|Δwidth| + |Δheight|, plus ``ReplayTolerances/trackingSlack``) — is exempt until the next retarget;
/// one that springs is checked. A larger jump is a re-arrangement, not the geometry moving: a snap, even
/// mid-drag (LayoutRules, "Motion state": a structural change waits for the drag's end or animates).
/// Each element is reported at most once per check between two retargets.
struct MotionCheck {
  /// Four per-component values, in the order x, y, width, height.
  typealias Quad = SIMD4<Double>

  private struct Track: StringIdentified {
    var id: String
    var frame: Rect
    var time: UInt64
    /// Last observed speed per component, points per second.
    var speed: Quad
    /// The target at the last retarget or sample.
    var target: Rect
    var exempt: Bool
    var reduceMotion: Bool
    var origin: Rect
    var moved: Bool
    var faded: Bool
    var lastSign: SIMD4<Int>
    var crossings: SIMD4<Int>
    var mayCross: SIMD4<Int>
    /// The checks already reported, one bit per ``ReplayCheck`` case.
    var reported: UInt32
    /// True when the last sample was checked in full and left the element standing still: its frame had
    /// not moved since the sample before, so every speed is 0. A next sample with the same frame and
    /// target then passes every check on the frame (see ``MotionCheck/check(_:of:against:report:)``).
    var idle = false

    mutating func markReported(_ check: ReplayCheck) -> Bool {
      let bit = UInt32(1) << UInt32(ReplayCheck.allCases.firstIndex(of: check) ?? 31)
      guard reported & bit == 0 else { return false }
      reported |= bit
      return true
    }
  }

  /// One scene's tracks, stored in an array in the order they were first seen; ``index`` finds one by
  /// element id. Samples list elements in the same order tick after tick, so the lookup first tries the
  /// position the element had in the sample (an integer compare of short ids) before hashing.
  private struct SceneTracks {
    var tracks: ContiguousArray<Track> = []
    /// The position of each track's id; tracks added since the last ``reindex()`` are searched.
    var index = IDIndex()

    func position(of id: String, hint: Int) -> Int? {
      Self.position(of: id, hint: hint, after: nil, in: tracks.span, index: index)
    }

    /// The position of the track of element `id` among `tracks`: first the `hint` (the element's place in
    /// the sample), then the place after the `previous` element's track, then `index`. The ids are
    /// compared where they are stored.
    static func position(
      of id: String, hint: Int, after previous: Int?, in tracks: Span<Track>, index: IDIndex
    ) -> Int? {
      if hint < tracks.count, tracks[hint].id == id { return hint }
      // Once an element has faded out of the sample, the rest sit one place earlier than their tracks:
      // the place after the previous element's track is then the right guess.
      if let previous, previous + 1 < tracks.count, tracks[previous + 1].id == id { return previous + 1 }
      return index.position(of: id, in: tracks)
    }

    /// Replaces the track at `position`, or adds `track` when `position` is nil (its id is then new: no
    /// track had it).
    mutating func set(_ track: Track, at position: Int?) {
      if let position {
        tracks[position] = track
      } else {
        tracks.append(track)
      }
    }

    /// Takes the tracks added since the last call into ``index`` (once per record, not per track).
    mutating func reindex() {
      guard index.count < tracks.count else { return }
      let tracks = tracks
      index.rebuild(tracks.span)
    }
  }

  let tolerances: ReplayTolerances
  /// Each moving scene's tracks, in the order scenes started moving (a replay has one or two scenes: a
  /// linear search beats hashing the id at every sample). Never iterated for output. Holds only
  /// connected scenes in motion: a scene's tracks go when a sample finds it settled or it disconnects.
  private var scenes: [(id: SceneID, tracks: SceneTracks)] = []
  /// The largest movement of any element between two samples or across a retarget, in points.
  private(set) var maximumJump: Double = 0
  /// ``maximumJump`` per scene.
  private var sceneJumps: [SceneID: Double] = [:]

  /// The largest movement of an element of `scene` between two samples or across a retarget, in points.
  func maximumJump(of scene: SceneID) -> Double {
    sceneJumps[scene] ?? 0
  }

  /// Forgets a scene that disconnected: drops its tracks (a scene that leaves mid-move sends no settled
  /// sample that would drop them) and takes its ``maximumJump(of:)`` out, so it costs the motion check
  /// nothing, however many scenes come and go. If it connects again, its moves start afresh.
  /// - Returns: The scene's largest jump, in points (0 when it had none).
  /// - Complexity: O(m) for the m scenes in motion.
  mutating func forget(_ scene: SceneID) -> Double {
    scenes.removeAll { $0.id == scene }
    return sceneJumps.removeValue(forKey: scene) ?? 0
  }

  /// Starts measuring one record's jumps apart: ``maximumJump`` holds the record's own until
  /// ``endJumps(of:keeping:)``.
  private mutating func beginJumps() -> Double {
    defer { maximumJump = 0 }
    return maximumJump
  }

  /// Files the record's largest jump under `scene` and restores the overall maximum.
  private mutating func endJumps(of scene: SceneID, keeping overall: Double) {
    let jump = maximumJump
    maximumJump = max(overall, jump)
    sceneJumps[scene] = max(sceneJumps[scene] ?? jump, jump)
  }

  /// True when a still element's zero steps are within every frame-jump bound: the position tolerance is
  /// not negative (nor NaN).
  private let passesStill: Bool

  init(tolerances: ReplayTolerances) {
    self.tolerances = tolerances
    self.passesStill = tolerances.position >= 0
  }

  /// Removes and returns `scene`'s tracks (empty when it has none), so they are uniquely referenced while
  /// they are updated.
  private mutating func takeTracks(of scene: SceneID) -> SceneTracks {
    // From the end: the scene sampled last is put back last (each scene is listed once).
    guard let index = scenes.indices.last(where: { scenes[$0].id == scene }) else { return SceneTracks() }
    return scenes.remove(at: index).tracks
  }

  private static func components(_ rect: Rect) -> Quad { Quad(rect.x, rect.y, rect.width, rect.height) }

  private static func components(_ velocity: RectVelocity) -> Quad {
    Quad(velocity.x, velocity.y, velocity.width, velocity.height)
  }

  /// The largest of four values, compared as `Sequence.max()` does (a later value wins only when the
  /// current one is less than it).
  private static func largest(_ values: Quad) -> Double {
    var result = values[0]
    for index in 1..<4 where result < values[index] { result = values[index] }
    return result
  }

  private static func absolute(_ values: Quad) -> Quad {
    Quad(abs(values[0]), abs(values[1]), abs(values[2]), abs(values[3]))
  }

  private static func distance(_ a: RectVelocity, _ b: RectVelocity) -> Double {
    largest(absolute(components(a) - components(b)))
  }

  private static func text(_ velocity: RectVelocity) -> String {
    ReplayFormat.rect(Rect(x: velocity.x, y: velocity.y, width: velocity.width, height: velocity.height))
  }

  private static func distance(_ a: Rect, _ b: Rect) -> Double {
    largest(absolute(components(a) - components(b)))
  }

  /// True when each component of `frame` minus the same one of `previous` is exactly 0 (not NaN). In
  /// scalars: a mask of 64-bit lanes cost more.
  @inline(__always)
  private static func isStill(_ frame: Rect, from previous: Rect) -> Bool {
    frame.x - previous.x == 0 && frame.y - previous.y == 0 && frame.width - previous.width == 0
      && frame.height - previous.height == 0
  }

  /// True when each component of `a` is `==` the same one of `b`.
  @inline(__always)
  private static func isSame(_ a: Rect, _ b: Rect) -> Bool {
    a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
  }

  /// Per component, 0 when the frame is within the position tolerance of the target, else −1 below it and
  /// 1 above it (or NaN). Read from the rects' numbers and built at once (setting the lanes of a vector one
  /// by one cost more).
  private func signs(_ frame: Rect, _ target: Rect) -> SIMD4<Int> {
    let tolerance = tolerances.position
    @inline(__always)
    func sign(_ value: Double, _ goal: Double) -> Int {
      abs(value - goal) <= tolerance ? 0 : (value < goal ? -1 : 1)
    }
    return SIMD4(
      sign(frame.x, target.x), sign(frame.y, target.y), sign(frame.width, target.width),
      sign(frame.height, target.height))
  }

  /// Checks a retarget.
  ///
  /// - Parameters:
  ///   - retarget: The retarget.
  ///   - geometryChange: How much the scene's size changed since its previous retarget (or its first
  ///     plan), |Δwidth| + |Δheight| in points.
  ///   - structuralChange: The structural decisions the new plan changed, in words (`presentation split →
  ///     stack`), or nil when it changed none.
  ///   - report: Receives each failure.
  mutating func observe(
    _ retarget: Retarget, geometryChange: Double, structuralChange: String?,
    report: (ReplayFailure) -> Void
  ) {
    let overall = beginJumps()
    defer { endJumps(of: retarget.scene, keeping: overall) }
    var sceneTracks = takeTracks(of: retarget.scene)
    // The presentations are read where the record holds them: a search of `before` through closures
    // copied every presentation it passed (and retained its id).
    let beforeSlice = retarget.before[...]
    let afterSlice = retarget.after[...]
    let befores = beforeSlice.span
    let afters = afterSlice.span
    for offset in afters.indices {
      // The first presentation before the retarget with the element's id.
      var before: Int?
      for index in befores.indices where befores[index].id == afters[offset].id {
        before = index
        break
      }
      observe(
        afters[offset], before: before.map { befores[$0] }, at: offset, of: retarget,
        geometryChange: geometryChange, structuralChange: structuralChange, in: &sceneTracks, report: report)
    }
    sceneTracks.reindex()
    scenes.append((retarget.scene, sceneTracks))
  }

  /// Checks one element of a retarget, `after` it and `before` it (nil for an element new in the plan),
  /// and starts its track.
  private mutating func observe(
    _ after: borrowing ElementPresentation, before: ElementPresentation?, at offset: Int,
    of retarget: Retarget, geometryChange: Double, structuralChange: String?,
    in sceneTracks: inout SceneTracks, report: (ReplayFailure) -> Void
  ) {
    let omega = tolerances.omega
    let position = sceneTracks.position(of: after.id, hint: offset)
    // An element whose target did not change keeps its move (and the rules it started under): a
    // retarget that leaves it alone is not a new move.
    if let before, before.target == after.target, before.frame == after.frame,
      before.velocity == after.velocity, position != nil
    {
      return
    }
    func fail(_ check: ReplayCheck, _ expected: String, _ actual: String, _ summary: String) {
      report(
        ReplayFailure(
          check: check, scene: retarget.scene, eventIndex: retarget.eventIndex, time: retarget.time,
          element: after.id, expected: expected, actual: actual, summary: summary))
    }
    // While the user drags a window's size an element may track the geometry directly (its frame is its
    // target at once, moved no farther than the geometry did); one that springs instead, or jumps
    // farther, is checked like any other.
    let onTarget = Self.distance(after.frame, after.target) <= tolerances.position
    let followsGeometry =
      before.map {
        Self.distance($0.frame, after.frame)
          <= geometryChange + tolerances.trackingSlack + tolerances.position
      } ?? true
    let tracks = retarget.isInteractivelyResizing && onTarget && followsGeometry
    if let before, !tracks, !retarget.reduceMotion {
      let jump = Self.distance(before.frame, after.frame)
      maximumJump = max(maximumJump, jump)
      let velocityChange = Self.distance(before.velocity, after.velocity)
      let speed = Self.largest(Self.absolute(Self.components(before.velocity)))
      if jump > tolerances.position,
        Self.distance(after.frame, after.target) <= tolerances.position
      {
        let during =
          retarget.isInteractivelyResizing
          ? " during a window drag that moved the geometry \(ReplayFormat.number(geometryChange)) pt"
            + (structuralChange.map { " (\($0): a structural change waits for the drag's end or animates)" }
              ?? "")
          : ""
        fail(
          .frameJump, "a move from \(ReplayFormat.rect(before.frame)) that starts there",
          "at its target \(ReplayFormat.rect(after.target)) at once",
          "snapped \(ReplayFormat.number(jump)) pt to its new target" + during)
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
    var mayCross = SIMD4<Int>()
    for index in 0..<4 {
      let toward = (goal[index] - x[index]).sign == .minus ? -v[index] : v[index]
      mayCross[index] = toward > 0.9 * omega * abs(goal[index] - x[index]) ? 1 : 0
    }
    let origin = before?.frame
    let track = Track(
      id: after.id, frame: after.frame, time: retarget.time, speed: Self.absolute(v),
      target: after.target, exempt: tracks, reduceMotion: retarget.reduceMotion,
      origin: origin ?? after.frame,
      moved: Self.distance(origin ?? after.target, after.target) > tolerances.position,
      faded: false, lastSign: signs(after.frame, after.target), crossings: SIMD4<Int>(),
      mayCross: mayCross, reported: 0)
    sceneTracks.set(track, at: position)
  }

  mutating func observe(_ sample: FrameSample, report: (ReplayFailure) -> Void) {
    let overall = beginJumps()
    defer { endJumps(of: sample.scene, keeping: overall) }
    // The scene's tracks are taken out of the list (swapped for empty ones, so they stay uniquely
    // referenced while they are updated) and put back in the same place.
    var sceneTracks = SceneTracks()
    let place = scenes.indices.last { scenes[$0].id == sample.scene }
    if let place { swap(&sceneTracks, &scenes[place].tracks) }
    let count = sample.elements.count
    var offset = 0
    var previous: Int?
    // Elements and tracks are reached where they are stored (no copy of a presentation or a track per
    // element); the tracks' span is let go only to add the track of an element seen for the first time.
    let sampleElements = sample.elements[...]
    let elements = sampleElements.span
    while offset < count {
      let index = sceneTracks.index
      var missing = false
      do {
        var tracks = sceneTracks.tracks.mutableSpan
        while offset < count {
          guard
            let position = SceneTracks.position(
              of: elements[offset].id, hint: offset, after: previous, in: tracks.span, index: index)
          else {
            missing = true
            break
          }
          previous = position
          check(elements, at: offset, of: sample, against: &tracks[position], report: report)
          offset += 1
        }
      }
      guard missing else { break }
      let element = elements[offset]
      let track = Track(
        id: element.id, frame: element.frame, time: sample.time, speed: [0, 0, 0, 0],
        target: element.target,
        exempt: sample.isInteractivelyResizing, reduceMotion: sample.reduceMotion,
        origin: element.frame,
        moved: false, faded: false, lastSign: signs(element.frame, element.target),
        crossings: SIMD4<Int>(), mayCross: SIMD4<Int>(), reported: 0)
      sceneTracks.set(track, at: nil)
      previous = nil
      offset += 1
    }
    sceneTracks.reindex()
    // At rest nothing needs remembering: the next retarget starts every move afresh. Dropping the scene's
    // tracks keeps memory bounded by the scenes in motion, however many come and go.
    if let place {
      if sample.isSettled {
        scenes.remove(at: place)
      } else {
        swap(&sceneTracks, &scenes[place].tracks)
      }
    } else if !sample.isSettled {
      scenes.append((sample.scene, sceneTracks))
    }
  }

  /// Checks element `offset` of a sample, among its `elements`, against its track and moves the track on
  /// to the sample.
  ///
  /// The element is read and the track changed where they are stored (a copy of each presentation
  /// retained its id, a copy of each track moved some 300 bytes).
  ///
  /// An element that stood still at its previous sample (``Track/idle``) and shows the same frame and
  /// target again (fading in or out in place, or at rest), in a sample that is not the last, passes every
  /// check on its frame without evaluating it: its steps are 0, within any bound of a non-negative
  /// tolerance; its signs are the ones already recorded, so it crosses nothing; a cross-fade verdict on
  /// the same frame is the one already reached (and reported, if it failed); and its speeds stay 0. Only
  /// its time moves on, and under Reduce Motion its opacity is noted.
  @inline(__always)
  private mutating func check(
    _ elements: Span<ElementPresentation>, at offset: Int, of sample: FrameSample,
    against track: inout Track, report: (ReplayFailure) -> Void
  ) {
    let frame = elements[offset].frame
    let target = elements[offset].target
    let opacity = elements[offset].opacity
    // Number by number: a step of exactly 0 (not NaN), the same target.
    if track.idle, passesStill, !sample.isSettled, Self.isStill(frame, from: track.frame),
      Self.isSame(target, track.target)
    {
      if track.reduceMotion, !track.exempt, opacity < 1 - 1e-6 { track.faded = true }
      track.frame = frame
      track.time = sample.time
      return
    }
    let omega = tolerances.omega
    func fail(_ check: ReplayCheck, _ expected: String, _ actual: String, _ summary: String) {
      guard track.markReported(check) else { return }
      report(
        ReplayFailure(
          check: check, scene: sample.scene, eventIndex: sample.eventIndex, time: sample.time,
          element: elements[offset].id, expected: expected, actual: actual, summary: summary))
    }
    let h = Double(sample.time - track.time) / 1e9
    let old = Self.components(track.frame)
    let new = Self.components(frame)
    let goal = Self.components(target)
    let steps = Self.absolute(new - old)
    let exempt = track.exempt
    let reduceMotion = track.reduceMotion
    if !exempt, !reduceMotion {
      maximumJump = max(maximumJump, Self.largest(steps))
      // Every component's bound at once: lane by lane the same operations, in the same order, as one
      // component's `1.5 × (|v|·h + h²·(ω²·|x − target| + 2ω·|v|)) + tolerance`.
      let speed = track.speed
      let pull = omega * omega * Self.absolute(old - goal) + 2 * omega * speed
      let bound = 1.5 * (speed * h + h * h * pull) + tolerances.position
      let over = steps .> bound
      if any(over), let index = (0..<4).first(where: { over[$0] }) {
        fail(
          .frameJump,
          "at most \(ReplayFormat.number(bound[index])) pt in \(ReplayFormat.number(h * 1000)) ms",
          "\(ReplayFormat.number(steps[index])) pt from \(ReplayFormat.rect(track.frame)) to "
            + ReplayFormat.rect(frame),
          "jumped \(ReplayFormat.number(steps[index])) pt in one tick")
      }
      let signs = signs(frame, target)
      let last = track.lastSign
      // A lane crosses when its sign and the last one are opposite (each −1, 0 or 1: a negative product).
      // Lane by lane in scalars: masks of 64-bit lanes cost more than the four multiplications.
      var crossed = false
      for index in 0..<4 where signs[index] &* last[index] < 0 { crossed = true }
      if crossed {
        for index in 0..<4 where signs[index] != 0 {
          if track.lastSign[index] != 0, signs[index] != track.lastSign[index] {
            track.crossings[index] += 1
            if track.crossings[index] > 1 || track.mayCross[index] == 0 {
              fail(
                .overshoot,
                track.mayCross[index] != 0
                  ? "at most one crossing of the target" : "no crossing of the target (bounce 0)",
                "crossed \(ReplayFormat.rect(target)) \(track.crossings[index]) time(s), now at "
                  + ReplayFormat.rect(frame), "overshot its target")
            }
          }
          track.lastSign[index] = signs[index]
        }
      } else {
        // No component crossed: only the signs off the target are remembered.
        for index in 0..<4 where signs[index] != 0 { track.lastSign[index] = signs[index] }
      }
    }
    if reduceMotion, !exempt {
      if Self.distance(frame, track.origin) > tolerances.position,
        Self.distance(frame, target) > tolerances.position
      {
        fail(
          .crossFade,
          "only \(ReplayFormat.rect(track.origin)) or \(ReplayFormat.rect(target))",
          "\(ReplayFormat.rect(frame))",
          "slid with Reduce Motion on instead of cross-fading")
      }
      if opacity < 1 - 1e-6 { track.faded = true }
    }
    if sample.isSettled {
      if Self.distance(frame, target) > tolerances.position {
        fail(
          .endSnap, "at rest on \(ReplayFormat.rect(target))",
          "at rest on \(ReplayFormat.rect(frame))",
          "came to rest off its target")
      }
      if reduceMotion, track.moved, !track.faded, !exempt {
        fail(
          .crossFade, "a cross-fade (opacity below 1 while it moved)", "a cut at full opacity",
          "moved with Reduce Motion on without fading")
      }
    }
    let speed = h > 0 ? steps / Quad(repeating: h) : track.speed
    track.speed = speed
    track.frame = frame
    track.time = sample.time
    track.target = target
    track.idle = speed == Quad(repeating: 0)
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
