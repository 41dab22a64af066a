import FoldTrace
import LayoutCore

extension RecordingChecker {
  /// A layout: shape, decisions, columns, and each element's new target.
  mutating func receiveLayout(
    _ layout: RecordedLayout, scene: inout SceneRecord, id: SceneID, at now: UInt64, index: Int
  ) {
    closeRestState(&scene, id: id, at: now, final: false)
    scene.restSince = now
    if let shape = layout.shape, let recorded = LayoutShape(rawValue: shape) {
      if let expected = scene.expectedShape, expected != recorded {
        fail(
          .shape, scene: id, index: index, time: now, element: nil, expected: expected.rawValue,
          actual: shape, summary: "the recorded shape \(shape) does not follow the recorded size classes")
      }
      // Appended in place: a copy taken out of the dictionary would be copied whole on append.
      if shapeTransitions[id]?.transitions.last?.shape != recorded {
        let transition = ReplaySummary.Transition(time: now, eventIndex: index, shape: recorded)
        if shapeTransitions[id] != nil {
          shapeTransitions[id]!.append(transition)
        } else if shapeTransitions.count < ReplaySummary.sceneLimit {
          shapeTransitions[id] = ReplaySummary.SceneShapes(scene: id, transitions: [transition])
        } else if unlistedScenes.insert(id).inserted {
          tally.unlistedScenes += 1
        }
      }
    }
    decide("shape", layout.shape, scene: &scene, id: id, at: now, index: index)
    decide("presentation", layout.presentation, scene: &scene, id: id, at: now, index: index)
    decide("columns", layout.columns.map(String.init), scene: &scene, id: id, at: now, index: index)
    if let columns = layout.columns, scene.canFold, columns > 1, columns % 2 == 1 {
      fail(
        .evenColumns, scene: id, index: index, time: now, element: nil, expected: "an even column count",
        actual: "\(columns) columns", summary: "a scene that can fold laid out an odd number of columns")
    }
    // While the user drags the size, a layout may follow the geometry without animating, by at most as
    // much as the geometry changed since the last layout.
    var tracking: Double?
    if scene.resizing, let now = scene.geometry {
      tracking = Self.change(from: scene.geometryAtLayout ?? now, to: now) + tolerances.position
    }
    scene.geometryAtLayout = scene.geometry
    for element in layout.elements {
      guard var motion = scene.motions[element.id] else {
        scene.motions[element.id] = ElementMotion(
          onScreen: element.frame, target: element.frame, start: element.frame, targetTime: now,
          targetIndex: index, order: scene.nextOrder)
        scene.nextOrder += 1
        continue
      }
      guard motion.target != element.frame else { continue }
      // Moving: presented lately, or retargeted lately and not presented since (the animation had not
      // reached a refresh yet).
      let moving = motion.isMoving(at: now, gap: tolerances.retargetGap)
      if motion.lastSample != nil && motion.isInvisible && !moving {
        // It came to rest invisible, so not on screen: it appears at its new frame, at rest.
        // (One still moving at opacity 0 is fading in, and springs on from where it is.)
        closeMotion(&motion, id: element.id, scene: id)
        scene.motions[element.id] = ElementMotion(
          onScreen: element.frame, target: element.frame, start: element.frame, targetTime: now,
          targetIndex: index, order: motion.order)
        continue
      }
      if let tracking, !moving, distance(motion.onScreen, motion.target) <= tolerances.rest,
        distance(motion.target, element.frame) <= tracking
      {
        // Tracked the drag: at rest on the new frame at once.
        motion = ElementMotion(
          onScreen: element.frame, target: element.frame, start: element.frame, targetTime: now,
          targetIndex: index, order: motion.order)
        scene.motions[element.id] = motion
        continue
      }
      if !moving || distance(motion.onScreen, motion.target) <= tolerances.rest {
        closeMotion(&motion, id: element.id, scene: id)
        motion.carriedMove = 0
      } else {
        // A retarget keeps the spring's velocity: the steps may stay as large as the move it came from.
        motion.carriedMove = max(motion.carriedMove, distance(motion.start, motion.target))
      }
      // Retargeted while moving, the on-screen frame is the last one presented (or, before any, the one
      // the move before started from), and the spring has run on since.
      motion.startTime = moving ? (motion.lastSample ?? motion.startTime ?? motion.targetTime) : nil
      motion.start = motion.onScreen
      motion.target = element.frame
      motion.targetTime = now
      motion.targetIndex = index
      motion.crossFades = scene.crossFades
      motion.lastSample = nil
      motion.faded = false
      motion.reportedJump = false
      motion.reportedOvershoot = false
      scene.motions[element.id] = motion
    }
    scene.needsAnchorCheck = true
    let previous = scene.layout?.elements.map(\.id) ?? []
    scene.layout = layout
    scene.layoutIDs = Set(layout.elements.map(\.id))
    scene.keepReportedRegions(of: layout)
    forget(previous, in: &scene, id: id, at: now)
  }

