/// One event on the recording thread's stack, owned by hand on its way from the caller's payload into
/// the recorder's buffer.
///
/// Swift sees only trivial words here, so it never destroys the event through a copy of its type: the
/// payload is moved in (no retain), and ``withEvent(_:)`` guarantees that on every return and throw the
/// event was either moved out into the buffer, bitwise, by its body, or deinitialized (releasing the
/// payload's strings and region lists); it then ends the value with `discard self`. A value that never
/// reaches ``withEvent(_:)`` is released by the deinit. A Swift variable of type ``TraceEvent`` holding
/// a payload-free placeholder after the move would be destroyed at the end of its scope through the
/// payload's outlined destroy, a switch over its cases: about 50 of the ~220 instructions `record(_:)`
/// took (callgrind, `tracebench _child profile record`).
///
/// **Memory safety.** The words are 8-byte aligned and at least as large as a ``TraceEvent`` (the
/// precondition in ``init(_:)`` compares constants, so it folds away). The event is initialized once,
/// in ``init(_:)``; ``withEvent(_:)`` is `consuming` and discards `self`, so the bytes are used at most
/// once and the deinit never runs after it: the payload is released exactly once on every path (the
/// deinit costs `record(_:)` about one instruction per call). `RecorderOwnershipTests` checks each path
/// releases the payload exactly once, an `OwnedEvent` dropped unused included.
struct OwnedEvent: ~Copyable {
  /// 128 bytes of 8-byte-aligned storage.
  private var words:
    (
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

  /// Moves a payload in, as an event at time 0.
  @inline(__always)
  init(_ payload: consuming TraceEvent.Payload) {
    precondition(
      MemoryLayout<TraceEvent>.size <= 128 && MemoryLayout<TraceEvent>.alignment <= 8,
      "a TraceEvent no longer fits an OwnedEvent")
    Self.initialize(&words, to: TraceEvent(time: 0, payload))
  }

  /// Initializes the event at `bytes`, taking ownership of its payload.
  @inline(__always)
  private static func initialize(_ bytes: UnsafeMutableRawPointer, to event: consuming TraceEvent) {
    bytes.initializeMemory(as: TraceEvent.self, to: event)
  }

  /// Releases the payload of an event that ``withEvent(_:)`` never took (an early exit between the two):
  /// so no path leaks it.
  deinit {
    var words = words
    Self.deinitialize(&words)
  }

  /// Deinitializes the event at `bytes`, releasing its payload's references.
  @inline(__always)
  private static func deinitialize(_ bytes: UnsafeMutableRawPointer) {
    bytes.assumingMemoryBound(to: TraceEvent.self).deinitialize(count: 1)
  }

  /// Calls `body` with the event, which `body` either moves out (and says so) or leaves in place to be
  /// deinitialized here; a throwing `body` must leave it in place.
  ///
  /// - Parameter body: Returns `moved`, true when it moved the event out, and a result.
  /// - Returns: `body`'s result.
  /// - Throws: What `body` throws, after deinitializing the event.
  @inline(__always)
  consuming func withEvent<Value>(
    _ body: (UnsafeMutablePointer<TraceEvent>) throws -> (moved: Bool, result: Value)
  ) throws -> Value {
    let outcome: Result<Value, any Error> = withUnsafeMutableBytes(of: &words) { bytes in
      // `init` bound these bytes to a TraceEvent and initialized it.
      let event = bytes.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: TraceEvent.self)
      do {
        let outcome = try body(event)
        if !outcome.moved { event.deinitialize(count: 1) }
        return .success(outcome.result)
      } catch {
        event.deinitialize(count: 1)
        return .failure(error)
      }
    }
    // The event was moved out or deinitialized: `self` ends without its deinit.
    discard self
    return try outcome.get()
  }
}
