/// Animates the elements of successive ``LayoutPlan``s without snapping.
///
/// Rules, with their sources:
///
/// - **Moves spring.** An element whose frame changes animates from its *current presentation frame and
///   velocity* to the new frame on ``spring`` — by default ``Spring/reflow``, `.spring(duration: 0.4,
///   bounce: 0)` (LayoutRules, "Fold and resize motion": critically damped, start from the
///   current on-screen value, never snap to the final state). A retarget mid-flight keeps the velocity.
/// - **Appear and disappear fade.** An element new in a plan sits at its frame and fades in (opacity 0 → 1
///   on ``spring``); an element missing from a plan fades out (opacity → 0) at its last frame, then is
///   dropped. The first plan an animator sees is placed at rest: there is nothing to transition from.
/// - **Reduce Motion cross-fades.** When ``LayoutContext/reduceMotion`` is on, a move becomes a short
///   cross-fade on ``crossFadeSpring`` (LayoutRules, "Fold and resize motion": with Reduce Motion a
///   slide or spring becomes a short cross-fade): the element stands at its new frame fading in from 0,
///   while ``ElementPresentation/outgoing`` keeps the old rendering at the old frame fading out from the
///   opacity it had. No frame moves.
/// - **Interactive resizing tracks.** While ``LayoutContext/isInteractivelyResizing`` is true the user
///   holds the window edge, so frames that follow the geometry follow it directly: a settled element whose
///   frame changes by no more than the scene size changed since the previous plan (|Δwidth| + |Δheight|,
///   plus ``trackingSlack`` for pixel rounding) jumps to its new frame — the geometry itself moves that
///   much between two reports, so nothing snaps. A larger change is a re-arrangement (the shape or
///   presentation flipped mid-drag) and springs as usual, and an element still in flight keeps its spring
///   and is retargeted (velocity kept) until it settles, then tracks. This is the light work the
///   resizability notes allow during a drag (LayoutRules, "Resizable windows": only light updates, such as
///   constraints and text size, while dragging; the heavy work once, after the drag ends).
///   The heavy reflow that waits for the drag end is the scroll content's grid column count (see
///   ``ReflowGate``): text re-wrap and frames are light and follow the drag. When the drag ends, any frame
///   that differs from the final plan springs there from where it stands.
///
/// Output order is deterministic: elements of the latest plan in plan order, then disappearing elements in
/// the order they left.
public struct PlanAnimator: Sendable, Hashable {
  /// The spring for moves and fades.
  public var spring: Spring
  /// The spring for Reduce Motion cross-fades.
  public var crossFadeSpring: Spring

  /// The tracks in output order: the latest plan's elements in plan order, then disappearing ones.
  /// Sampling walks this array; only ``update(to:context:at:)`` and ``presentation(of:at:)`` look an id
  /// up, in ``positions``.
  private var tracks: ContiguousArray<Track> = []
  /// The position in ``tracks`` of each element id; never iterated for output.
  private var positions = IDIndex()
  /// True once a plan has been applied.
  private var hasPlan = false
  /// The first time at which every element is at rest, in nanoseconds: the latest settle time of any
  /// element's frame, opacity and outgoing rendering (only the opacity of one fading out). Tracks change
  /// only in ``update(to:context:at:)``, so it is computed there once.
  private var settledAt: UInt64 = 0
  /// When each track comes to rest, in ``tracks``' order: sampling writes a resting element's
  /// presentation, or a fading element's frame, without evaluating its channels.
  private var restTimes: ContiguousArray<RestTimes> = []
  /// Time of the latest update, in nanoseconds.
  public private(set) var lastUpdate: UInt64 = 0
  /// The scene size of the latest update, in points.
  private var lastSize: Size?
  /// How far beyond the scene's own size change a frame may move and still track directly during an
  /// interactive resize, in points (covers pixel rounding in layouts): 1 pt.
  public var trackingSlack = 1.0
  /// The settling times this animator has computed (a cache: no part of equality, see ``SettlingMemo``).
  private var settlingMemo = SettlingMemo()
  /// False makes every update take the general path (tests hold the in-place path to it).
  var updatesInPlace = true

