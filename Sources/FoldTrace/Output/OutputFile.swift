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
///   (`.alreadyExists`); an existing empty file (a placeholder) is replaced only if it is still empty
///   then: the names are exchanged in one step (`renameat2(2)`, `RENAME_EXCHANGE`) and, if the file
///   swapped out holds data, exchanged back (`.io`; where names cannot be exchanged, the size is checked
///   again just before the rename). ``Existing/replace(unless:)``
///   is for derived outputs a tool can make again (SVG, JSON), behind a `--force` option; it still
///   refuses a path that is one of the command's inputs (same device and inode, so a symbolic link or
///   another spelling of an input is refused too).
/// - **Atomic.** Bytes go to a new file in the same directory that has no name (Linux's `O_TMPFILE`),
///   which ``publish()`` syncs and then names: `linkat(2)` of `/proc/self/fd/N` under the name for a new
///   file (`link` never replaces one, so a concurrent creator is never overwritten), or, for a
///   replacement, a link under a hidden temporary name `.NAME.XXXXXX` then `rename(2)` over the file (a
///   symbolic link is followed and its target replaced). The name shows the whole output or nothing: an
///   interrupted or failed run leaves what was there before.
/// - **Nothing left behind.** Until it is published the output has no name, so a process that ends
///   first — SIGKILL and a power cut included — leaves nothing. Where the file system cannot make a file
///   without a name (no `O_TMPFILE`: some NFS, FUSE or older overlay mounts; or `/proc` not mounted), the
///   bytes go to a hidden temporary file `.NAME.XXXXXX` (`.out.XXXXXX` when that name is too long) instead,
///   published the same way, and the one thing a SIGKILL can leave is that file.
/// - **Cleaned up.** A hidden temporary file is removed by ``discard()``, on deinit, and when the
///   process gets a signal whose default action ends it (SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ, …;
///   `OutputCleanup.signals`) while it exists (handlers are installed on first use where the signal's
///   disposition is still the default; they remove the temporary files, then die of the signal as
///   before); a file with no name goes with its descriptor.
/// - **Mode.** A new output gets 0666 less the umask, as a shell's `>` makes it; a replacement keeps the
///   mode of the file it replaces.
/// - **Special files** (a terminal, a pipe, `/dev/null`) are written through, never replaced, and not
///   synced — except a pipe or socket that is the command's standard input (or one of its inputs), which
///   is refused. So are the names of the process's own descriptors (`/dev/stdout`, `/dev/fd/N`,
///   `/proc/self/fd/N`; ``FileSystem/descriptorAlias(_:)``), through a duplicate of the descriptor itself,
///   whatever file it is: opened by name, a regular file would be written from offset 0. A descriptor
///   open on one of the command's inputs is refused, whatever ``Existing`` says.
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
  /// Where the bytes wait for ``publish()``.
  private enum Staging {
    /// A file with no name (`O_TMPFILE`): nothing to remove, however the process ends.
    case unnamed(UnnamedFile)
    /// A hidden temporary file beside the output, registered with the signal handlers (``slot``).
    case named(String)
  }

  /// The file being written (see ``staging``), or the special file written through; nil once published
  /// or discarded.
  private var descriptor: FileDescriptor?
  /// The file ``descriptor`` writes; nil when writing through a special file, or once published or
  /// discarded.
  private var staging: Staging?
  /// The resolved final path (a symbolic link's target) and whether publishing replaces a file there.
  private let target: String
  private let replaces: Bool
  /// Publishing replaces an empty file (a placeholder) that must still be empty when it is replaced.
  private let replacesPlaceholder: Bool
  /// Whether a placeholder is replaced by exchanging names (`RENAME_EXCHANGE`) where the system can.
  private let exchanges: Bool
  /// The permission bits the output gets: a replaced file's own, else 0666 less the umask.
  private let permissions: UInt16
  private var slot: Int?

  /// Whether the output is written through the file that is the process's standard output (same
  /// device and inode as descriptor 1: `/dev/stdout`, `/dev/fd/1`, a pipe or terminal named another
  /// way): anything else printed there would land among the output's bytes.
  public let isStandardOutput: Bool
  /// Whether the output is written through a terminal (`isatty(3)` of the opened output): a binary
  /// output there is refused by the tools.
  public let isTerminal: Bool

  /// Opens an output: a new file with no name (else a hidden temporary file) beside `path`, or `path`
  /// itself when it is a special file.
  ///
  /// - Parameters:
  ///   - path: Where the output appears.
  ///   - existing: What to do when `path` exists (default ``Existing/refuse``).
  ///   - inputs: The files the command reads (`-` is standard input, always counted): a descriptor name
  ///     (`/dev/fd/N`) whose descriptor is open on one of them, or a pipe one of them reads, is refused
  ///     whatever `existing` says. ``Existing/replace(unless:)``'s paths count too.
  /// - Throws: ``TraceError`` `.invalidArgument` for an empty path, a directory, a replacement onto an
  ///   input or a descriptor open on one; `.locked` when a writer holds the file's lock; `.alreadyExists`
  ///   when `path` holds data and `existing` is ``Existing/refuse``; `.io` naming the failing call (a
  ///   symbolic link loop, a link that cannot be resolved and a descriptor name whose descriptor is not
  ///   open are named as such).
  public convenience init(path: String, existing: Existing = .refuse, inputs: [String] = [])
    throws(TraceError)
  {
    try self.init(path: path, existing: existing, inputs: inputs, unnamedFiles: .system)
  }

  /// Opens an output as ``init(path:existing:inputs:)`` does, making its file with no name as `unnamedFiles`
  /// says (``UnnamedFiles/unavailable``: a hidden temporary file, as where the file system has no
  /// `O_TMPFILE`), and replacing a placeholder by exchanging names only when `exchange` (else as where
  /// the file system cannot exchange them).
  ///
  /// - Throws: As ``init(path:existing:inputs:)``.
  package init(
    path: String, existing: Existing, inputs commandInputs: [String] = [], unnamedFiles: UnnamedFiles,
    exchange: Bool = true
  ) throws(TraceError) {
    guard !path.isEmpty else {
      throw TraceError(.invalidArgument, file: path, reason: "no output path given")
    }
    self.path = path
    self.existing = existing
    exchanges = exchange
    var inputs = ["-"] + commandInputs
    if case .replace(let others) = existing { inputs += others }
    if let number = FileSystem.descriptorAlias(path) {
      // `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`: the descriptor the user means, written through
      // as a special file is. Opening the name would open its file anew, at offset 0.
      let opened = try Self.openDescriptor(
        number, path, inputs: inputs, readsStandardInput: commandInputs.contains("-"))
      descriptor = opened
      target = path
      (replaces, replacesPlaceholder, permissions) = (false, false, 0)
      isStandardOutput = Self.isStandardOutput(opened)
      isTerminal = opened.isTerminal
      return
    }
    switch Result(catching: { () throws(Errno) in try FileSystem.status(path) }) {
    case .failure(let statError):
      if statError == .tooManySymbolicLinkLevels {
        throw TraceError(
          .io, file: path, reason: "cannot write: a symbolic link loop (too many levels of links)")
      }
      if entryExists(path) {
        throw TraceError(
          .io, file: path, reason: "is a symbolic link to a missing file; remove it or choose another name")
      }
      guard statError == .noSuchFileOrDirectory else { throw Self.failure(path, "stat", statError) }
      target = path
      (replaces, replacesPlaceholder) = (false, false)
      (isStandardOutput, isTerminal) = (false, false)
      permissions = 0o666 & ~FileSystem.creationMask()
    case .success(let status):
      switch status.kind {
      case .regular:
        if Self.isLocked(path) {
          throw TraceError(
            .locked, file: path, reason: "another writer has this file open (its exclusive lock is held)")
        }
        if case .replace(let inputs) = existing {
          if let input = Self.input(among: inputs, sameAs: status) {
            throw TraceError(
              .invalidArgument, file: path,
              reason: "is this command's input '\(input)'; refusing to replace it, even with --force")
          }
        } else if status.size > 0 {
          throw TraceError(
            .alreadyExists, file: path,
            reason:
              "already exists and holds \(status.size) byte\(status.size == 1 ? "" : "s"); it is never overwritten"
          )
        }
        guard let resolved = FileSystem.resolved(path) else {
          // A link whose target the system cannot name (`/proc/PID/fd/N` of a deleted file): a rename
          // would replace the link itself.
          throw TraceError(
            .io, file: path,
            reason: "is a symbolic link whose target cannot be resolved; name the file itself")
        }
        target = resolved
        replaces = true
        (isStandardOutput, isTerminal) = (false, false)
        replacesPlaceholder = existing == .refuse
        // A replacement keeps the mode of the file it replaces.
        permissions = status.permissions
      case .directory:
        throw TraceError(.invalidArgument, file: path, reason: "is a directory; name a file to write")
      default:
        // A device, FIFO or socket: written through, never replaced. A pipe or socket that is also an
        // input (standard input, `/dev/stdin`, a named pipe given as input) would feed the output back
        // into the command, which then waits for its own end of file forever: refused.
        try Self.refuseInputPipe(path, status, inputs: inputs)
        let opened: FileDescriptor
        do throws(Errno) {
          opened = try FileDescriptor.open(path, .writeOnly)
        } catch {
          throw Self.failure(path, "open", error)
        }
        descriptor = opened
        target = path
        (replaces, replacesPlaceholder, permissions) = (false, false, 0)
        staging = nil
        isStandardOutput = Self.isStandardOutput(opened)
        isTerminal = opened.isTerminal
        return
      }
    }
    if let unnamed = UnnamedFile.create(
      inDirectory: FileSystem.directory(of: target), permissions: 0o600, support: unnamedFiles)
    {
      descriptor = unnamed.descriptor
      staging = .unnamed(unnamed)
      // Set after the file is made, whatever umask the open applied: 0666 less the umask, as a shell's
      // `>` makes a new file, or the mode of the file replaced.
      do throws(Errno) {
        try unnamed.descriptor.setPermissions(permissions)
      } catch {
        discard()
        throw Self.failure(path, "fchmod", error)
      }
      return
    }
    // Signals are held off from before the file exists until it is registered: a signal in between
    // (or one the parent blocked, let in when the handlers are installed) finds it registered, or
    // finds nothing made.
    let deferred = OutputCleanup.deferSignals()
    defer { OutputCleanup.restoreSignals(deferred) }
    let (created, name) = try Self.makeTemporary(beside: target, permissions: permissions)
    descriptor = created
    staging = .named(name)
    slot = OutputCleanup.register(name)
  }

  deinit { discard() }

  /// Appends bytes to the output.
  /// - Throws: ``TraceError`` `.io` when they cannot be written (a full disk); `.closed` after
  ///   ``publish()`` or ``discard()``.
  /// - Complexity: O(n) in the number of bytes.
  public func write(_ bytes: [UInt8]) throws(TraceError) {
    guard let descriptor else { throw TraceError(.closed, file: path, reason: "the output is closed") }
    do throws(Errno) {
      try descriptor.writeAll(bytes)
    } catch {
      throw Self.failure(path, "write", error)
    }
  }

  /// Makes the output appear under ``path``: syncs the file, then links it into place (or renames it
  /// over the file it replaces, through a hidden temporary name) and syncs the directory (best effort).
  /// - Throws: ``TraceError`` `.alreadyExists` when another process created `path` meanwhile, `.io`
  ///   when the placeholder it replaces gained data meanwhile (nothing is changed) or naming the failing
  ///   call; the file is discarded either way.
  public func publish() throws(TraceError) {
    guard let descriptor else { throw TraceError(.closed, file: path, reason: "the output is closed") }
    guard let staging else {
      descriptor.close()
      self.descriptor = nil
      return
    }
    defer { discard() }
    do throws(Errno) {
      try descriptor.sync()
    } catch {
      throw Self.failure(path, "fsync", error)
    }
    let temporary: String
    switch staging {
    case .named(let name): temporary = name
    case .unnamed(let file):
      if !replaces {
        do throws(Errno) {
          try file.link(as: target)
          self.staging = nil
          try? TraceFile.syncDirectory(of: target)
          return
        } catch {
          if error == .fileExists {
            throw TraceError(.alreadyExists, file: path, reason: "was created by another process meanwhile")
          }
          // Any other failure (no hard links, a `/proc` that does not link) leaves the bytes to be
          // copied under a hidden name and published from there, as a named temporary file is.
        }
      }
      // A name is replaced in one step only by `rename(2)`, which moves a name: the file takes a hidden
      // one first (or, where it cannot be linked, a copy of it is made under one).
      temporary = try nameHidden(file)
    }
    if replacesPlaceholder {
      try replacePlaceholder(with: temporary)
    } else if replaces {
      try Self.rename(temporary, to: target, naming: path)
    } else {
      do throws(Errno) {
        try FileSystem.link(temporary, as: target)
        // The output now has two names; the temporary one must go, or every output leaves a hidden copy.
        try? FileSystem.remove(temporary)
      } catch {
        if error == .fileExists {
          throw TraceError(.alreadyExists, file: path, reason: "was created by another process meanwhile")
        }
        // File systems without hard links: create the name exclusively, then move the bytes onto it.
        guard Self.lacksHardLinks(error) else { throw Self.failure(path, "link", error) }
        do throws(Errno) {
          try FileDescriptor.open(target, .writeOnly, createNew: true).close()
        } catch {
          if error == .fileExists {
            throw TraceError(.alreadyExists, file: path, reason: "was created by another process meanwhile")
          }
          throw Self.failure(path, "create", error)
        }
        try Self.rename(temporary, to: target, naming: path)
      }
    }
    self.staging = nil
    try? TraceFile.syncDirectory(of: target)
  }

  /// Puts the output, named `temporary`, in the place of the empty file (the placeholder) at ``target``,
  /// which must still be empty: another process may have written into it since it was found empty.
  /// The names are exchanged in one step (`renameat2(2)`, `RENAME_EXCHANGE`); if the file swapped out
  /// then holds data, they are exchanged back, and the placeholder keeps its name and bytes. Where the
  /// file system cannot exchange names, its size is checked again just before `rename(2)`, which leaves
  /// only the moment between the two. A placeholder removed meanwhile leaves a new name to link.
  ///
  /// - Throws: ``TraceError`` `.io` when the placeholder gained data (nothing was changed) or a call
  ///   fails; `.alreadyExists` when a file took a removed placeholder's name.
  private func replacePlaceholder(with temporary: String) throws(TraceError) {
    do throws(Errno) {
      guard exchanges else { throw Errno.noFunction }
      try FileSystem.exchange(temporary, target)
    } catch {
      if error == .noSuchFileOrDirectory, !entryExists(target) {
        do throws(Errno) {
          try FileSystem.link(temporary, as: target)
          try? FileSystem.remove(temporary)
          return
        } catch {
          if error == .fileExists {
            throw TraceError(.alreadyExists, file: path, reason: "was created by another process meanwhile")
          }
          throw Self.failure(path, "link", error)
        }
      }
      guard error == .invalidArgument || error == .noFunction || error == .notSupported else {
        throw Self.failure(path, "renameat2", error)
      }
      if let now = try? FileSystem.status(target), now.size > 0 { throw gainedData(now.size) }
      try Self.rename(temporary, to: target, naming: path)
      return
    }
    // `temporary` now names the placeholder, `target` the output.
    let swapped = try? FileSystem.linkStatus(temporary)
    if let swapped, swapped.kind == .regular, swapped.size == 0 {
      try? FileSystem.remove(temporary)
      return
    }
    do throws(Errno) {
      try FileSystem.exchange(temporary, target)
    } catch {
      // Both files are kept: the output under the name, the placeholder's bytes under the hidden one.
      staging = nil
      throw TraceError(
        .io, file: path,
        reason: "gained data while this output was written, and renameat2 could not put it back "
          + "(\(error)): its bytes are in '\(temporary)'")
    }
    throw gainedData(swapped?.size ?? 0)
  }

  /// The error for a placeholder that holds `size` bytes when it is to be replaced.
  private func gainedData(_ size: Int) -> TraceError {
    TraceError(
      .io, file: path,
      reason:
        "was empty but gained data (\(size) byte\(size == 1 ? "" : "s")) while this output was written; nothing was "
        + "changed, it keeps its bytes")
  }

  /// Gives the synced file with no name a hidden temporary name beside the output, `.NAME.XXXXXX`
  /// (`.out.XXXXXX` when that is too long), registered with the signal handlers; where it cannot be
  /// linked (no hard links), copies it to a new hidden temporary file instead. Either becomes
  /// ``staging``.
  ///
  /// - Returns: The hidden name.
  /// - Throws: ``TraceError`` `.io` naming the failing call.
  /// - Complexity: O(1); O(n) in the output's size for the copy.
  private func nameHidden(_ file: UnnamedFile) throws(TraceError) -> String {
    // Signals are held off from before the name exists until it is registered: a signal then finds it
    // registered, or finds no name.
    let deferred = OutputCleanup.deferSignals()
    let named = Result { () throws(TraceError) -> (name: String, copy: FileDescriptor?) in
      if let name = Self.linkHidden(file, beside: target) { return (name, nil) }
      let (copy, name) = try Self.makeTemporary(beside: target, permissions: permissions)
      return (name, copy)
    }
    if case .success(let made) = named {
      staging = .named(made.name)
      slot = OutputCleanup.register(made.name)
    }
    OutputCleanup.restoreSignals(deferred)
    let (name, made) = try named.get()
    guard let copy = made else { return name }
    defer { copy.close() }
    do throws(Errno) {
      let size = try file.descriptor.status().size
      var offset = 0
      while offset < size {
        let chunk = try file.descriptor.read(at: offset, count: min(1 << 20, size - offset))
        if chunk.isEmpty { break }
        try copy.writeAll(chunk)
        offset += chunk.count
      }
      try copy.sync()
    } catch {
      throw Self.failure(path, "copy", error)
    }
    return name
  }

  /// Links the file with no name under a new hidden name beside `target` (``templates(beside:)``).
  /// - Returns: The name; nil when it cannot be linked (a file system without hard links, a `/proc`
  ///   that does not link, a name too long even as `.out.XXXXXX`): the caller copies it instead, and
  ///   reports that copy's failure if it fails too.
  private static func linkHidden(_ file: UnnamedFile, beside target: String) -> String? {
    for template in templates(beside: target) {
      do throws(Errno) {
        return try file.linkUnique(fromTemplate: template)
      } catch {
        if error != .fileNameTooLong { return nil }
      }
    }
    return nil
  }

  /// Whether a failed `link(2)` says the file system has no hard links (`EPERM`, `EOPNOTSUPP`,
  /// `ENOSYS`) or cannot link these two paths (`EXDEV`).
  private static func lacksHardLinks(_ error: Errno) -> Bool {
    error == .notPermitted || error == .notSupported || error == .improperLink || error == .noFunction
  }

  /// Removes the unpublished file (nothing changes under ``path``). Safe to call more than once.
  public func discard() {
    descriptor?.close()
    descriptor = nil
    if case .named(let temporary) = staging { try? FileSystem.remove(temporary) }
    staging = nil
    if let slot { OutputCleanup.unregister(slot) }
    slot = nil
  }

  /// Writes `bytes` as a whole new output: ``init(path:existing:inputs:)``, ``write(_:)``, ``publish()``.
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
    guard let input = input(among: inputs, sameAs: status) else { return }
    // Standard input is refused whether or not the command reads it, so the reason names the pipe by
    // where it is, not as the input the command reads (which may be a file).
    let pipe =
      input == "-"
      ? "is the pipe on this command's standard input"
      : "is the pipe this command reads its input '\(input)' from"
    throw TraceError(
      .invalidArgument, file: path, reason: pipe + "; writing there would feed the output back into it")
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

  private static func failure(_ path: String, _ operation: String, _ error: Errno) -> TraceError {
    TraceError(.io, file: path, reason: "\(operation) failed: \(error)")
  }

  /// `rename(2)` of `temporary` onto `target`, failing as "rename failed" naming `path`.
  private static func rename(_ temporary: String, to target: String, naming path: String) throws(TraceError) {
    do throws(Errno) {
      try FileSystem.rename(temporary, to: target)
    } catch {
      throw failure(path, "rename", error)
    }
  }

  /// A duplicate of this process's descriptor `number`, which `path` names
  /// (``FileSystem/descriptorAlias(_:)``), to write the output through.
  ///
  /// - Parameter readsStandardInput: Whether the command reads `-`; standard input's file is refused
  ///   either way, and the message says which.
  /// - Throws: ``TraceError`` `.io` when the descriptor is not open or not open for writing;
  ///   `.invalidArgument` when it is a directory, one of `inputs` (a regular file) or a pipe on one
  ///   (``refuseInputPipe(_:_:inputs:)``).
  private static func openDescriptor(
    _ number: Int32, _ path: String, inputs: [String], readsStandardInput: Bool
  ) throws(TraceError) -> FileDescriptor {
    let source = FileDescriptor(rawValue: number)
    let status: FileStatus
    do throws(Errno) {
      // Closed when the command started, and held on /dev/null since: not open, as far as the user knows.
      guard !isReservedStandardDescriptor(number) else { throw Errno.badFileDescriptor }
      status = try source.status()
    } catch {
      throw TraceError(
        .io, file: path,
        reason: "names descriptor \(number), which is not open (\(error)); nothing to write to")
    }
    if status.kind == .directory {
      throw TraceError(.invalidArgument, file: path, reason: "is a directory; name a file to write")
    }
    try refuseInputPipe(path, status, inputs: inputs)
    if status.kind == .regular, let input = input(among: inputs, sameAs: status) {
      throw TraceError(
        .invalidArgument, file: path,
        reason: input == "-" && !readsStandardInput
          ? "is the file on standard input, which no output is written into"
          : "is this command's input '\(input)'; its output would be written into the file it reads")
    }
    guard source.isOpenForWriting else {
      throw TraceError(.io, file: path, reason: "names descriptor \(number), which is open for reading only")
    }
    do throws(Errno) {
      return try source.duplicate()
    } catch {
      throw failure(path, "dup", error)
    }
  }

  /// Whether `descriptor` is the file descriptor 1 writes (same device and inode).
  private static func isStandardOutput(_ descriptor: FileDescriptor) -> Bool {
    guard let opened = try? descriptor.status(), let standard = try? FileDescriptor.standardOutput.status()
    else { return false }
    return opened.identity == standard.identity
  }

  /// Whether a writer holds `path`'s exclusive `flock` (a trace being recorded).
  private static func isLocked(_ path: String) -> Bool {
    guard let descriptor = try? FileDescriptor.open(path, .readOnly, options: .nonBlocking) else {
      return false
    }
    defer { descriptor.close() }
    return (try? descriptor.tryLock(.shared)) == false
  }

  /// A symbolic link's final target (so replacing keeps the link), else the path itself.
  private static func resolved(_ path: String) -> String { FileSystem.resolved(path) ?? path }

  /// The templates of a hidden temporary name beside `path`: `.NAME.XXXXXX`, then `.out.XXXXXX` for a
  /// name too long for that.
  private static func templates(beside path: String) -> [String] {
    [FileSystem.temporaryTemplate(beside: path), FileSystem.temporaryTemplate(beside: path, name: "out")]
  }

  /// `mkstemp(3)` of `.NAME.XXXXXX` beside `path` (`.out.XXXXXX` when that name is too long), with
  /// `permissions`.
  private static func makeTemporary(beside path: String, permissions: UInt16) throws(TraceError) -> (
    FileDescriptor, String
  ) {
    for name in templates(beside: path) {
      let created: (descriptor: FileDescriptor, path: String)
      do throws(Errno) {
        created = try FileDescriptor.createUnique(fromTemplate: name)
      } catch {
        if error == .fileNameTooLong { continue }
        throw failure(path, "create", error)
      }
      do throws(Errno) {
        try created.descriptor.setCloseOnExec()
        try created.descriptor.setPermissions(permissions)
      } catch {
        created.descriptor.close()
        try? FileSystem.remove(created.path)
        throw failure(path, "fchmod", error)
      }
      return created
    }
    throw failure(path, "create", .fileNameTooLong)
  }
}
