/// A descriptor read strictly forward (a pipe, a FIFO), served to a reader as bytes at offsets: the
/// bytes from the first one still needed to the furthest one asked for are kept, and ``release(before:)``
/// drops those before an offset. Reading at an offset already released is an error.
///
/// Memory is the span between the oldest kept byte and the furthest read, which a forward reader keeps
/// to one frame plus one 64 KiB read ahead.
final class ForwardInput {
  /// The name used in errors.
  let name: String
  private let descriptor: FileDescriptor
  /// Bytes from offset `base`, starting at index `start` (the ones before it are released).
  private var buffer: [UInt8] = []
  private var start = 0
  private var base = 0
  /// True once `read(2)` returned 0.
  private(set) var reachedEnd = false

  /// Reads `descriptor` (not closed).
  init(_ descriptor: FileDescriptor, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// The offset after the last byte read so far.
  var end: Int { base + buffer.count - start }

  /// Reads until `offset` bytes have been read or the input ends. Bytes from `holding` on are being
  /// read: the retention (``retention``) drops none of them.
  /// - Complexity: O(1) when the bytes are there already (no buffer is made).
  private func fill(to offset: Int, holding: Int = .max) throws(TraceError) {
    guard end < offset && !reachedEnd else { return }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while end < offset && !reachedEnd {
      let count: Int
      do throws(Errno) {
        count = try descriptor.read(into: &chunk)
      } catch {
        throw TraceFile.failure(name, "read", error)
      }
      if count == 0 {
        reachedEnd = true
      } else {
        // Held up to the retention: room for all of it at once, rather than doubling past it.
        if let retention, buffer.count + count > buffer.capacity, buffer.count >= 1 << 22 {
          buffer.reserveCapacity(retention + FrameSearch.stepBytes + FrameSearch.lookAheadBytes + chunk.count)
        }
        buffer.append(contentsOf: chunk[..<count])
        dropHeldBytes(before: holding)
      }
    }
  }

  /// The most bytes held from where the reader last released them (the frame being read): past them,
  /// the oldest are searched for a complete frame and dropped a step at a time, noted in ``dropped``
  /// as ``skip(from:count:)`` notes a frame it drops. Nil: no bound. A frame's reader sets it.
  var retention: Int?
  /// Where the reader last released bytes: the start of the frame being read.
  private var heldFrom = 0

  /// Searches and drops the oldest bytes held, before `limit` (those being read stay), while more than
  /// ``retention`` plus a search step are.
  private func dropHeldBytes(before limit: Int) {
    guard let retention else { return }
    while end - base > retention + FrameSearch.stepBytes + FrameSearch.lookAheadBytes
      && base + FrameSearch.stepBytes <= limit
    {
      search(from: heldFrom, upTo: base + FrameSearch.stepBytes)
      drop(before: base + FrameSearch.stepBytes)
    }
  }

  /// Searches the bytes held after the frame at `frame` up to `ready` for a complete frame, going on
  /// from where ``dropped`` got when it notes that frame (else from the first byte held, with a new
  /// note). The bytes from `ready` on that the search looks at (``FrameSearch/lookAheadBytes``) are
  /// held, unless the input ends first.
  private func search(from frame: Int, upTo ready: Int) {
    if dropped?.from != frame || dropped?.searched ?? 0 < base {
      let head = Array(buffer[start..<min(buffer.count, start + 16)])
      dropped = Dropped(from: frame, head: head, search: FrameSearch(), searched: base, frameStart: nil)
    }
    guard var note = dropped, ready > note.searched else { return }
    if note.frameStart == nil {
      let from = note.searched - base + start
      note.frameStart = note.search.firstCompleteFrame(
        in: Array(
          buffer[from..<min(buffer.count, from + ready - note.searched + FrameSearch.lookAheadBytes)]),
        at: note.searched, from: note.searched, count: ready - note.searched, after: frame)
    }
    note.searched = ready
    dropped = note
  }

  /// Up to `count` bytes at `offset`, fewer only at the end of the input.
  /// - Throws: ``TraceError`` `.io` when the input cannot be read, or `offset` was released.
  func read(at offset: Int, count: Int) throws(TraceError) -> [UInt8] {
    guard offset >= base else {
      throw TraceError(
        .io, file: name, offset: offset,
        reason: "standard input is read forward only and this byte has gone by")
    }
    try fill(to: offset + count, holding: offset)
    let from = min(offset, end) - base + start
    let to = min(offset + count, end) - base + start
    return Array(buffer[from..<to])
  }

  /// Up to `count` bytes at `offset`: those already read, else what one `read(2)` brings (at least 18
  /// unless the input ends first); none only at the end of the input. Waits for no more input than that, so a
  /// decoder fed by it finishes a frame as soon as the frame has arrived, not a read-ahead chunk later.
  /// - Throws: ``TraceError`` `.io` when the input cannot be read, or `offset` was released.
  func readSome(at offset: Int, count: Int) throws(TraceError) -> [UInt8] {
    // At least a whole zstd frame header (at most 18 bytes), so that a decoder sees the declared
    // content size in its first chunk, as from a file.
    try fill(to: offset + min(count, 18), holding: offset)
    return try read(at: offset, count: min(count, max(0, end - offset)))
  }

  /// Whether the input ends at `offset` (no byte there), reading up to it if needed.
  func isEnd(at offset: Int) throws(TraceError) -> Bool {
    try fill(to: offset + 1, holding: offset)
    return end <= offset
  }

  /// A frame ``skip(from:count:)`` dropped as it read it, and how far the search for a complete frame
  /// after its start (``FrameSearch``) went over its bytes: when that frame is the damage, the search
  /// goes on from there over the rest of the input, and decides as for a file without the bytes dropped.
  struct Dropped {
    /// Where the frame starts, and its first 16 bytes (fewer only where the input ends).
    let from: Int
    let head: [UInt8]
    /// The search, and the offset it searched up to: the bytes from there on are still held.
    let search: FrameSearch
    var searched: Int
    /// The first complete frame it found, starting after `from`.
    var frameStart: Int?

    /// The frame's magic number (little-endian); 0 when the input holds fewer than 4 of its bytes.
    var magic: UInt32 { head.count >= 4 ? TraceFormat.u32(head, at: 0) : 0 }
  }

  /// The frame ``skip(from:count:)`` last dropped.
  private(set) var dropped: Dropped?

  /// How many of the `count` bytes from `offset` the input holds, reading them and dropping them (they
  /// cannot be read afterwards), so that skipping a large frame costs no memory; the bytes are searched
  /// for a complete frame as they go (``dropped``), and those the search has not reached yet (at most
  /// ``FrameSearch/lookAheadBytes``) are held. No byte past `offset + count` is read.
  /// - Complexity: O(`count`) time; O(``FrameSearch/stepBytes`` + ``FrameSearch/lookAheadBytes``) memory.
  func skip(from offset: Int, count: Int) throws(TraceError) -> Int {
    release(before: offset)
    dropped = nil
    var skipped = 0
    while skipped < count {
      let step = min(count - skipped, FrameSearch.stepBytes)
      try fill(to: min(offset + count, offset + skipped + step + FrameSearch.lookAheadBytes))
      let got = min(step, end - (offset + skipped))
      // Searched: the bytes followed by all the look-ahead the search reads, or all once the input ended.
      search(
        from: offset, upTo: reachedEnd ? end : min(offset + skipped + got, end - FrameSearch.lookAheadBytes))
      skipped += max(0, got)
      drop(before: min(dropped?.searched ?? offset, offset + skipped))
      if got < step { break }
    }
    return skipped
  }

  /// Drops the bytes before `offset`, where the reader reads on (a frame's start).
  func release(before offset: Int) {
    heldFrom = min(offset, end)
    drop(before: offset)
  }

  /// Drops the bytes before `offset`.
  private func drop(before offset: Int) {
    let drop = min(offset, end) - base
    guard drop > 0 else { return }
    start += drop
    base += drop
    // Compacts once the dropped bytes are at least half the buffer: amortized O(1) per byte.
    if start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
  }

  /// Reads the rest of the input and drops it.
  /// - Returns: The input's size in bytes.
  func drain() throws(TraceError) -> Int {
    while !reachedEnd {
      release(before: end)
      try fill(to: end + (1 << 16))
    }
    release(before: end)
    return end
  }
}
