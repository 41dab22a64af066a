/// A trace given on standard input, made readable at offsets so it can be read in bounded memory, with
/// seeks, and more than once.
///
/// Standard input is copied once into an unnamed temporary file (or used in place when it is a regular
/// file): see <doc:TraceFormat>, "Reading standard input". Each ``open(limits:)`` returns a fresh
/// ``TraceReader`` over that copy, which reads, seeks and reports damage exactly as it would the file
/// the bytes came from (offsets are the input's), under the name given.
///
/// ```swift
/// let input = try SpooledTrace.standardInput(name: "<stdin>")
/// let reader = try input.open()
/// ```
public final class SpooledTrace {
  /// The name used in errors.
  public let name: String
  /// The input's size, in bytes.
  public let size: Int
  private let file: TraceFile

  private init(file: TraceFile, size: Int, name: String) {
    self.file = file
    self.size = size
    self.name = name
  }

  /// Reads standard input to its end into an unnamed temporary file in `$TMPDIR` (else `/tmp`).
  ///
  /// The bytes are checked as they arrive (``FrameWalk``): a header no reader accepts stops the copy at
  /// once with the reader's error, and the copy ends at the first frame boundary whose bytes can start
  /// no frame, so that a reader reports the damage there as it would in a file, and what follows is
  /// not copied. A run of zero bytes is counted, not stored, until a non-zero byte follows it.
  ///
  /// - Parameter name: The name used in errors, such as `<stdin>`.
  /// - Throws: ``TraceError`` `.io` when standard input cannot be read or the copy cannot be written
  ///   (no space left in the temporary directory); the reader's error (offset 0) when the header is
  ///   wrong.
  /// - Complexity: O(input size) time; disk O(the bytes up to the first damaged frame boundary) less
  ///   the first run of 64 KiB of zero bytes or more, and the rest of the input once a torn-tail verdict
  ///   needs it (``TraceReader/isTornTail(_:)``); O(64 KiB) memory.
  public static func standardInput(name: String) throws(TraceError) -> SpooledTrace {
    var walk = FrameWalk(name: name)
    let (file, size) = try TraceFile.spool(.standardInput, name: name) { chunk throws(TraceError) in
      try walk.add(chunk)
    }
    return SpooledTrace(file: file, size: size, name: name)
  }

  /// Walks a trace's frames as its bytes arrive, by the sizes their first bytes declare (a zstd frame's
  /// header and block headers, a skippable frame's length), holding O(1) bytes.
  ///
  /// It decides only where a reader of the whole input fails whatever follows: a header no reader
  /// accepts (thrown); a frame boundary whose first bytes start no frame — neither zstd's magic nor a
  /// skippable frame's, not zero — or zero bytes there followed by a non-zero byte; a zstd frame
  /// header or block header no zstd decoder accepts, once a non-zero byte follows it (zero bytes to the
  /// end would make it a frame cut short by them). The input then ends, for its readers, a few bytes
  /// past that point (``add(_:)`` returns where): enough for the reader's error and its verdict that
  /// this is no torn tail. Zero bytes at a boundary may be a zero-filled tail, decided at the end;
  /// any other damage inside a frame is left to the reader.
  struct FrameWalk {
    let name: String
    /// The bytes received, up to the header and 8 bytes more, while the header is read.
    private var prefix: [UInt8] = []
    private var state = State.header
    /// The offset of the byte after the last chunk added.
    private var offset = 0
    /// The offset where the frame being walked started.
    private var frameStart = 0
    /// The bytes of the header field being read (a frame's first 8 bytes, a zstd frame header, a block
    /// header).
    private var field: [UInt8] = []
    /// Where the input ends for its readers, once decided.
    private var end: Int?

    private enum State {
      case header
      /// At a frame boundary, reading its first bytes into `field`.
      case boundary
      /// Zero bytes from `frameStart`.
      case zeros
      /// After a zstd frame header or block header no decoder accepts: zero bytes to the end of the
      /// input would make it a frame cut short by them, a non-zero byte makes it damage.
      case damaged
      /// Reading a zstd frame header into `field`, `count` bytes.
      case zstdHeader(count: Int)
      /// Reading a block header; `checksum` bytes end the frame.
      case block(checksum: Int)
      /// Bytes to pass over, then a block header (`checksum` set) or a boundary.
      case skip(Int, checksum: Int?)
    }

    init(name: String) { self.name = name }

    /// Takes the next bytes of the input.
    /// - Returns: How many of `chunk`'s bytes the input has for its readers when it ends within them;
    ///   nil when all of it.
    /// - Throws: ``TraceError``, as a reader of the input would throw it, when the header is wrong.
    /// - Complexity: O(`chunk`), and a header decode each time the header is still incomplete.
    mutating func add(_ chunk: ArraySlice<UInt8>) throws(TraceError) -> Int? {
      let base = offset
      if let end { return max(0, end - base) }
      offset += chunk.count
      if case .header = state {
        let taken = min(chunk.count, TraceFormat.maxHeaderBytes + 8 - prefix.count)
        prefix += chunk.prefix(taken)
        guard let start = try headerEnd() else { return nil }
        let bytes = prefix[start...]
        prefix = []
        frameStart = start
        state = .boundary
        walk(bytes, from: start)
        walk(chunk.dropFirst(taken), from: base + taken)
      } else {
        walk(chunk, from: base)
      }
      guard let end, end < offset else { return nil }
      return max(0, end - base)
    }

