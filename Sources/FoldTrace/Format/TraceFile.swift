/// An open trace file and the calls FoldTrace makes on it, one function per call family, each
/// throwing a ``TraceError`` that names the path and the system's message for the error.
final class TraceFile {
  let path: String
  /// -1 once closed: every call then fails with `EBADF`.
  private(set) var descriptor: FileDescriptor

  init(path: String, descriptor: FileDescriptor) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { if descriptor.rawValue >= 0 { descriptor.close() } }

  /// The error of `operation` on `path` failing with `error`: "fsync failed: No space left on device".
  static func failure(_ path: String, _ operation: String, _ error: Errno) -> TraceError {
    TraceError(.io, file: path, reason: "\(operation) failed: \(error)")
  }

  /// How a file is opened.
  enum Mode {
    /// `O_RDONLY`.
    case read
    /// `O_RDWR`; the file must exist.
    case update
    /// `O_RDWR | O_CREAT`, mode 0644.
    case create
  }

  /// `open(2)`.
  static func open(_ path: String, _ mode: Mode) throws(TraceError) -> TraceFile {
    // O_NONBLOCK so that opening a FIFO with no writer returns at once (it is then refused as not a
    // regular file) instead of waiting forever; it is cleared again, so reads and writes block as usual.
    let descriptor: FileDescriptor
    do throws(Errno) {
      switch mode {
      case .read: descriptor = try FileDescriptor.open(path, .readOnly, options: .nonBlocking)
      case .update: descriptor = try FileDescriptor.open(path, .readWrite, options: .nonBlocking)
      case .create:
        descriptor = try FileDescriptor.open(
          path, .readWrite, options: [.create, .nonBlocking], permissions: 0o644)
      }
    } catch {
      throw failure(path, "open", error)
    }
    do throws(Errno) {
      try descriptor.clearNonBlocking()
    } catch {
      descriptor.close()
      throw failure(path, "fcntl", error)
    }
    return TraceFile(path: path, descriptor: descriptor)
  }

  /// Creates a trace file whose name appears only once `contents` (its header) is written and synced, so
  /// a process killed while creating it leaves no empty or torn file behind — at most a hidden
  /// `.NAME.XXXXXX` beside it holding that header.
  ///
  /// The bytes go to a new temporary file in the same directory (`mkstemp(3)`), locked, written and
  /// `fsync`ed, which `link(2)` then publishes under `path`; `link` never replaces an existing name, so a
  /// concurrent creator or an existing trace is never overwritten. An existing *empty* file (a
  /// placeholder, or what a writer of an older FoldTrace left when killed before its header) is filled in
  /// place instead, and so is a file whose temporary twin's name would exceed `NAME_MAX` or that lives on
  /// a file system without hard links. The directory is synced after the link (best effort).
  ///
  /// - Parameters:
  ///   - path: Where the trace appears.
  ///   - contents: The bytes it starts with (the header frame).
  /// - Returns: The file, open for writing at its end and locked (``lockExclusive()``).
  /// - Throws: ``TraceError`` `.invalidArgument` for an empty path, `.alreadyExists` when `path` holds
  ///   data, `.locked` when a writer holds it, `.io` naming the failing call.
  static func create(_ path: String, contents: [UInt8]) throws(TraceError) -> TraceFile {
    guard !path.isEmpty else {
      throw TraceError(.invalidArgument, file: path, reason: "no path given for the new trace")
    }
    if let published = try publishNew(path, contents: contents) { return published }
    let file = try open(path, .create)
    do throws(TraceError) {
      try file.lockExclusive()
      let existing = try file.size()
      guard existing == 0 else {
        throw TraceError(
          .alreadyExists, file: path,
          reason: "already holds \(existing) byte\(existing == 1 ? "" : "s"); append with "
            + "TraceWriter(appendingTo:) or remove it first")
      }
      if !contents.isEmpty {
        try file.writeAll(contents)
        try file.sync()
      }
    } catch {
      file.close()
      throw error
    }
    try? syncDirectory(of: path)  // Best effort, as after a link.
    return file
  }

