/// A new file written piece by piece that appears under its name only when it is complete: the bytes go
/// to a new file with no name in the same directory (Linux's `O_TMPFILE`, mode 0644), which
/// ``publish()`` syncs and links to the name (`linkat(2)` of `/proc/self/fd/N`). `link` never replaces a
/// name, so an existing file is never overwritten; until ``publish()`` nothing is in the directory, so
/// a process that ends first — SIGKILL and a power cut included — leaves nothing behind, and
/// ``discard()`` (or deinit) closes the file, which frees it. It streams what
/// ``TraceWriter/createFile(_:bytes:)`` writes at once.
///
/// Where the file system cannot make a file without a name (no `O_TMPFILE`, or `/proc` not mounted),
/// the bytes go to a hidden temporary file beside it (`.NAME.XXXXXX`) instead, linked the same way and
/// removed by ``discard()`` and by the handlers of the signals that end the process; a SIGKILL leaves it.
///
/// An existing *empty* file (a placeholder) is filled in place instead, as by
/// ``TraceWriter/createFile(_:bytes:)``, and emptied again on ``discard()``; so is a name whose
/// temporary twin would be too long. A special file (`/dev/null`, a terminal, a pipe) is written
/// through, never synced or emptied. On a file system without hard links, ``publish()`` copies the
/// temporary file to a new file under the name.
public final class NewTraceFile {
  /// The name the file appears under.
  public let path: String
  private var file: TraceFile?
  /// The file with no name being written, or nil.
  private var unnamed: UnnamedFile?
  /// The hidden file being written, or nil when writing a file with no name or in place.
  private var temporary: String?
  /// Writing into a file this object created under `path` (not a placeholder it found).
  private var createdInPlace = false
  /// Writing through a special file found under `path`: no lock, no sync, nothing to empty.
  private var isSpecial = false
  private var isDone = false
  /// The file's entry in the table that SIGINT, SIGTERM and the other ending signals clean up (`OutputCleanup`): the temporary
  /// file, or the file created in place, is removed if the process is interrupted before it is done.
  private var cleanupSlot: Int?

  /// Starts a new file.
  ///
  /// - Parameter path: Where the file appears on ``publish()``.
  /// - Throws: ``TraceError`` `.invalidArgument` for an empty path, `.alreadyExists` when `path` holds
  ///   data, `.locked` when a writer holds it, `.io` naming the failing call.
  public convenience init(path: String) throws(TraceError) {
    try self.init(path: path, unnamedFiles: .system)
  }

  /// Starts a new file as ``init(path:)`` does, making it with no name as `unnamedFiles` says
  /// (``UnnamedFiles/unavailable``: a hidden temporary file, as where the file system has no
  /// `O_TMPFILE`).
  ///
  /// - Throws: As ``init(path:)``.
  package init(path: String, unnamedFiles: UnnamedFiles) throws(TraceError) {
    self.path = path
    guard !path.isEmpty else {
      throw TraceError(.invalidArgument, file: path, reason: "no path given for the new trace")
    }
    if entryExists(path) {
      try claimPlaceholder()
      return
    }
    if let unnamed = UnnamedFile.create(
      inDirectory: FileSystem.directory(of: path), permissions: 0o644, support: unnamedFiles)
    {
      self.unnamed = unnamed
      // Named after the output: the file has no other name to give in an error.
      file = TraceFile(path: path, descriptor: unnamed.descriptor)
      // Exactly 0644, as a named temporary file is made: the umask does not narrow a trace.
      do throws(Errno) {
        try unnamed.descriptor.setPermissions(0o644)
      } catch {
        discard()
        throw TraceFile.failure(path, "fchmod", error)
      }
      return
    }
    // Signals wait until the temporary file is registered for cleanup: one arriving in between would
    // otherwise leave it behind.
    let deferred = OutputCleanup.deferSignals()
    let descriptor: FileDescriptor
    let temporary: String
    do throws(Errno) {
      (descriptor, temporary) = try FileDescriptor.createUnique(
        fromTemplate: FileSystem.temporaryTemplate(beside: path))
    } catch {
      OutputCleanup.restoreSignals(deferred)
      guard error == .fileNameTooLong else { throw TraceFile.failure(path, "create", error) }
      try createInPlace()
      return
    }
    self.temporary = temporary
    cleanupSlot = OutputCleanup.register(temporary)
    OutputCleanup.restoreSignals(deferred)
    let file = TraceFile(path: temporary, descriptor: descriptor)
    self.file = file
    do throws(Errno) {
      try descriptor.setCloseOnExec()
      try descriptor.setPermissions(0o644)
    } catch {
      discard()
      throw TraceFile.failure(temporary, "fchmod", error)
    }
  }