    /// The offset where the first frame starts, once the header is whole in `prefix`.
    private func headerEnd() throws(TraceError) -> Int? {
      do throws(TraceError) {
        return try TraceReader(bytes: prefix, name: name).position
      } catch  where error.code == .truncated && prefix.count < TraceFormat.maxHeaderBytes + 8 {
        return nil
      }
    }

    /// Walks `bytes`, which start at offset `start`, until the input's end is decided.
    private mutating func walk(_ bytes: ArraySlice<UInt8>, from start: Int) {
      var index = bytes.startIndex
      var position = start
      while index < bytes.endIndex && end == nil {
        let passed = pass(bytes[index...])
        if passed > 0 {
          index += passed
          position += passed
          continue
        }
        position += 1
        step(bytes[index], endingAt: position)
        index += 1
      }
    }

    /// How many of `bytes` (at least 0) leave the state as it is, to pass over them at once: all but the
    /// last byte to skip, zero bytes where a frame should start, empty blocks (zero block headers).
    private mutating func pass(_ bytes: ArraySlice<UInt8>) -> Int {
      switch state {
      case .skip(let left, let checksum) where left > 1:
        let count = min(left - 1, bytes.count)
        state = .skip(left - count, checksum: checksum)
        return count
      case .zeros, .damaged:
        return (bytes.firstIndex { $0 != 0 } ?? bytes.endIndex) - bytes.startIndex
      case .block where field.isEmpty:
        return ((bytes.firstIndex { $0 != 0 } ?? bytes.endIndex) - bytes.startIndex) / 3 * 3
      default: return 0
      }
    }

    /// Takes one byte, whose end is at offset `offset`.
    private mutating func step(_ byte: UInt8, endingAt offset: Int) {
      switch state {
      case .header: break
      case .boundary:
        field.append(byte)
        if field.count == 1 && byte == 0 {
          field = []
          state = .zeros
          return
        }
        guard field.count >= 4 else { return }
        let magic = TraceFormat.u32(field, at: 0)
        if magic == TraceFormat.zstdFrameMagic {
          guard field.count == 5 else { return }
          let descriptor = Int(byte)
          // The reserved bit set: no zstd frame; the reader decodes the rest. (The unused bit, 0x10, is
          // not interpreted: libzstd decodes a frame that sets it, and so does the reader.)
          guard descriptor & 0x08 == 0 else {
            state = .damaged
            return
          }
          let singleSegment = descriptor & 0x20 != 0
          let count =
            5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][descriptor & 3]
            + [singleSegment ? 1 : 0, 2, 4, 8][descriptor >> 6]
          state = .zstdHeader(count: count)
          if field.count == count { startBlocks() }
        } else if TraceFormat.isSkippable(magic) {
          guard field.count == 8 else { return }
          let length = Int(TraceFormat.u32(field, at: 4))
          field = []
          frameEnded(after: length, at: offset)
        } else {
          finish(at: frameStart + 8)
        }
      case .zeros:
        // A non-zero byte after zero bytes where a frame should start: no torn tail, whatever follows.
        if byte != 0 { finish(at: max(offset, frameStart + 8)) }
      case .damaged:
        if byte != 0 { finish(at: offset) }
      case .zstdHeader(let count):
        field.append(byte)
        if field.count == count { startBlocks() }
      case .block(let checksum):
        field.append(byte)
        guard field.count == 3 else { return }
        let header = Int(field[0]) | Int(field[1]) << 8 | Int(field[2]) << 16
        field = []
        let type = header >> 1 & 3
        let size = header >> 3
        // A reserved block type, or a block over the 128 KiB maximum: the reader fails there.
        guard type != 3, size <= 128 * 1024 else {
          state = .damaged
          return
        }
        let bytes = type == 1 ? 1 : size
        if header & 1 != 0 {
          frameEnded(after: bytes + checksum, at: offset)
        } else {
          state = .skip(bytes, checksum: checksum)
          if bytes == 0 { state = .block(checksum: checksum) }
        }
      case .skip(let left, let checksum):
        // Invariant: `left` > 0 on entry.
        if left > 1 {
          state = .skip(left - 1, checksum: checksum)
        } else if let checksum {
          state = .block(checksum: checksum)
        } else {
          frameEnded(after: 0, at: offset)
        }
      }
    }

    /// The zstd frame header is in `field`: its blocks follow.
    private mutating func startBlocks() {
      let checksum = field[4] & 0x04 != 0 ? 4 : 0
      field = []
      state = .block(checksum: checksum)
    }

    /// The frame being walked ends `count` bytes after `offset`.
    private mutating func frameEnded(after count: Int, at offset: Int) {
      if count == 0 {
        frameStart = offset
        state = .boundary
      } else {
        state = .skip(count, checksum: nil)
      }
    }