  /// The temporary-file-and-`link` path of ``create(_:contents:)``.
  /// - Returns: The published file, or nil when `path` already exists or the file system has no hard
  ///   links (the caller fills the file in place).
  private static func publishNew(_ path: String, contents: [UInt8]) throws(TraceError) -> TraceFile? {
    if entryExists(path) { return nil }
    let descriptor: FileDescriptor
    let temporary: String
    do throws(Errno) {
      (descriptor, temporary) = try FileDescriptor.createUnique(
        fromTemplate: FileSystem.temporaryTemplate(beside: path))
    } catch {
      // A name within NAME_MAX whose temporary twin (7 characters longer) is not: fill it in place.
      if error == .fileNameTooLong { return nil }
      throw failure(path, "create", error)
    }
    let file = TraceFile(path: path, descriptor: descriptor)
    defer { try? FileSystem.remove(temporary) }
    do throws(TraceError) {
      do throws(Errno) {
        try descriptor.setCloseOnExec()
      } catch {
        throw failure(temporary, "fcntl", error)
      }
      do throws(Errno) {
        try descriptor.setPermissions(0o644)
      } catch {
        throw failure(temporary, "fchmod", error)
      }
      try file.lockExclusive()
      try file.writeAll(contents)
      try file.sync()
    } catch {
      file.close()
      throw error
    }
    do throws(Errno) {
      try FileSystem.link(temporary, as: path)
    } catch {
      file.close()
      if error == .fileExists || error == .notPermitted || error == .notSupported || error == .improperLink {
        return nil
      }
      throw failure(path, "link", error)
    }
    // Best effort: the new name survives a machine crash once its directory is synced; some file
    // systems cannot sync a directory, and that must not stop a recording.
    try? syncDirectory(of: path)
    return file
  }

  /// `flock(LOCK_EX | LOCK_NB)`: fails with `.locked` when another writer holds the file.
  ///
  /// A lock held by an open file description is also held, for a moment, by any child process another
  /// thread is spawning (between its `fork` and its `exec`, the child shares our descriptions), so a
  /// refusal is retried for up to 100 ms (50 × 2 ms) before it is reported: a writer that really holds the
  /// file holds it far longer. Without the retries, recovering in a loop while another thread ran
  /// `/bin/true` was refused 59 times in 2,000.
  func lockExclusive() throws(TraceError) {
    var attempts = 0
    while true {
      do throws(Errno) {
        if try descriptor.tryLock(.exclusive) { return }
      } catch {
        throw Self.failure(path, "flock", error)
      }
      attempts += 1
      guard attempts < 50 else {
        throw TraceError(
          .locked, file: path,
          reason: "another writer has this trace open (its exclusive lock is held); close it first")
      }
      pause(microseconds: 2_000)
    }
  }

  /// Whether another open file description holds the file's exclusive lock (a writer recording into
  /// it): `flock(LOCK_SH | LOCK_NB)` is refused, retried as ``lockExclusive()`` retries. A shared lock
  /// taken is held until the file is closed.
  ///
  /// - Throws: ``TraceError`` `.io` when `flock(2)` fails otherwise.
  func isLockedByWriter() throws(TraceError) -> Bool {
    for _ in 0..<50 {
      do throws(Errno) {
        if try descriptor.tryLock(.shared) { return false }
      } catch {
        throw Self.failure(path, "flock", error)
      }
      pause(microseconds: 2_000)
    }
    return true
  }

  /// `fstat(2)`: what the file is when it is not a regular file or a block device — "a pipe (FIFO)",
  /// "a socket", "a character device", "a directory" — else nil. Such a file cannot be read at an offset
  /// (`pread(2)`) and its size says nothing, so a trace reader refuses it by name rather than calling it
  /// empty.
  func irregularKind() throws(TraceError) -> String? {
    switch try status().kind {
    case .regular, .blockDevice: return nil
    case .fifo: return "a pipe (FIFO)"
    case .socket: return "a socket"
    case .characterDevice: return "a character device"
    case .directory: return "a directory"
    case .symbolicLink, .other: return "not a regular file"
    }
  }