  /// One element's animation state.
  struct Track: Sendable, Hashable {
    let id: String
    /// Whether every byte of ``id`` is ASCII (see ``PlanAnimator/holds(_:_:isASCII:)``).
    let idIsASCII: Bool
    var frame: AnimatedRect
    var opacity: AnimatedValue
    var isRemoved = false
    var outgoing: Ghost?

    init(id: String, frame: AnimatedRect, opacity: AnimatedValue) {
      self.id = id
      self.idIsASCII = id.utf8.allSatisfy { $0 < 0x80 }
      self.frame = frame
      self.opacity = opacity
    }
  }

  /// The outgoing rendering of a Reduce Motion cross-fade: the old frame and its falling opacity.
  struct Ghost: Sendable, Hashable {
    var frame: Rect
    var opacity: AnimatedValue
  }

  /// Creates an animator with no plan.
  ///
  /// - Parameters:
  ///   - spring: Moves and fades; default ``Spring/reflow`` (LayoutRules, "Fold and resize motion").
  ///   - crossFadeSpring: Reduce Motion cross-fades; default ``Spring/crossFade``.
  public init(spring: Spring = .reflow, crossFadeSpring: Spring = .crossFade) {
    self.spring = spring
    self.crossFadeSpring = crossFadeSpring
  }

  /// Applies a new plan at `time`.
  ///
  /// - Parameters:
  ///   - plan: The new layout.
  ///   - context: The context the plan was made for; its `reduceMotion` and `isInteractivelyResizing`
  ///     choose how frames move.
  ///   - time: Nanoseconds; must not be earlier than the previous update.
  /// - Complexity: O(n) in the number of elements of the old and new plans.
  public mutating func update(to plan: LayoutPlan, context: LayoutContext, at time: UInt64) {
    let time = max(time, lastUpdate)
    lastUpdate = time
    prune(at: time)
    let geometryChange = lastSize.map {
      abs(context.size.width - $0.width) + abs(context.size.height - $0.height)
    }
    lastSize = context.size
    // Lent to the transitions below and put back at the end (taken out, so writing to it does not copy).
    var memo = settlingMemo
    settlingMemo = SettlingMemo(capacity: 0)
    defer { settlingMemo = memo }
    if updatesInPlace && tracksFollow(plan) {
      updateInPlace(to: plan, context: context, geometryChange: geometryChange ?? 0, at: time, memo: &memo)
      return
    }
    var newTracks: ContiguousArray<Track> = []
    newTracks.reserveCapacity(max(tracks.count, plan.elements.count))
    // Which old tracks the plan names, by position (ids are unique among tracks), and the new ids seen,
    // so a repeated id is taken once: no hashing of every id into a set.
    var inPlan = Array(repeating: false, count: tracks.count)
    // The ids taken so far, hashed once the plan is long: a scan of the tracks taken so far per new id is
    // quadratic (a plan of 10⁵ new elements took minutes).
    var taken: Set<String>? = plan.elements.count > 64 ? [] : nil
    let transitions = Transitions(
      spring: spring, crossFadeSpring: crossFadeSpring, trackingSlack: trackingSlack, context: context,
      geometryChange: geometryChange ?? 0, time: time)
    for element in plan.elements {
      if let position = positions.position(of: element.id, in: tracks.span) {
        guard !inPlan[position] else { continue }
        inPlan[position] = true
        var track = tracks[position]
        transitions.apply(element.frame, to: &track, memo: &memo)
        taken?.insert(track.id)
        newTracks.append(track)
      } else {
        // An id new to the animator that the plan repeats is taken once (the tracks taken so far are
        // the only ones that can hold it).
        if taken != nil {
          guard taken!.insert(element.id).inserted else { continue }
        } else {
          guard !newTracks.contains(where: { $0.id == element.id }) else { continue }
        }
        newTracks.append(appearing(element.id, element.frame, context: context, at: time, memo: &memo))
      }
    }
    for (position, var track) in tracks.enumerated() where !inPlan[position] {
      if !track.isRemoved {
        track.isRemoved = true
        track.opacity.retarget(to: 0, at: time, spring: fadeSpring(context), memo: &memo)
      }
      newTracks.append(track)
    }
    tracks = newTracks
    reindex()
    hasPlan = true
    restTimes = ContiguousArray(tracks.lazy.map(RestTimes.init))
    settledAt = restTimes.lazy.map(\.track).max() ?? 0
  }

