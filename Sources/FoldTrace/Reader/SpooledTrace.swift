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
  /// The first bytes are checked as they arrive (``StartCheck``): input that cannot be a trace stops
  /// the copy at once with the error a reader reports for the same bytes, rather than after all of it
  /// was copied.
  ///
  /// - Parameter name: The name used in errors, such as `<stdin>`.
  /// - Throws: ``TraceError`` `.io` when standard input cannot be read or the copy cannot be written
  ///   (no space left in the temporary directory); the reader's error (offset 0, or the end of the
  ///   header) when the header is wrong or the bytes where the first frame starts can start none.
  /// - Complexity: O(input size) time and disk; O(64 KiB) memory.
  public static func standardInput(name: String) throws(TraceError) -> SpooledTrace {
    var check = StartCheck(name: name)
    let (file, size) = try TraceFile.spool(.standardInput, name: name) { chunk throws(TraceError) in
      try check.add(chunk)
    }
    return SpooledTrace(file: file, size: size, name: name)
  }

  /// Checks the start of a trace as its bytes arrive: the header, then the 8 bytes where the first
  /// frame starts. It fails only where a reader of the whole input fails with damage that no byte after
  /// it can change: a header no reader accepts, or non-zero bytes where the first frame should start
  /// that begin no frame (not a torn tail, whatever follows). Zero bytes there may be a zero-filled tail
  /// (`recover` drops them), so they are left to the reader.
  struct StartCheck {
    let name: String
    /// The bytes received, up to the header and 8 bytes more; emptied once the check is over.
    private var prefix: [UInt8] = []
    private var isOver = false

    init(name: String) { self.name = name }

    /// Takes the next bytes of the input.
    /// - Throws: ``TraceError``, as a reader of the input would throw it, once the bytes so far show
    ///   the input cannot be a trace.
    /// - Complexity: O(`chunk`), and a header decode each time the header is still incomplete.
    mutating func add(_ chunk: ArraySlice<UInt8>) throws(TraceError) {
      guard !isOver else { return }
      prefix += chunk.prefix(8 + TraceFormat.maxHeaderBytes + 8 - prefix.count)
      let reader: TraceReader
      do throws(TraceError) {
        reader = try TraceReader(bytes: prefix, name: name)
      } catch  where error.code == .truncated && prefix.count < 8 + TraceFormat.maxHeaderBytes + 8 {
        return
      } catch {
        isOver = true
        throw error
      }
      let start = reader.position
      guard prefix.count >= start + 8 else { return }
      isOver = true
      let window = prefix[start..<(start + 8)]
      prefix = []
      do throws(TraceError) {
        _ = try reader.nextFrame()
      } catch {
        let magic = TraceFormat.u32(Array(window), at: 0)
        guard error.code == .corrupt, error.offset == start, magic != TraceFormat.seekTableFrameMagic,
          window.contains(where: { $0 != 0 })
        else { return }
        throw error
      }
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
  /// first readable frame after the damage).
  /// - Complexity: O(bytes after the offset) time, O(``TraceReaderLimits/maxFrameContentBytes``) memory.
  public func isTornTail(_ error: TraceError) -> Bool { TraceRecovery.isTornTail(error, in: self) }

  /// Throws when the reader reads forward only and `operation` needs random access.
  func requireRandomAccess(_ operation: String) throws(TraceError) {
    guard source.isForwardOnly else { return }
    throw TraceError(
      .invalidArgument, file: name,
      reason: "\(operation) needs the whole trace, and this input is read forward only as it arrives")
  }
}