  /// A decision's next value; flapping when it returns to the value before within the minimum dwell
  /// while the size classes did not cross back.
  private mutating func decide(
    _ name: String, _ value: String?, scene: inout SceneRecord, id: SceneID, at now: UInt64, index: Int
  ) {
    guard let value else { return }
    guard let held = scene.decisions[name] else {
      scene.decisions[name] = Decision(value: value, since: now)
      return
    }
    guard held.value != value else { return }
    if held.previous == value, now - held.since < tolerances.minimumDwell {
      let window = held.since > tolerances.settle ? held.since - tolerances.settle : 0
      // A presentation or column count may follow another input there and back (a hinge through
      // partially open and back moves the division), as the replay's flapping check allows.
      let followedInput = name != "shape" && scene.otherInputChangedTwice(since: window)
      if !scene.shapeChangedTwice(since: window) && !followedInput {
        let milliseconds = ReplayFormat.number(Double(now - held.since) / 1e6)
        fail(
          .flapping, scene: id, index: index, time: now, element: name,
          expected: "\(held.value) held at least \(tolerances.minimumDwell / 1_000_000) ms",
          actual: "\(value) → \(held.value) → \(value) after \(milliseconds) ms",
          summary: "the \(name) flapped back to \(value) while the size classes held")
      }
    }
    scene.decisions[name] = Decision(value: value, since: now, previous: held.value)
  }

  /// One element's presented sample: start, continuity, overshoot.
  ///
  /// `tracking` is how much the scene's geometry changed since its last presented sample while the user
  /// drags its size (0 otherwise): the frames may follow it on top of the spring, by up to twice that
  /// (the element's own frame and the target it springs to both move with the drag).
  mutating func receivePresented(
    _ element: PresentedElement, scene: inout SceneRecord, id: SceneID, at now: UInt64, index: Int,
    tracking: Double = 0
  ) {
    guard var motion = scene.motions[element.id] else {
      scene.motions[element.id] = ElementMotion(
        onScreen: element.frame, target: element.frame, start: element.frame, targetTime: now,
        targetIndex: index, lastSample: now, order: scene.nextOrder)
      scene.nextOrder += 1
      return
    }
    let move = max(distance(motion.start, motion.target), motion.carriedMove)
    let omega = tolerances.omega
    let tracking = 2 * tracking
    let fading = scene.crossFades && (element.opacity < 1 || motion.lastOpacity < 1)
    if element.opacity < 1 { motion.faded = true }
    let frame = ReplayFormat.rect(element.frame)
    // A snap: `step` pt from `origin` to this frame in one refresh of `dt` s, more than `bound` pt.
    // Reported once per element.
    func reportJump(_ step: Double, from origin: TraceRect, bound: Double, dt: Double) {
      guard !motion.reportedJump else { return }
      motion.reportedJump = true
      fail(
        .frameJump, scene: id, index: index, time: now, element: element.id,
        expected: "at most \(ReplayFormat.number(bound)) pt in \(ReplayFormat.number(dt * 1000)) ms",
        actual: "\(ReplayFormat.number(step)) pt, from \(ReplayFormat.rect(origin)) to \(frame)",
        summary: "jumped \(ReplayFormat.number(step)) pt in one refresh (a snap)")
    }
    if let last = motion.lastSample {
      let step = distance(motion.onScreen, element.frame)
      maximumFrameJump = max(maximumFrameJump, step)
      let dt = Double(now - last) / 1e9
      let bound = tolerances.position + tracking + move * min(1, tolerances.stepFactor * omega * dt)
      if step > bound && !fading { reportJump(step, from: motion.onScreen, bound: bound, dt: dt) }
    } else {
      // The first sample after a layout: one refresh (at least 1/60 s) from the on-screen value, or
      // from the last frame presented when the layout retargeted a move under way.
      let dt = max(Double(now - (motion.startTime ?? motion.targetTime)) / 1e9, 1.0 / 60)
      let bound = tolerances.position + tracking + move * min(1, tolerances.stepFactor * omega * dt)
      let offset = distance(motion.start, element.frame)
      if offset > bound && !fading && distance(element.frame, motion.target) <= tolerances.rest {
        // Already on the new frame at the first refresh: a cut, not a late start.
        reportJump(offset, from: motion.start, bound: bound, dt: dt)
      } else if offset > bound && !fading {
        fail(
          .retargetOrigin, scene: id, index: index, time: now, element: element.id,
          expected:
            "within \(ReplayFormat.number(bound)) pt of the on-screen \(ReplayFormat.rect(motion.start))",
          actual: frame, summary: "started \(ReplayFormat.number(offset)) pt from its on-screen frame")
      }
    }
    // While the user drags the size the target itself moves with the drag: a spring that lags a moving
    // target passes where the target was, which is no overshoot. Nor is passing a target the spring
    // was retargeted to while it moved: the velocity it keeps may carry it past (as the replay's rule
    // allows when it already moved toward the target faster than ω × distance).
    if !fading, !scene.resizing, motion.carriedMove == 0, !motion.reportedOvershoot,
      let passed = overshoot(motion, element.frame)
    {
      motion.reportedOvershoot = true
      fail(
        .overshoot, scene: id, index: index, time: now, element: element.id,
        expected: "no farther than its layout frame \(ReplayFormat.rect(motion.target))", actual: frame,
        summary: "overshot its layout frame by \(ReplayFormat.number(passed)) pt")
    }
    motion.onScreen = element.frame
    motion.lastSample = now
    motion.lastOpacity = element.opacity
    scene.motions[element.id] = motion
  }

