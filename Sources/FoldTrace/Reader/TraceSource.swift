/// Where a reader's bytes come from: a file read with `pread(2)`, a byte array, or standard input read
/// forward only (``ForwardInput``).
enum TraceSource {
  case file(TraceFile, size: Int)
  case bytes([UInt8])
  case forward(ForwardInput)

  /// The source's size in bytes; for a forward input, the bytes read so far (its size once its end
  /// was reached).
  var size: Int {
    switch self {
    case .file(_, let size): size
    case .bytes(let bytes): bytes.count
    case .forward(let input): input.end
    }
  }

  /// Whether the source can be read only forward: no seeking, no seek table read from the end.
  var isForwardOnly: Bool {
    if case .forward = self { return true }
    return false
  }

  /// Up to `count` bytes at `offset`, fewer only at the end.
  func read(at offset: Int, count: Int) throws(TraceError) -> [UInt8] {
    switch self {
    case .forward(let input): return try input.read(at: offset, count: count)
    case .file(let file, let size):
      let end = min(size, offset + count)
      guard offset < end else { return [] }
      return try file.read(at: offset, count: end - offset)
    case .bytes(let bytes):
      let end = min(bytes.count, offset + count)
      guard offset < end else { return [] }
      return Array(bytes[offset..<end])
    }
  }

  /// Up to `count` bytes at `offset`, at least one unless at the end; a forward input returns what
  /// has arrived rather than wait for all of them (``ForwardInput/readSome(at:count:)``).
  func readSome(at offset: Int, count: Int) throws(TraceError) -> [UInt8] {
    if case .forward(let input) = self { return try input.readSome(at: offset, count: count) }
    return try read(at: offset, count: count)
  }

  /// Whether the source ends at `offset`.
  func isEnd(at offset: Int) throws(TraceError) -> Bool {
    if case .forward(let input) = self { return try input.isEnd(at: offset) }
    return offset >= size
  }

  /// How many of the `count` bytes from `offset` the source holds. A forward input keeps them when
  /// they are at most `keeping`, or when the input ends within ``forwardRetentionBytes`` (so a torn
  /// tail can still be examined from `offset`); else it drops them as it counts (they cannot be read
  /// afterwards), so a large skippable frame costs no memory.
  func available(from offset: Int, count: Int, keeping: Int) throws(TraceError) -> Int {
    guard case .forward(let input) = self else { return max(0, min(count, size - offset)) }
    let kept = min(count, max(keeping, Self.forwardRetentionBytes))
    let read = try input.read(at: offset, count: kept).count
    if read == count || read < kept { return read }
    return try input.skip(from: offset, count: count)
  }

  /// How much of a skippable frame a forward input keeps before it starts dropping it: 4 MiB.
  static let forwardRetentionBytes = 1 << 22

  /// Tells a forward input that no byte before `offset` will be read again; nothing for the others.
  func release(before offset: Int) {
    if case .forward(let input) = self { input.release(before: offset) }
  }
}
