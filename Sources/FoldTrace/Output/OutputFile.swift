import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file a tool writes (a trace, an SVG, a JSON document), under the one rule every FoldTrace tool
/// follows: never overwrite or truncate a file the user had, and publish every output whole.
///
/// ```swift
/// let output = try OutputFile(path: "timeline.svg", existing: force ? .replace(unless: [input]) : .refuse)
/// try output.write(Array(document.utf8))
/// try output.publish()
/// ```
///
/// - **Never overwrite.** With ``Existing/refuse`` an existing file that holds data is refused
///   (`.alreadyExists`); an existing empty file (a placeholder) is replaced. ``Existing/replace(unless:)``
///   is for derived outputs a tool can make again (SVG, JSON), behind a `--force` option; it still
///   refuses a path that is one of the command's inputs (same device and inode, so a symbolic link or
///   another spelling of an input is refused too).
/// - **Atomic.** Bytes go to a hidden temporary file `.NAME.XXXXXX` in the same directory, which
///   ``publish()`` syncs and then `link(2)`s under the name (a new file: `link` never replaces one, so a
///   concurrent creator is never overwritten) or `rename(2)`s over it (a replacement; a symbolic link
///   is followed and its target replaced). The name shows the whole output or nothing: an interrupted or
///   failed run leaves what was there before.
/// - **Cleaned up.** The temporary file is removed by ``discard()``, on deinit, and when the process
///   gets a signal whose default action ends it (SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ, …;
///   `OutputCleanup.signals`) while it exists (handlers are installed on first use where the signal's
///   disposition is still the default; they remove the temporary files, then die of the signal as
///   before).
/// - **Special files** (a terminal, a pipe, `/dev/null`, `/dev/stdout`) are written through, never
///   replaced, and not synced — except a pipe or socket that is the command's standard input (or one of
///   its inputs), which is refused.
///
/// An `OutputFile` is not thread-safe; distinct ones may be used from distinct threads.
public final class OutputFile {
  /// What to do when the path already exists.
  public enum Existing: Sendable, Equatable {
    /// Refuse a file that holds data (the default for every output, and the only choice for traces).
    case refuse
    /// Replace a regular file, unless it is one of these paths (the command's inputs; `-` stands for
    /// standard input, the file it reads from).
    case replace(unless: [String])
  }

  /// The path the output is published under.
  public let path: String
  private let existing: Existing
  private var descriptor: Int32
  /// The temporary file's path; nil when writing through a special file, or once published or
  /// discarded.
  private var temporary: String?
  /// The resolved final path (a symbolic link's target) and whether publishing replaces a file there.
  private let target: String
  private let replaces: Bool
  private var slot: Int?