  /// True when the plan's elements are the first tracks, in order: then the general update keeps every
  /// track where it is (the plan's elements in plan order, then the others in their order, no id twice,
  /// none new), and ``updateInPlace(to:context:geometryChange:at:memo:)`` gives the same tracks.
  ///
  /// - Complexity: O(e) id comparisons for e plan elements.
  private func tracksFollow(_ plan: LayoutPlan) -> Bool {
    guard hasPlan, plan.elements.count <= tracks.count else { return false }
    let planElements = plan.elements[...]
    let elements = planElements.span
    let tracks = tracks.span
    for index in elements.indices where elements[index].id != tracks[index].id { return false }
    return true
  }

  /// ``update(to:context:at:)`` when ``tracksFollow(_:)``: the same transitions, in the same order, on the
  /// tracks where they stand (no copy of a track, no new index).
  private mutating func updateInPlace(
    to plan: LayoutPlan, context: LayoutContext, geometryChange: Double, at time: UInt64,
    memo: inout SettlingMemo
  ) {
    let count = plan.elements.count
    let transitions = Transitions(
      spring: spring, crossFadeSpring: crossFadeSpring, trackingSlack: trackingSlack, context: context,
      geometryChange: geometryChange, time: time)
    let fade = fadeSpring(context)
    // Each track is changed where it stands (a copy of a track moves hundreds of bytes).
    do {
      var tracks = tracks.mutableSpan
      let planElements = plan.elements[...]
      let elements = planElements.span
      for index in 0..<count {
        transitions.apply(elements[index].frame, to: &tracks[index], memo: &memo)
      }
      for index in count..<tracks.count where !tracks[index].isRemoved {
        tracks[index].isRemoved = true
        tracks[index].opacity.retarget(to: 0, at: time, spring: fade, memo: &memo)
      }
    }
    // Rest times as the general path sets them (refreshed in place when no track was pruned).
    if restTimes.count == tracks.count {
      // A second reference to the tracks' storage (no copy), read while the rest times are written.
      let allTracks = tracks
      let tracks = allTracks.span
      var restTimes = restTimes.mutableSpan
      for index in tracks.indices { restTimes[index] = RestTimes(tracks[index]) }
    } else {
      restTimes = ContiguousArray(tracks.lazy.map(RestTimes.init))
    }
    settledAt = restTimes.lazy.map(\.track).max() ?? 0
  }

  /// The presentation of element `id` at `time`, or nil when it is not (or no longer) on screen.
  ///
  /// - Parameters:
  ///   - id: The element's identifier.
  ///   - time: Nanoseconds, not earlier than the latest update.
  /// - Complexity: O(1).
  public func presentation(of id: String, at time: UInt64) -> ElementPresentation? {
    guard let position = positions.position(of: id, in: tracks.span) else { return nil }
    var shared = SharedDecay(time: time)
    return Self.presentation(of: tracks.span, at: position, restingAt: restTimes[position], sharing: &shared)
  }

  /// The presentation of track `index` of `tracks` at `shared`'s time, or nil when it has faded out:
  /// ``update(_:from:at:restingAt:sharing:)`` into a fresh presentation, so the two ways of sampling cannot
  /// drift apart.
  @inline(__always)
  private static func presentation(
    of tracks: Span<Track>, at index: Int, restingAt restTime: RestTimes, sharing shared: inout SharedDecay
  ) -> ElementPresentation? {
    var presentation = ElementPresentation(
      id: tracks[index].id, frame: .zero, target: .zero, velocity: .zero, opacity: 0, phase: .present,
      outgoing: nil, isSettled: false)
    return update(&presentation, from: tracks, at: index, restingAt: restTime, sharing: &shared)
      ? presentation : nil
  }