  /// How far past the target `frame` is, along any edge that moved, beyond the position tolerance.
  private func overshoot(_ motion: ElementMotion, _ frame: TraceRect) -> Double? {
    let pairs = [
      (motion.start.x, motion.target.x, frame.x), (motion.start.y, motion.target.y, frame.y),
      (motion.start.width, motion.target.width, frame.width),
      (motion.start.height, motion.target.height, frame.height),
    ]
    var worst = 0.0
    for (start, target, value) in pairs where start != target {
      let past = (value - target) * (target > start ? 1 : -1)
      worst = max(worst, past)
    }
    return worst > tolerances.position ? worst : nil
  }

  /// Ends one move: it must have been presented moving (or cross-fading, when the move started under
  /// Reduce Motion or Prefer Cross-Fade: ``ElementMotion/crossFades``), and rest on its target.
  ///
  /// An `interrupted` move (its scene disconnected while it moved) has no end: only what was presented
  /// of it is checked, so neither a missing refresh nor a missed rest is a snap.
  mutating func closeMotion(
    _ motion: inout ElementMotion, id element: String, scene: SceneID, interrupted: Bool = false
  ) {
    let crossFades = motion.crossFades
    let move = distance(motion.start, motion.target)
    guard move > tolerances.position else { return }
    let target = ReplayFormat.rect(motion.target)
    guard motion.lastSample != nil else {
      guard !interrupted else { return }
      fail(
        crossFades ? .crossFade : .frameJump, scene: scene, index: motion.targetIndex,
        time: motion.targetTime,
        element: element, expected: "presented frames moving to \(target)",
        actual: "no presented frame: it cut from \(ReplayFormat.rect(motion.start))",
        summary: "moved \(ReplayFormat.number(move)) pt without being presented moving (a snap)")
      motion.onScreen = motion.target
      return
    }
    if crossFades && !motion.faded {
      fail(
        .crossFade, scene: scene, index: motion.targetIndex, time: motion.targetTime, element: element,
        expected: "a cross-fade (an opacity below 1) under Reduce Motion",
        actual: "a slide at full opacity", summary: "slid \(ReplayFormat.number(move)) pt under Reduce Motion"
      )
    }
    let off = distance(motion.onScreen, motion.target)
    // A last frame too faint to show (a fade-out's tail) is no visible rest.
    if off > tolerances.rest && !interrupted && !motion.isInvisible {
      fail(
        .endSnap, scene: scene, index: motion.targetIndex, time: motion.lastSample ?? motion.targetTime,
        element: element, expected: "at rest on its layout frame \(target)",
        actual: "last presented at \(ReplayFormat.rect(motion.onScreen))",
        summary: "came to rest \(ReplayFormat.number(off)) pt from its recorded layout")
    }
  }