  /// Opens an output: a temporary file beside `path`, or `path` itself when it is a special file.
  ///
  /// - Parameters:
  ///   - path: Where the output appears.
  ///   - existing: What to do when `path` exists (default ``Existing/refuse``).
  /// - Throws: ``TraceError`` `.invalidArgument` for an empty path, a directory, or a replacement onto an
  ///   input; `.locked` when a writer holds the file's lock; `.alreadyExists` when `path` holds data and `existing` is ``Existing/refuse``; `.io` naming
  ///   the failing call (a symbolic link loop is named as such).
  public init(path: String, existing: Existing = .refuse) throws(TraceError) {
    guard !path.isEmpty else {
      throw TraceError(.invalidArgument, file: path, reason: "no output path given")
    }
    self.path = path
    self.existing = existing
    var status = stat()
    var linkStatus = stat()
    let exists = stat(path, &status) == 0
    let statError = errno
    if !exists {
      if statError == ELOOP {
        throw TraceError(
          .io, file: path, reason: "cannot write: a symbolic link loop (too many levels of links)")
      }
      if lstat(path, &linkStatus) == 0 {
        throw TraceError(
          .io, file: path, reason: "is a symbolic link to a missing file; remove it or choose another name")
      }
      guard statError == ENOENT else { throw Self.failure(path, "stat", statError) }
      target = path
      replaces = false
    } else {
      switch status.st_mode & S_IFMT {
      case S_IFREG:
        if Self.isLocked(path) {
          throw TraceError(
            .locked, file: path, reason: "another writer has this file open (its exclusive lock is held)")
        }
        if case .replace(let inputs) = existing {
          if let input = Self.input(among: inputs, sameAs: FileStatus(status)) {
            throw TraceError(
              .invalidArgument, file: path,
              reason: "is this command's input '\(input)'; refusing to replace it, even with --force")
          }
        } else if status.st_size > 0 {
          throw TraceError(
            .alreadyExists, file: path,
            reason: "already exists and holds \(status.st_size) bytes; it is never overwritten")
        }
        target = Self.resolved(path)
        replaces = true
      case S_IFDIR:
        throw TraceError(.invalidArgument, file: path, reason: "is a directory; name a file to write")
      default:
        // A device, FIFO or socket: written through, never replaced. A pipe or socket that is also an
        // input (standard input, `/dev/stdin`, a named pipe given as input) would feed the output back
        // into the command, which then waits for its own end of file forever: refused.
        var inputs = ["-"]
        if case .replace(let others) = existing { inputs += others }
        try Self.refuseInputPipe(path, FileStatus(status), inputs: inputs)
        var opened: Int32
        repeat { opened = open(path, O_WRONLY | O_CLOEXEC) } while opened < 0 && errno == EINTR
        guard opened >= 0 else { throw Self.failure(path, "open") }
        descriptor = opened
        target = path
        replaces = false
        temporary = nil
        return
      }
    }
    let (created, name) = try Self.makeTemporary(beside: target)
    descriptor = created
    temporary = name
    slot = OutputCleanup.register(name)
  }

  deinit { discard() }

  /// Appends bytes to the output.
  /// - Throws: ``TraceError`` `.io` when they cannot be written (a full disk); `.closed` after
  ///   ``publish()`` or ``discard()``.
  /// - Complexity: O(n) in the number of bytes.
  public func write(_ bytes: [UInt8]) throws(TraceError) {
    guard descriptor >= 0 else { throw TraceError(.closed, file: path, reason: "the output is closed") }
    do throws(Errno) {
      try FileDescriptor(rawValue: descriptor).writeAll(bytes)
    } catch {
      throw Self.failure(path, "write", error.rawValue)
    }
  }

  /// Makes the output appear under ``path``: syncs the temporary file, then links it into place (or
  /// renames it over the file it replaces) and syncs the directory (best effort).
  /// - Throws: ``TraceError`` `.alreadyExists` when another process created `path` meanwhile, `.io`
  ///   naming the failing call; the temporary file is removed either way.
  public func publish() throws(TraceError) {
    guard descriptor >= 0 else { throw TraceError(.closed, file: path, reason: "the output is closed") }
    guard let temporary else {
      _ = Glibc.close(descriptor)
      descriptor = -1
      return
    }
    defer { discard() }
    guard fsync(descriptor) == 0 else { throw Self.failure(path, "fsync") }
    if replaces {
      guard rename(temporary, target) == 0 else { throw Self.failure(path, "rename") }
    } else if link(temporary, target) == 0 {
      // The output now has two names; the temporary one must go, or every output leaves a hidden copy.
      _ = unlink(temporary)
    } else {
      let code = errno
      if code == EEXIST {
        throw TraceError(.alreadyExists, file: path, reason: "was created by another process meanwhile")
      }
      // File systems without hard links: create the name exclusively, then move the bytes onto it.
      guard code == EPERM || code == EOPNOTSUPP || code == EXDEV || code == ENOSYS else {
        throw Self.failure(path, "link", code)
      }
      let placeholder = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      guard placeholder >= 0 else {
        if errno == EEXIST {
          throw TraceError(.alreadyExists, file: path, reason: "was created by another process meanwhile")
        }
        throw Self.failure(path, "create")
      }
      _ = Glibc.close(placeholder)
      guard rename(temporary, target) == 0 else { throw Self.failure(path, "rename") }
    }
    self.temporary = nil
    try? TraceFile.syncDirectory(of: target)
  }

