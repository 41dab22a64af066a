#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file descriptor and the POSIX calls FoldTrace makes on it, one function per call family,
/// each throwing a ``TraceError`` that names the path and `strerror(errno)`.
final class TraceFile {
  let path: String
  private(set) var descriptor: Int32

  init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { if descriptor >= 0 { _ = Glibc.close(descriptor) } }

  static func failure(_ path: String, _ operation: String, _ code: Int32 = errno) -> TraceError {
    TraceError(.io, file: path, reason: "\(operation) failed: \(String(cString: strerror(code)))")
  }

  /// How a file is opened.
  enum Mode {
    /// `O_RDONLY`.
    case read
    /// `O_RDWR`; the file must exist.
    case update
    /// `O_RDWR | O_CREAT`, mode 0644.
    case create
    /// `O_WRONLY`, blocking: how a shell's `>` opens a FIFO or device, waiting for a FIFO's reader.
    case writeThrough
  }

  /// `open(2)`.
  static func open(_ path: String, _ mode: Mode) throws(TraceError) -> TraceFile {
    var descriptor: Int32
    // O_NONBLOCK so that opening a FIFO with no writer returns at once (it is then refused as not a
    // regular file) instead of waiting forever; it is cleared again, so reads and writes block as usual.
    repeat {
      switch mode {
      case .read: descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      case .update: descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
      case .create: descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o644)
      case .writeThrough: descriptor = Glibc.open(path, O_WRONLY | O_CLOEXEC)
      }
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw failure(path, "open") }
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
      let error = failure(path, "fcntl")
      _ = Glibc.close(descriptor)
      throw error
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
          reason: "already holds \(existing) bytes; append with TraceWriter(appendingTo:) or remove it first")
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
    var status = stat()
    if lstat(path, &status) == 0 { return nil }
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array((directory + "." + base + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      let code = errno
      // A name within NAME_MAX whose temporary twin (7 characters longer) is not: fill it in place.
      if code == ENAMETOOLONG { return nil }
      throw failure(path, "create", code)
    }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let file = TraceFile(path: path, descriptor: descriptor)
    defer { _ = unlink(temporary) }
    do throws(TraceError) {
      guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else { throw failure(temporary, "fcntl") }
      guard fchmod(descriptor, 0o644) == 0 else { throw failure(temporary, "fchmod") }
      try file.lockExclusive()
      try file.writeAll(contents)
      try file.sync()
    } catch {
      file.close()
      throw error
    }
    guard link(temporary, path) == 0 else {
      let code = errno
      file.close()
      if code == EEXIST || code == EPERM || code == EOPNOTSUPP || code == EXDEV { return nil }
      throw failure(path, "link", code)
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
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK else { throw Self.failure(path, "flock", code) }
      attempts += 1
      guard attempts < 50 else {
        throw TraceError(
          .locked, file: path,
          reason: "another writer has this trace open (its exclusive lock is held); close it first")
      }
      usleep(2_000)
    }
  }

  /// `fstat(2)`: what the file is when it is not a regular file or a block device — "a pipe (FIFO)",
  /// "a socket", "a character device", "a directory" — else nil. Such a file cannot be read at an offset
  /// (`pread(2)`) and its size says nothing, so a trace reader refuses it by name rather than calling it
  /// empty.
  func irregularKind() throws(TraceError) -> String? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Self.failure(path, "fstat") }
    switch status.st_mode & S_IFMT {
    case S_IFREG, S_IFBLK: return nil
    case S_IFIFO: return "a pipe (FIFO)"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFDIR: return "a directory"
    default: return "not a regular file"
    }
  }

  /// `fstat(2)`: the file's size in bytes.
  func size() throws(TraceError) -> Int {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Self.failure(path, "fstat") }
    return Int(status.st_size)
  }

  /// `pread(2)`: up to `count` bytes at `offset`, fewer only at the end of the file.
  func read(at offset: Int, count: Int) throws(TraceError) -> [UInt8] {
    // Uninitialized capacity: zero-filling a 64 KiB chunk per frame cost more than decoding it.
    var failure: Int32 = 0
    let buffer = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var filled = 0
      while filled < count {
        let n = pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
        if n < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if n == 0 { break }
        filled += n
      }
      initialized = filled
    }
    if failure != 0 { throw Self.failure(path, "read", failure) }
    return buffer
  }

  /// `write(2)` until every byte is written, at the file's current end.
  func writeAll(_ bytes: [UInt8]) throws(TraceError) {
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw Self.failure(path, "write")
      }
      written += n
    }
  }

  /// `fsync(2)`.
  func sync() throws(TraceError) {
    guard fsync(descriptor) == 0 else { throw Self.failure(path, "fsync") }
  }

  /// `fsync(2)` on the directory holding `path`, so a newly created file's name survives a machine crash.
  static func syncDirectory(of path: String) throws(TraceError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let descriptor = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(directory, "open") }
    defer { _ = Glibc.close(descriptor) }
    guard fsync(descriptor) == 0 else { throw failure(directory, "fsync") }
  }

  /// `ftruncate(2)` and a seek to the new end.
  func truncate(to size: Int) throws(TraceError) {
    guard ftruncate(descriptor, off_t(size)) == 0 else { throw Self.failure(path, "ftruncate") }
    guard lseek(descriptor, off_t(size), SEEK_SET) >= 0 else { throw Self.failure(path, "lseek") }
  }

  /// `lseek(2)` to the end.
  func seekToEnd() throws(TraceError) {
    guard lseek(descriptor, 0, SEEK_END) >= 0 else { throw Self.failure(path, "lseek") }
  }

  /// `close(2)`; releases the lock.
  func close() {
    if descriptor >= 0 { _ = Glibc.close(descriptor) }
    descriptor = -1
  }
}