  /// Overwrites `slot` with the presentation of track `index` of `tracks` at `shared`'s time, or returns
  /// false (and leaves `slot` alone) when the track has faded out.
  ///
  /// Stored field by field, the id only when it changed: the replayer refills one buffer per tick, and a
  /// whole presentation per element (with its id retained and released) cost more than the spring
  /// arithmetic. Reads the track's fields where it is stored for the same reason (a track is several hundred
  /// bytes). A track
  /// at rest by `restTime` (its ``Track/settleTime``) shows its targets, so its channels are not
  /// evaluated; a moving one takes each channel's exponential from `shared` when a channel before it
  /// started at the same time on the same spring.
  @inline(__always)
  private static func update(
    _ slot: inout ElementPresentation, from tracks: Span<Track>, at index: Int,
    restingAt restTime: RestTimes, sharing shared: inout SharedDecay
  ) -> Bool {
    let time = shared.time
    let isRemoved = tracks[index].isRemoved
    if time >= restTime.track {
      // Every channel and any ghost has settled: one fading out is gone, one on screen shows its targets.
      if isRemoved { return false }
      if !Self.holds(slot.id, tracks[index].id, isASCII: tracks[index].idIsASCII) {
        slot.id = tracks[index].id
      }
      let target = tracks[index].frame.target
      slot.frame = Rect(
        x: target.x, y: target.y, width: max(0, target.width), height: max(0, target.height))
      slot.target = target
      slot.velocity = RectVelocity(x: 0, y: 0, width: 0, height: 0)
      slot.opacity = clampOpacity(tracks[index].opacity.target)
      slot.phase = .present
      slot.outgoing = nil
      slot.isSettled = true
      return true
    }
    let opacitySettled = tracks[index].opacity.isSettled(at: time)
    if isRemoved && opacitySettled { return false }
    // The ghost is written where it goes (an optional built here and copied into the slot cost more).
    // A rest time after 0 for the outgoing rendering means the track has one (``RestTimes/outgoing``).
    let hasGhost = time < restTime.outgoing
    if hasGhost, let ghost = tracks[index].outgoing {
      // A cross-fade's ghost fades on the spring and from the instant of the element's fade-in.
      slot.outgoing = .init(
        frame: ghost.frame, opacity: clampOpacity(ghost.opacity.state(sharing: &shared).value))
    } else {
      slot.outgoing = nil
    }
    let opacity = tracks[index].opacity.state(sharing: &shared).value
    if !Self.holds(slot.id, tracks[index].id, isASCII: tracks[index].idIsASCII) {
      slot.id = tracks[index].id
    }
    let target = tracks[index].frame.target
    let frameSettled = time >= restTime.frame
    if frameSettled {
      // Fading in or out in place: the frame shows its target.
      slot.frame = Rect(
        x: target.x, y: target.y, width: max(0, target.width), height: max(0, target.height))
      slot.velocity = RectVelocity(x: 0, y: 0, width: 0, height: 0)
    } else {
      // Channel by channel, in place (``AnimatedRect/state(sharing:)`` took a copy of the whole rect).
      let x = tracks[index].frame.x.state(sharing: &shared)
      let y = tracks[index].frame.y.state(sharing: &shared)
      let width = tracks[index].frame.width.state(sharing: &shared)
      let height = tracks[index].frame.height.state(sharing: &shared)
      slot.frame = Rect(
        x: x.value, y: y.value, width: max(0, width.value), height: max(0, height.value))
      slot.velocity = RectVelocity(
        x: x.velocity, y: y.velocity, width: width.velocity, height: height.velocity)
    }
    slot.target = target
    slot.opacity = clampOpacity(opacity)
    slot.phase = isRemoved ? .disappearing : .present
    slot.isSettled = frameSettled && opacitySettled && !hasGhost
    return true
  }

  /// Every element on screen at `time`: the latest plan's in plan order, then disappearing ones.
  ///
  /// - Parameter time: Nanoseconds, not earlier than the latest update.
  /// - Complexity: O(n).
  public func presentations(at time: UInt64) -> [ElementPresentation] {
    // Borrows each track where it is stored: `compactMap` hands the closure a copy of every track
    // (hundreds of bytes and a retained id) at every sampled tick.
    var result: [ElementPresentation] = []
    result.reserveCapacity(tracks.count)
    presentations(at: time, into: &result)
    return result
  }