  /// Removes the temporary file without publishing (nothing changes under ``path``). Safe to call
  /// more than once.
  public func discard() {
    if descriptor >= 0 { _ = Glibc.close(descriptor) }
    descriptor = -1
    if let temporary { _ = unlink(temporary) }
    temporary = nil
    if let slot { OutputCleanup.unregister(slot) }
    slot = nil
  }

  /// Writes `bytes` as a whole new output: ``init(path:existing:)``, ``write(_:)``, ``publish()``.
  /// - Throws: As those do.
  public static func write(_ bytes: [UInt8], to path: String, existing: Existing = .refuse) throws(TraceError)
  {
    let output = try OutputFile(path: path, existing: existing)
    try output.write(bytes)
    try output.publish()
  }

  /// Refuses a pipe or socket at `path` (whose status is `status`) that is one of the command's inputs
  /// (`-` is standard input): writing into it would feed the output back into the command, which then
  /// waits for its own end of file forever.
  /// - Throws: ``TraceError`` `.invalidArgument` naming the input.
  static func refuseInputPipe(_ path: String, _ status: FileStatus, inputs: [String]) throws(TraceError) {
    guard status.kind == .fifo || status.kind == .socket else { return }
    if let input = input(among: inputs, sameAs: status) {
      throw TraceError(
        .invalidArgument, file: path,
        reason: "is the pipe this command reads its input '\(input)' from; writing there would feed "
          + "the output back into it")
    }
  }

  /// Refuses to run when standard output is a regular file that is one of the command's inputs
  /// (`tracecat slice in.foldtrace >> in.foldtrace`): what the command prints would be appended to the
  /// file it reads, as GNU `cat` refuses "input file is output file". Special files (a terminal, a pipe,
  /// `/dev/null`) are never an input's bytes and pass.
  ///
  /// - Parameter inputs: The paths the command reads; `-` is standard input.
  /// - Throws: ``TraceError`` `.invalidArgument` naming the input.
  /// - Complexity: One `stat(2)` per input.
  public static func refuseStandardOutput(onto inputs: [String]) throws(TraceError) {
    guard let status = try? FileDescriptor.standardOutput.status(), status.kind == .regular,
      let input = input(among: inputs, sameAs: status)
    else { return }
    throw TraceError(
      .invalidArgument, file: input,
      reason: "is also this command's standard output; its output would be written into the file it "
        + "reads (redirect standard output elsewhere)")
  }

  /// The first of `inputs` that is the file `status` describes (same device and inode); `-` is standard
  /// input, the file or pipe descriptor 0 reads from.
  private static func input(among inputs: [String], sameAs status: FileStatus) -> String? {
    inputs.first { input in
      let inputStatus = try? input == "-" ? FileDescriptor.standardInput.status() : FileSystem.status(input)
      return inputStatus?.identity == status.identity
    }
  }

  private static func failure(_ path: String, _ operation: String, _ code: Int32 = errno) -> TraceError {
    TraceError(.io, file: path, reason: "\(operation) failed: \(String(cString: strerror(code)))")
  }

  /// Whether a writer holds `path`'s exclusive `flock` (a trace being recorded).
  private static func isLocked(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { _ = Glibc.close(descriptor) }
    return flock(descriptor, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
  }

  /// A symbolic link's final target (so replacing keeps the link), else the path itself.
  private static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }

  /// `mkstemp(3)` of `.NAME.XXXXXX` beside `path` (`.out.XXXXXX` when that name is too long), mode 0644.
  private static func makeTemporary(beside path: String) throws(TraceError) -> (Int32, String) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    for name in [directory + "." + base + ".XXXXXX", directory + ".out.XXXXXX"] {
      var template = Array(name.utf8CString)
      let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      if descriptor < 0 {
        if errno == ENAMETOOLONG { continue }
        throw failure(path, "create")
      }
      let created = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0, fchmod(descriptor, 0o644) == 0 else {
        let code = errno
        _ = Glibc.close(descriptor)
        _ = unlink(created)
        throw failure(path, "fchmod", code)
      }
      return (descriptor, created)
    }
    throw failure(path, "create", ENAMETOOLONG)
  }
}

