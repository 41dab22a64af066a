extension SessionRecorder {
  /// Stamps an event and moves it into the buffer; under the lock, on the caller's thread.
  ///
  /// - Returns: Whether the event was recorded, and whether to wake the writer queue.
  /// - Throws: ``SessionRecorderError/invalidEvent(kind:reason:)`` for an event the writer's rules on
  ///   the session would refuse: a scene connected over the format's limit, state strings over theirs.
  func enqueue(_ payload: consuming TraceEvent.Payload, at now: UInt64, into state: inout State) throws -> (
    recorded: Bool, wake: Bool
  ) {
    let admission = try admit(StateStringTally.packedChange(of: payload), at: now, into: &state)
    guard let slot = admission.slot else { return (false, admission.wake) }
    slot.fill(TraceEvent(time: admission.time, payload))
    return (true, admission.wake)
  }

  /// Stamps an event with its time and takes the buffer slot it goes into, or counts it as dropped;
  /// under the lock, on the caller's thread.
  ///
  /// The caller stores the event into the slot (``SlotBuffer/Reservation/fill(_:)``) right after,
  /// under the lock or, as ``record(_:)`` does, once it is released, so that the store of the 120-byte
  /// event completes outside the locked section. Measured (FoldTrace.docc, Performance): on x86 the
  /// lock's release is a locked instruction, which waits for the stores before it, and the event's
  /// store waits for its cache lines when the writer queue read them on the other core.
  ///
  /// - Parameters:
  ///   - change: What the event does to the connected scenes and their state strings
  ///     (``StateStringTally/packedChange(of:)``, found before the lock; 0 for nothing).
  ///   - now: The clock's reading, in nanoseconds, taken before the lock.
  ///   - state: The caller's side, locked.
  /// - Returns: The slot to fill, or nil when the event is not recorded; the event's time, in
  ///   nanoseconds; and whether to wake the writer queue.
  /// - Throws: ``SessionRecorderError/invalidEvent(kind:reason:)`` for a scene connected over the trace
  ///   format's limit, or state strings over theirs, which the writer would refuse; nothing is recorded
  ///   then.
  @inline(__always)
  func admit(
    _ change: UInt64, at now: UInt64, into state: inout State
  ) throws -> (slot: SlotBuffer<TraceEvent>.Reservation?, time: UInt64, wake: Bool) {
    // `now` was read before the lock. When a caller that read the clock later got the lock first, the
    // clock is read again here, under the lock, so times keep increasing in buffer order as they did
    // with every reading under the lock (equal only when the clock's readings are). A reading equal to
    // the previous event's time is two equal readings, not an overtaken one: it is kept, and the clock
    // read once per event, as under the lock (a scripted clock's repeated time stays that time).
    let time = now >= state.lastTime ? now : timeAfterOvertaking(state.lastTime)
    state.lastTime = time
    if state.error != nil {  // The sink failed: count, write nothing more.
      state.droppedTotal += 1
      return (nil, time, false)
    }
    // Slots beyond `eventCapacity` (`reservedSlots`): one for the `dropped` record, since other events
    // are only ever refused while the buffer holds `eventCapacity` or more; and two for each scene
    // connection or disconnection that arrives while it is full, which are never dropped while those
    // last: without its connection, a scene's later events would mean nothing.
    if state.buffer.count >= eventCapacity,
      !Self.fitsReserve(isConnection: Self.isConnection(change), count: state.buffer.count, eventCapacity)
    {
      // The writer queue is behind: count for a record.
      state.dropped += 1
      state.droppedTotal += 1
      return (nil, time, wakeIfNeeded(&state))
    }
    if change != 0 {
      if change >> 56 == StateStringTally.Change.Kind.anchor.rawValue {
        // Most events: two integers when the scene is the last one scrolled.
        let scene = SceneID(UInt32(truncatingIfNeeded: change))
        if let total = state.stateStrings.admitAnchor(scene: scene, bytes: Int(change >> 32 & 0xFF_FFFF)) {
          try Self.refuseState(.scroll, total: total)
        }
      } else {
        try track(StateStringTally.Change(packed: change), in: &state)
      }
    }
    if state.buffer.isEmpty { state.bufferStart = time }
    if state.dropped > 0 {
      state.buffer.append(TraceEvent(time: time, .dropped(count: state.dropped)))
      state.dropped = 0
    }
    let slot = state.buffer.reserve()
    if state.armOnNext {  // This event starts the writer's next frame: wake it when its span is over.
      state.armOnNext = false
      state.wakeTime = Self.adding(maxSpan, to: time)
    }
    let wake = state.buffer.count >= wakeCount || time >= state.wakeTime
    return (slot, time, wake ? wakeNow(&state) : false)
  }

  /// The time of an event whose clock reading, taken before the lock, is earlier than the previous
  /// event's time (overtaken by a concurrent caller's, or a clock that went back): the clock read again,
  /// under the lock, or `last` if that is not later.
  ///
  /// Out of line, so that the common path (`record(_:)` on one thread at a time) does not keep the clock
  /// in registers across the lock: inlined, it cost 20 instructions per call (callgrind).
  ///
  /// - Parameter last: The previous event's time, in nanoseconds.
  /// - Returns: A time in nanoseconds, at least `last`.
  @inline(never)
  func timeAfterOvertaking(_ last: UInt64) -> UInt64 { max(last, clock.now()) }

  /// Whether an event may take a reserved slot of a buffer holding `count` events: scene connections
  /// and disconnections may, while two slots are left.
  static func fitsReserve(isConnection: Bool, count: Int, _ eventCapacity: Int) -> Bool {
    isConnection && count < eventCapacity + reservedSlots - 2
  }

  /// `time + span`, saturating at `UInt64.max`, in nanoseconds.
  @inline(__always)
  static func adding(_ span: UInt64, to time: UInt64) -> UInt64 {
    let (sum, overflow) = time.addingReportingOverflow(span)
    return overflow ? .max : sum
  }

  /// Whether the buffer is full enough to wake the writer queue, and no wake-up is pending.
  @inline(__always)
  func wakeIfNeeded(_ state: inout State) -> Bool {
    state.buffer.count >= wakeCount ? wakeNow(&state) : false
  }

  /// Marks a wake-up as requested; true when none was pending.
  @inline(__always)
  func wakeNow(_ state: inout State) -> Bool {
    guard !state.wakeRequested else { return false }
    state.wakeRequested = true
    return true
  }

  /// Whether a packed change (``StateStringTally/packedChange(of:)``) connects or disconnects a scene.
  @inline(__always)
  static func isConnection(_ change: UInt64) -> Bool {
    let kind = change >> 56
    return kind == StateStringTally.Change.Kind.connect.rawValue
      || kind == StateStringTally.Change.Kind.disconnect.rawValue
  }

  /// Mirrors the writer's rules on the session, so that an event it would refuse is refused to the
  /// caller (the writer runs later, on its queue): at most ``TraceFormat/maxConnectedScenes`` scenes
  /// connected, and at most ``TraceEvent/maxStateStringBytes`` of strings in their state (a scene that
  /// connects, or connects afresh, holds none; one that disconnects takes its strings with it).
  /// Outlined: a connection, a selection or a layout is rare, and a scroll takes the tally's fast path.
  @inline(never)
  func track(_ change: StateStringTally.Change, in state: inout State) throws {
    if change.kind == .connect, state.stateStrings.connectedCount >= TraceFormat.maxConnectedScenes,
      !state.stateStrings.contains(change.scene)
    {
      throw SessionRecorderError.invalidEvent(
        kind: .sceneConnected, reason: "\(TraceFormat.maxConnectedScenes) scenes are already connected")
    }
    if let total = state.stateStrings.admit(change) { try Self.refuseState(change.eventKind, total: total) }
  }

  /// Throws the state rule's refusal of an event of `kind`, which would make `total` bytes: outlined,
  /// so the locked path holds no message.
  @inline(never)
  static func refuseState(_ kind: TraceEvent.Kind, total: Int) throws {
    throw SessionRecorderError.invalidEvent(
      kind: kind, reason: EventRefusal.stateStrings(bytes: total).description)
  }

  /// Asks the writer queue to end the frame and `fsync` after the events buffered so far.
  func requestFlush(in state: inout State) {
    if state.flushes.last != state.buffer.count { state.flushes.append(state.buffer.count) }
    state.wakeRequested = true
  }
}