    /// The input ends, for its readers, at `offset`.
    private mutating func finish(at offset: Int) {
      end = offset
    }
  }

  /// A reader at the trace's first frame.
  ///
  /// - Parameter limits: Memory limits (default 16 MiB per frame).
  /// - Throws: ``TraceError`` when the header is missing or wrong, as ``TraceReader/init(path:limits:)``.
  public func open(limits: TraceReaderLimits = .default) throws(TraceError) -> TraceReader {
    try TraceReader(source: .file(file, size: size), name: name, limits: limits)
  }
}

extension TraceReader {
  /// A reader of standard input read forward only, as it arrives, for a single pass: no temporary
  /// copy, and each frame is returned as soon as it has been read (<doc:TraceFormat>, "Reading
  /// standard input"). A regular file on standard input is read in place instead, at offsets.
  ///
  /// It reads, checks and reports damage as a file reader does (the same messages and offsets); the
  /// seek table is checked when reading reaches it. Seeking (``seek(toTime:)``, ``seek(toFrame:)``,
  /// ``frameCount()``) and ``skipDamagedFrame()`` need the whole input and throw `.invalidArgument`: use
  /// ``SpooledTrace`` for those. ``fileSize`` is the bytes read so far, the input's size once
  /// ``nextFrame()`` has returned nil or after ``readInputToEnd()``.
  ///
  /// - Parameters:
  ///   - name: The name used in errors, such as `<stdin>`.
  ///   - limits: Memory limits (default 16 MiB per frame).
  /// - Throws: ``TraceError`` when standard input cannot be read or its header is missing or wrong.
  /// - Complexity: memory O(one frame + 64 KiB) on top of the reader's limits.
  public static func forwardStandardInput(name: String, limits: TraceReaderLimits = .default)
    throws(TraceError) -> TraceReader
  {
    if let (file, size) = try TraceFile.inPlace(.standardInput, name: name) {
      return try TraceReader(source: .file(file, size: size), name: name, limits: limits)
    }
    return try TraceReader(
      source: .forward(ForwardInput(.standardInput, name: name)), name: name, limits: limits)
  }

  /// A reader of `descriptor` (not closed) read forward only, as ``forwardStandardInput(name:limits:)``
  /// reads a pipe, whatever the descriptor is.
  package static func forward(_ descriptor: FileDescriptor, name: String, limits: TraceReaderLimits)
    throws(TraceError) -> TraceReader
  {
    try TraceReader(source: .forward(ForwardInput(descriptor, name: name)), name: name, limits: limits)
  }

  /// Reads and drops the rest of a forward-only input (``forwardStandardInput(name:limits:)``), so that
  /// ``fileSize`` is its whole size, as for a file, after reading stopped at damage; nothing for
  /// other readers.
  /// - Throws: ``TraceError`` `.io` when the input cannot be read.
  public func readInputToEnd() throws(TraceError) {
    if case .forward(let input) = source { _ = try input.drain() }
  }

  /// Whether `error`, thrown by this reader's ``nextFrame()``, marks a torn tail that `recover` would
  /// drop, by the rule of ``TraceRecovery/isTornTail(_:)`` applied to this reader's own bytes: a file
  /// is read again after the error's offset; a forward-only input is read on to its end (or to the
  /// first readable frame after the damage). A copy of standard input (``SpooledTrace``) that ended
  /// where bytes that start no frame follow is judged as the whole input: when its bytes look like a
  /// torn tail, the rest of the input is copied after them and read too (a frame after those bytes
  /// makes the damage no torn tail); false when that copy fails.
  /// - Complexity: O(bytes after the offset) time, O(``TraceReaderLimits/maxFrameContentBytes``) memory;
  ///   disk O(the rest of standard input) when it is copied.
  public func isTornTail(_ error: TraceError) -> Bool { (try? tornTailVerdict(error)) ?? false }

  /// ``isTornTail(_:)``, throwing when the rest of standard input cannot be copied (no room in the
  /// temporary directory, a read error) rather than answering false: the verdict is then unknown.
  /// - Throws: ``TraceError`` `.io` from the copy.
  package func tornTailVerdict(_ error: TraceError) throws(TraceError) -> Bool {
    guard TraceRecovery.isTornTail(error, in: self) else { return false }
    // Bytes that start no frame are no torn tail's end, but a damaged seek table before them may begin
    // one: as in a file, only a complete frame after them (or other damage) says no.
    guard case .file(let file, _) = source, file.uncopied != nil else { return true }
    guard let size = try file.wholeInputSize() else { return true }
    let whole = try TraceReader(source: .file(file, size: size), name: name, limits: limits)
    return TraceRecovery.isTornTail(error, in: whole)
  }

  /// Throws when the reader reads forward only and `operation` needs random access.
  func requireRandomAccess(_ operation: String) throws(TraceError) {
    guard source.isForwardOnly else { return }
    throw TraceError(
      .invalidArgument, file: name,
      reason: "\(operation) needs the whole trace, and this input is read forward only as it arrives")
  }
}