  /// Ends a period in which the scene's layout and regions held: at rest (it lasted the settle time, or
  /// the recording ends) no interactive element may touch an active region. At the end every move
  /// closes; when the scene `disconnected` (or the recording was cut), a move still under way then
  /// (``ElementMotion/isMoving(at:gap:)``) closes as interrupted, as the replay's motion check forgets a
  /// scene that leaves mid-move.
  mutating func closeRestState(
    _ scene: inout SceneRecord, id: SceneID, at now: UInt64, final: Bool, disconnected: Bool = false
  ) {
    if let layout = scene.layout, final || now - scene.restSince >= tolerances.settle {
      for element in layout.elements where element.isInteractive {
        for region in scene.activeRegions where intersects(element.frame, region.frame) {
          let where_ = ReplayFormat.rect(region.frame)
          let frame = ReplayFormat.rect(element.frame)
          // Once per element, frame and region (as printed).
          let resting = RestingElement(id: element.id, frame: frame)
          guard scene.regionsReported[resting]?.contains(where_) != true else { continue }
          scene.regionsReported[resting, default: []].append(where_)
          fail(
            .reservedRegion, scene: id, index: nil, time: scene.restSince, element: element.id,
            expected: "clear of the active \(region.kind.rawValue) \(where_)", actual: "at rest at \(frame)",
            summary: "the interactive element rests on an active \(region.kind.rawValue)")
        }
      }
    }
    guard final else { return }
    let order = scene.motions.map { (id: $0.key, order: $0.value.order) }.sorted { $0.order < $1.order }
    for element in order {
      guard var motion = scene.motions[element.id] else { continue }
      let interrupted = disconnected && motion.isMoving(at: now, gap: tolerances.retargetGap)
      closeMotion(&motion, id: element.id, scene: id, interrupted: interrupted)
      motion.start = motion.target
      scene.motions[element.id] = motion
    }
  }

  /// An anchored scroll: across a relayout of the scene, or the first of a new scene after another
  /// scene recorded the same anchor, `anchorTop` stays within the tolerance.
  mutating func checkAnchor(_ id: SceneID, item: String, top: Double, at now: UInt64, index: Int) {
    guard var scene = scenes.removeValue(forKey: id) else { return }
    var before: Double?
    var reason = ""
    if let anchor = scene.anchor {
      if scene.needsAnchorCheck && anchor.item == item {
        before = anchor.top
        reason = "across a relayout"
      }
    } else if let last = lastAnchor, last.scene != id, last.item == item {
      before = last.top
      reason = "across the handover from scene \(last.scene)"
    }
    if let before {
      let drift = abs(top - before)
      maximumAnchorDrift = max(maximumAnchorDrift, drift)
      if drift > tolerances.anchor {
        fail(
          .anchor, scene: id, index: index, time: now, element: item,
          expected:
            "anchorTop \(ReplayFormat.number(before)) pt within \(ReplayFormat.number(tolerances.anchor)) pt",
          actual: "\(ReplayFormat.number(top)) pt",
          summary: "the scroll anchor moved \(ReplayFormat.number(drift)) pt \(reason)")
      }
    }
    scene.anchor = (item, top)
    scene.needsAnchorCheck = false
    scenes[id] = scene
    lastAnchor = (id, item, top)
  }

  /// How far a geometry moved any edge of the scene or its safe area, in points.
  static func change(from before: SceneGeometry, to now: SceneGeometry) -> Double {
    max(
      abs(now.size.width - before.size.width), abs(now.size.height - before.size.height),
      abs(now.safeArea.top - before.safeArea.top), abs(now.safeArea.bottom - before.safeArea.bottom),
      abs(now.safeArea.leading - before.safeArea.leading),
      abs(now.safeArea.trailing - before.safeArea.trailing))
  }

  /// The largest difference of the four values, in points.
  func distance(_ a: TraceRect, _ b: TraceRect) -> Double {
    max(abs(a.x - b.x), abs(a.y - b.y), abs(a.width - b.width), abs(a.height - b.height))
  }

  /// Whether the rectangles share interior points; a zero-width (or zero-height) region is a line that
  /// an element crosses when the line passes strictly inside it.
  func intersects(_ a: TraceRect, _ b: TraceRect) -> Bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
      || (b.width == 0 && a.x < b.x && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
      || (b.height == 0 && a.y < b.y && b.y < a.y + a.height && a.x < b.x + b.width && b.x < a.x + a.width)
  }
}

extension ReplayFormat {
  /// A recorded frame as `[x,y,w,h]` in points.
  static func rect(_ r: TraceRect) -> String {
    "[\(number(r.x)),\(number(r.y)),\(number(r.width)),\(number(r.height))]"
  }
}