  /// Replaces the contents of `buffer` with ``presentations(at:)``, reusing its storage.
  ///
  /// For a caller that samples every tick (the replay's frame samples): once `buffer` is uniquely
  /// referenced again, no array is allocated or freed per sample. The elements are the same, in the same
  /// order, as ``presentations(at:)`` returns.
  ///
  /// - Parameters:
  ///   - time: Nanoseconds, not earlier than the latest update.
  ///   - buffer: Receives the presentations; its previous contents are discarded.
  /// - Complexity: O(n).
  public func presentations(at time: UInt64, into buffer: inout [ElementPresentation]) {
    // The buffer's storage, held as a ContiguousArray (the same storage, no copy, uniquely referenced
    // once `buffer` lets go of it): its mutable span is available at the package's deployment targets,
    // an Array's is not.
    var slots = ContiguousArray(buffer)
    buffer = []
    if slots.count > tracks.count { slots.removeSubrange(tracks.count...) }
    let tracks = tracks.span
    let restTimes = restTimes.span
    // Overwrites the buffer's presentations field by field (the id only when it differs): building and
    // copying a whole presentation, and retaining its id, cost more than the spring arithmetic.
    var count = 0
    var next = 0
    var shared = SharedDecay(time: time)
    do {
      var slots = slots.mutableSpan
      while next < tracks.count, count < slots.count {
        if Self.update(&slots[count], from: tracks, at: next, restingAt: restTimes[next], sharing: &shared) {
          count += 1
        }
        next += 1
      }
    }
    if count < slots.count {
      slots.removeSubrange(count...)
    } else {
      for index in next..<tracks.count {
        if let presentation = Self.presentation(
          of: tracks, at: index, restingAt: restTimes[index], sharing: &shared)
        {
          slots.append(presentation)
        }
      }
    }
    buffer = Array(slots)
  }

  /// True when every element has come to rest by `time`: the same answer as every element of
  /// ``presentations(at:)`` being settled, without building them.
  ///
  /// - Complexity: O(1).
  public func isSettled(at time: UInt64) -> Bool { time >= settledAt }

  // MARK: Transitions

  private func fadeSpring(_ context: LayoutContext) -> Spring {
    context.reduceMotion ? crossFadeSpring : spring
  }

  private func appearing(
    _ id: String, _ frame: Rect, context: LayoutContext, at time: UInt64, memo: inout SettlingMemo
  ) -> Track {
    let rect = AnimatedRect(frame, spring: spring)
    guard hasPlan else { return Track(id: id, frame: rect, opacity: AnimatedValue(1, spring: spring)) }
    var opacity = AnimatedValue(0, spring: fadeSpring(context), epsilon: 0.0001)
    opacity.jump(to: 0, at: time)
    opacity.retarget(to: 1, at: time, memo: &memo)
    return Track(id: id, frame: rect, opacity: opacity)
  }

  /// Drops elements that have finished fading out and outgoing renderings that have faded.
  private mutating func prune(at time: UInt64) {
    let count = tracks.count
    tracks.removeAll { $0.isRemoved && $0.opacity.isSettled(at: time) }
    for index in tracks.indices {
      if let ghost = tracks[index].outgoing, ghost.opacity.isSettled(at: time) {
        tracks[index].outgoing = nil
      }
    }
    // Positions move only when a track was dropped.
    if tracks.count != count { reindex() }
  }

  /// Rebuilds ``positions`` from ``tracks``.
  private mutating func reindex() {
    let tracks = tracks  // a second reference (no copy): the span borrows it while `positions` changes
    positions.rebuild(tracks.span)
  }

  private static func clampOpacity(_ value: Double) -> Double { min(1, max(0, value)) }

  /// True when `id` has the same UTF-8 bytes as a track's id, `trackID`, whose bytes are all ASCII when
  /// `isASCII`. `==` alone would not do: it equates
  /// canonically equivalent ids, whose bytes differ, and a presentation keeps its track's bytes.
  ///
  /// Without reading bytes in the usual case, a slot holding the id it held at the tick before: `==`
  /// answers that by its first test (the same storage, or the same bytes held inline), and ids that are
  /// `==` with the same UTF-8 count, one of them all ASCII, have the same bytes (a string equivalent to
  /// an ASCII one normalises to it; the only non-ASCII scalars that do, singletons such as the Kelvin sign
  /// U+212A → "K", take 2 or 3 bytes for the ASCII one's 1). A non-ASCII id is compared byte by byte.
  @inline(__always)
  private static func holds(_ id: String, _ trackID: String, isASCII: Bool) -> Bool {
    guard id == trackID, id.utf8.count == trackID.utf8.count else { return false }
    return isASCII || IDIndex.sameBytes(id, trackID)
  }
}