  private func claimPlaceholder() throws(TraceError) {
    let status = try? FileSystem.status(path)
    if let status { try OutputFile.refuseInputPipe(path, status, inputs: ["-"]) }
    // A FIFO or device is opened write-only, as a shell's `>` opens it. Opened read-write, the command
    // held the FIFO's read end itself: a reader that quit raised no SIGPIPE, and with no reader the
    // output vanished into the pipe or, past its buffer, the command waited forever.
    let writeThrough = status?.kind == .fifo || status?.kind == .characterDevice
    let file = try TraceFile.open(path, writeThrough ? .writeThrough : .update)
    do throws(TraceError) {
      if try file.irregularKind() != nil {
        isSpecial = true
        self.file = file
        return
      }
      try file.lockExclusive()
      let existing = try file.size()
      guard existing == 0 else {
        throw TraceError(.alreadyExists, file: path, reason: "already holds \(existing) bytes")
      }
    } catch {
      file.close()
      throw error
    }
    self.file = file
  }

  private func createInPlace() throws(TraceError) {
    let descriptor: FileDescriptor
    do throws(Errno) {
      descriptor = try FileDescriptor.open(
        path, .readWrite, options: [.create, .exclusive], permissions: 0o644)
    } catch {
      if error == .fileExists { throw TraceError(.alreadyExists, file: path, reason: "already exists") }
      throw TraceFile.failure(path, "create", error)
    }
    file = TraceFile(path: path, descriptor: descriptor)
    createdInPlace = true
    cleanupSlot = OutputCleanup.register(path)
  }

  deinit { discard() }

  /// Appends bytes.
  ///
  /// - Throws: ``TraceError`` `.io` when they cannot be written (the file is then discarded).
  public func write(_ bytes: [UInt8]) throws(TraceError) {
    guard let file, !isDone else {
      throw TraceError(.invalidArgument, file: path, reason: "the file is already published or discarded")
    }
    do throws(TraceError) {
      try file.writeAll(bytes)
    } catch {
      discard()
      throw error
    }
  }

  /// Syncs the bytes and gives the file its name (then syncs the directory, best effort).
  ///
  /// - Throws: ``TraceError`` `.alreadyExists` when another file took the name meanwhile, `.io` naming
  ///   the failing call; the temporary file is removed either way.
  public func publish() throws(TraceError) {
    guard let file, !isDone else {
      throw TraceError(.invalidArgument, file: path, reason: "the file is already published or discarded")
    }
    do throws(TraceError) {
      if !isSpecial { try file.sync() }
      if let unnamed {
        do throws(Errno) {
          try unnamed.link(as: path)
        } catch {
          if error == .fileExists { throw TraceError(.alreadyExists, file: path, reason: "already exists") }
          // Any other failure (no hard links, a `/proc` that does not link): the bytes are copied to a
          // new file, which reports its own failure if that fails too.
          try copyToNewFile(from: file)
        }
      } else if let temporary {
        do throws(Errno) {
          try FileSystem.link(temporary, as: path)
        } catch {
          guard error == .notPermitted || error == .notSupported || error == .improperLink else {
            if error == .fileExists { throw TraceError(.alreadyExists, file: path, reason: "already exists") }
            throw TraceFile.failure(path, "link", error)
          }
          try copyToNewFile(from: file)
        }
      }
    } catch {
      discard()
      throw error
    }
    isDone = true
    releaseCleanupSlot()
    if let temporary { try? FileSystem.remove(temporary) }
    file.close()
    self.file = nil
    if !isSpecial { try? TraceFile.syncDirectory(of: path) }
  }

  /// Copies the finished temporary file under the name, on a file system without hard links.
  private func copyToNewFile(from file: TraceFile) throws(TraceError) {
    let size = try file.size()
    let copy = try TraceFile.create(path, contents: [])
    defer { copy.close() }
    var offset = 0
    while offset < size {
      let chunk = try file.read(at: offset, count: min(1 << 20, size - offset))
      if chunk.isEmpty { break }
      try copy.writeAll(chunk)
      offset += chunk.count
    }
    try copy.sync()
  }

  /// Removes what was written: the file with no name (closing it frees it), the temporary file, or the
  /// file created in place; a placeholder is emptied again. Does nothing after ``publish()``.
  public func discard() {
    guard !isDone else { return }
    isDone = true
    releaseCleanupSlot()
    if unnamed != nil {
      // Closed below: nothing names it.
    } else if let temporary {
      try? FileSystem.remove(temporary)
    } else if createdInPlace {
      try? FileSystem.remove(path)
    } else if let file, !isSpecial {
      try? file.truncate(to: 0)
    }
    file?.close()
    file = nil
  }

  private func releaseCleanupSlot() {
    if let cleanupSlot { OutputCleanup.unregister(cleanupSlot) }
    cleanupSlot = nil
  }
}