  /// `fstat(2)`: the file's size in bytes.
  func size() throws(TraceError) -> Int { try status().size }

  /// `fstat(2)`.
  private func status() throws(TraceError) -> FileStatus {
    do throws(Errno) {
      return try descriptor.status()
    } catch {
      throw Self.failure(path, "fstat", error)
    }
  }

  /// A run of zero bytes read at offset `at` that the file does not store (a spooled copy of standard
  /// input, ``spool(_:name:inspect:)``): the stored bytes from `at` on are read `count` bytes later.
  /// Nil for every other file, whose offsets are its stored bytes'.
  private(set) var zeroRun: (at: Int, count: Int)?

  /// For a copy of standard input ended before the input's end (``spool(_:name:inspect:)``): the rest,
  /// copied only when a verdict needs it (``wholeInputSize()``). Nil for every other file.
  var uncopied: UncopiedInput?

  /// `pread(2)`: up to `count` bytes at `offset`, fewer only at the end of the file; the bytes of
  /// ``zeroRun`` read as zeros.
  func read(at offset: Int, count: Int) throws(TraceError) -> [UInt8] {
    guard let run = zeroRun, offset + count > run.at else { return try stored(at: offset, count: count) }
    var bytes: [UInt8] = []
    if offset < run.at {
      bytes = try stored(at: offset, count: run.at - offset)
      guard bytes.count == run.at - offset else { return bytes }
    }
    let end = offset + count
    let zeros = min(end, run.at + run.count) - max(offset, run.at)
    if zeros > 0 { bytes += [UInt8](repeating: 0, count: zeros) }
    let after = max(offset, run.at + run.count)
    if end > after { bytes += try stored(at: after - run.count, count: end - after) }
    return bytes
  }

  /// Makes the file read `count` zero bytes at `at`, its stored size, without storing them; the bytes
  /// written after them are read after them. Once per file.
  func appendZeroRun(at offset: Int, count: Int) {
    precondition(zeroRun == nil)
    zeroRun = (offset, count)
  }

  private func stored(at offset: Int, count: Int) throws(TraceError) -> [UInt8] {
    do throws(Errno) {
      return try descriptor.read(at: offset, count: count)
    } catch {
      throw Self.failure(path, "read", error)
    }
  }

  /// `write(2)` until every byte is written, at the file's current end.
  func writeAll(_ bytes: [UInt8]) throws(TraceError) {
    do throws(Errno) {
      try descriptor.writeAll(bytes)
    } catch {
      throw Self.failure(path, "write", error)
    }
  }

  /// `fsync(2)`.
  func sync() throws(TraceError) {
    do throws(Errno) {
      try descriptor.sync()
    } catch {
      throw Self.failure(path, "fsync", error)
    }
  }

  /// `fsync(2)` on the directory holding `path`, so a newly created file's name survives a machine crash.
  static func syncDirectory(of path: String) throws(TraceError) {
    let directory = FileSystem.directory(of: path)
    let descriptor: FileDescriptor
    do throws(Errno) {
      descriptor = try FileDescriptor.open(directory, .readOnly, options: .directory)
    } catch {
      throw failure(directory, "open", error)
    }
    defer { descriptor.close() }
    do throws(Errno) {
      try descriptor.sync()
    } catch {
      throw failure(directory, "fsync", error)
    }
  }

  /// `ftruncate(2)` and a seek to the new end.
  func truncate(to size: Int) throws(TraceError) {
    do throws(Errno) {
      try descriptor.truncate(toSize: size)
    } catch {
      throw Self.failure(path, "ftruncate", error)
    }
    do throws(Errno) {
      try descriptor.seek(toOffset: size)
    } catch {
      throw Self.failure(path, "lseek", error)
    }
  }

  /// `lseek(2)` to the end.
  func seekToEnd() throws(TraceError) {
    do throws(Errno) {
      try descriptor.seekToEnd()
    } catch {
      throw Self.failure(path, "lseek", error)
    }
  }

  /// `close(2)`; releases the lock.
  func close() {
    if descriptor.rawValue >= 0 { descriptor.close() }
    descriptor = FileDescriptor(rawValue: -1)
  }
}