extension PlanAnimator {
  /// When a track comes to rest, in nanoseconds.
  struct RestTimes: Sendable, Hashable {
    /// The whole track (``Track/settleTime``).
    var track: UInt64
    /// Its frame: the latest settle time of the four channels.
    var frame: UInt64
    /// Its outgoing rendering's opacity; 0 without one.
    var outgoing: UInt64

    init(_ track: Track) {
      self.track = track.settleTime
      // Pairwise, as the variadic `max` folds them, without its argument array.
      self.frame = max(
        max(max(track.frame.x.settleTime, track.frame.y.settleTime), track.frame.width.settleTime),
        track.frame.height.settleTime)
      self.outgoing = track.outgoing?.opacity.settleTime ?? 0
    }
  }
}

extension PlanAnimator.Track {
  /// When the track is at rest, in nanoseconds: one fading out is gone once its opacity settles (its
  /// frame no longer shows); one on screen rests when its frame, opacity and outgoing rendering all have.
  var settleTime: UInt64 {
    if isRemoved { return opacity.settleTime }
    // Pairwise: the variadic `max` allocates an array for its arguments at every call (the same result:
    // it folds them in this order).
    let frameTime = max(
      max(max(frame.x.settleTime, frame.y.settleTime), frame.width.settleTime), frame.height.settleTime)
    return max(max(frameTime, opacity.settleTime), outgoing?.opacity.settleTime ?? 0)
  }
}

extension PlanAnimator {
  /// How the frame of an element already on screen moves to its new frame in one update: the rules in
  /// ``PlanAnimator``'s overview (spring, Reduce Motion cross-fade, interactive tracking), with what they
  /// read from the animator and the update.
  struct Transitions {
    var spring: Spring
    var crossFadeSpring: Spring
    var trackingSlack: Double
    var context: LayoutContext
    /// |Δwidth| + |Δheight| of the scene since the previous plan, in points (0 for the first).
    var geometryChange: Double
    /// The update's time, in nanoseconds.
    var time: UInt64

    private var fadeSpring: Spring { context.reduceMotion ? crossFadeSpring : spring }

    /// Moves `track` toward `frame` (points), taking settling times from `memo`.
    ///
    /// - Complexity: O(1).
    func apply(_ frame: Rect, to track: inout Track, memo: inout SettlingMemo) {
      if track.isRemoved {
        // Back before it finished fading out: fade in again from the opacity it has now.
        track.isRemoved = false
        track.opacity.retarget(to: 1, at: time, spring: fadeSpring, memo: &memo)
      }
      guard frame != track.frame.target else { return }
      if context.reduceMotion {
        let old = track.frame.value(at: time)
        var ghost = AnimatedValue(track.opacity.value(at: time), spring: crossFadeSpring, epsilon: 0.0001)
        ghost.jump(to: track.opacity.value(at: time), at: time)
        ghost.retarget(to: 0, at: time, memo: &memo)
        track.outgoing = Ghost(frame: old, opacity: ghost)
        track.frame.jump(to: frame, at: time)
        var opacity = AnimatedValue(0, spring: crossFadeSpring, epsilon: 0.0001)
        opacity.jump(to: 0, at: time)
        opacity.retarget(to: 1, at: time, memo: &memo)
        track.opacity = opacity
      } else if context.isInteractivelyResizing && track.frame.isSettled(at: time)
        && Self.largestChange(from: track.frame.target, to: frame) <= geometryChange + trackingSlack
      {
        track.frame.jump(to: frame, at: time)
      } else {
        track.frame.retarget(to: frame, at: time, spring: spring, memo: &memo)
      }
    }

    /// The largest change of x, y, width or height between two frames, in points.
    private static func largestChange(from a: Rect, to b: Rect) -> Double {
      // Pairwise, as the variadic `max` folds them, without its argument array.
      max(max(max(abs(a.x - b.x), abs(a.y - b.y)), abs(a.width - b.width)), abs(a.height - b.height))
    }
  }
}

extension PlanAnimator.Track: StringIdentified {}