/// The temporary files of open ``OutputFile``s (and the staging directories of ``OutputDirectory``s),
/// removed by a signal handler: a fixed table of C strings so the handler only reads memory and calls
/// `unlink(2)` and `rmdir(2)` (async-signal-safe).
enum OutputCleanup {
  static let capacity = 64
  nonisolated(unsafe) static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    table.initialize(repeating: nil, count: capacity)
    return table
  }()
  static let lock = Mutex(())
  /// The signals whose default action ends the process: each removes the temporary files first, then
  /// ends the process as it would have (SIGPIPE from a closed reader, SIGXFSZ past `ulimit -f`, SIGXCPU
  /// past `ulimit -t` included), and SIGQUIT (Ctrl-\\). The crash signals (SIGSEGV, SIGBUS, SIGILL,
  /// SIGFPE, SIGABRT, SIGTRAP) stay with the Swift runtime's backtracer, which reports a crash.
  static let signals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM,
    SIGPROF,
  ]
  /// Signals taken over from a handler already installed: the Swift runtime's backtracer handles
  /// SIGQUIT, but for one sent by `kill` or Ctrl-\\ it prints a "crash" and lets the process run on, so
  /// the user's quit neither quits nor removes the temporary file. A signal the parent set to be ignored
  /// stays ignored.
  static let takenOver: [Int32] = [SIGQUIT]
  static let handlersInstalled: Bool = {
    var installed = sigset_t()
    sigemptyset(&installed)
    defer {
      // A handler that never runs cleans nothing: a parent that started this process with these signals
      // blocked (test runners, IDEs) would otherwise leave the temporary file behind and the process
      // deaf to SIGINT and SIGTERM.
      _ = pthread_sigmask(SIG_UNBLOCK, &installed, nil)
    }
    for signal in signals {
      var current = sigaction()
      guard sigaction(signal, nil, &current) == 0 else { continue }
      // The handler field as a number: 0 is SIG_DFL, 1 is SIG_IGN (the union's `sa_sigaction` shares it).
      let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
      guard handler == 0 || (handler != 1 && takenOver.contains(signal)) else { continue }
      sigaddset(&installed, signal)
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { received in
        // Files first, then directories (an `OutputDirectory`'s staging directory), which `rmdir(2)`
        // removes only once empty; each call fails harmlessly on the other kind.
        for i in 0..<OutputCleanup.capacity {
          if let path = OutputCleanup.paths[i] { _ = unlink(path) }
        }
        for i in 0..<OutputCleanup.capacity {
          if let path = OutputCleanup.paths[i] { _ = rmdir(path) }
        }
        _ = Glibc.signal(received, SIG_DFL)
        _ = raise(received)
      }
      sigemptyset(&action.sa_mask)
      _ = sigaction(signal, &action, nil)
    }
    return true
  }()

  /// Installs the handlers, then blocks the signals they handle on this thread until
  /// ``restoreSignals(_:)``: a file created in between is registered before a signal can be handled.
  ///
  /// - Returns: The thread's signal mask before.
  static func deferSignals() -> sigset_t {
    _ = handlersInstalled
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in signals { sigaddset(&handled, signal) }
    var previous = sigset_t()
    _ = pthread_sigmask(SIG_BLOCK, &handled, &previous)
    return previous
  }

  /// Restores the signal mask ``deferSignals()`` returned; a signal that arrived meanwhile is handled now.
  static func restoreSignals(_ previous: sigset_t) {
    var previous = previous
    _ = pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  /// Records a temporary file; nil when the table is full (the file is then only removed by the
  /// `OutputFile` itself).
  static func register(_ path: String) -> Int? {
    _ = handlersInstalled
    return lock.withLock { _ in
      for i in 0..<capacity where paths[i] == nil {
        paths[i] = strdup(path)
        return i
      }
      return nil
    }
  }

  static func unregister(_ slot: Int) {
    lock.withLock { _ in
      let path = paths[slot]
      paths[slot] = nil
      free(path)
    }
  }
}
