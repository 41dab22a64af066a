/// A directory of files a tool writes as one output (an HTML report), under the rule ``OutputFile``
/// follows: never write over a file the user had, and publish the output whole or not at all.
///
/// ```swift
/// let report = try OutputDirectory(path: "report")
/// try report.write(Array(page.utf8), as: "index.html")
/// try report.publish()
/// ```
///
/// A large file is written in pieces through ``file(named:)`` (an ``OutputDirectory/File``), under the
/// same rules, so it is never held whole in memory.
///
/// - **Never over data.** The path must not exist, or be an empty directory (a symbolic link to one is
///   followed); anything else is refused before any work is done.
/// - **Whole or nothing.** When the path does not exist, the files are written into a hidden sibling
///   directory `.NAME.PID.N`, each synced, and ``publish()`` renames that directory onto the path in one
///   step: the name shows the complete output or nothing. When the path is an existing empty directory
///   (a CI artifact directory, perhaps a mount point), it is kept as it is: each file is staged as a
///   file with no name inside it (else a hidden temporary file) and linked under its name at
///   ``publish()`` (an ``OutputFile``), and the files already published are removed again if a later
///   one fails.
/// - **Cleaned up.** Staged files and the staging directory are removed by ``discard()``, on deinit, and
///   when the process gets a signal whose default action ends it (the handler removes the files first,
///   then the directory). A run that fails leaves the path as it found it, so the same command can run
///   again; missing parent directories it created are left (they hold nothing).
///
/// An `OutputDirectory` is not thread-safe.
public final class OutputDirectory {
  /// The path the output appears under.
  public let path: String
  /// ``path`` without trailing slashes: what the staging directory is renamed onto.
  private var target: String
  /// The hidden sibling directory the files are written into, when the path did not exist; nil when the
  /// path is an existing empty directory, once published, or discarded.
  private var staging: String?
  private var stagingSlot: Int?
  /// The files written into ``staging``, with their cleanup entries, in the order written.
  private var staged: [(path: String, slot: Int?)] = []
  /// The files staged in an existing empty directory, published in the order written.
  private var outputs: [OutputFile] = []
  /// Every file started by ``file(named:)``, closed at ``publish()`` if still open, abandoned at
  /// ``discard()``.
  private var files: [File] = []
  /// Set once published or discarded: the output then takes no more files.
  private var published = false

  /// Checks that `path` is absent or an empty directory, without changing anything.
  ///
  /// - Returns: Whether the path exists (an empty directory, or a symbolic link to one).
  /// - Throws: ``TraceError`` `.alreadyExists` when it holds entries (the message counts them);
  ///   `.invalidArgument` when it is empty, or is not a directory; `.io` for a symbolic link to nothing, a
  ///   link loop, or a directory that cannot be read.
  @discardableResult
  public static func check(_ path: String) throws(TraceError) -> Bool {
    guard !path.isEmpty else { throw TraceError(.invalidArgument, file: path, reason: "no directory given") }
    let status: FileStatus
    do throws(Errno) {
      status = try FileSystem.status(path)
    } catch {
      if error == .tooManySymbolicLinkLevels {
        throw TraceError(.io, file: path, reason: "a symbolic link loop (too many levels of links)")
      }
      if entryExists(path) {
        throw TraceError(
          .io, file: path, reason: "is a symbolic link to a missing directory; remove it or choose another")
      }
      guard error == .noSuchFileOrDirectory || error == .notDirectory else {
        throw failure(path, "stat", error)
      }
      return false
    }
    guard status.kind == .directory else {
      throw TraceError(
        .invalidArgument, file: path, reason: "exists and is not a directory; choose a new or empty directory"
      )
    }
    let entries: Int
    do throws(Errno) {
      entries = try FileSystem.entryCount(ofDirectory: path)
    } catch {
      throw failure(path, "opendir", error)
    }
    guard entries == 0 else {
      throw TraceError(
        .alreadyExists, file: path,
        reason:
          "is not empty (\(entries) \(entries == 1 ? "entry" : "entries")); FoldTrace tools never write over"
          + " files (remove them or choose another directory)")
    }
    return true
  }

  /// Starts an output directory at `path` (see the type's description), creating missing parent
  /// directories.
  ///
  /// - Throws: As ``check(_:)`` does; `.io` naming the failing call when a parent or the staging
  ///   directory cannot be created.
  public init(path: String) throws(TraceError) {
    self.path = path
    target = path
    guard try !Self.check(path) else { return }
    // `out/` and `out//` name `out`: the staging directory goes beside it, never inside it. (A path of
    // slashes only is `/`, which exists and is refused by `check`.)
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    let name = String(trimmed)
    target = name
    try Self.makeParents(of: name)
    let slash = name.lastIndex(of: "/")
    let parent = slash.map { String(name[...$0]) } ?? ""
    let base = slash.map { String(name[name.index(after: $0)...]) } ?? name
    let deferred = OutputCleanup.deferSignals()
    defer { OutputCleanup.restoreSignals(deferred) }
    let process = currentProcessID()
    for attempt in 0..<1000 {
      // A name too long for the file system falls back to a short one, as `OutputFile`'s does.
      for name in [parent + "." + base + ".\(process).\(attempt)", parent + ".out.\(process).\(attempt)"] {
        do throws(Errno) {
          try FileSystem.makeDirectory(name, permissions: 0o777)
          staging = name
          stagingSlot = OutputCleanup.register(name)
          return
        } catch {
          if error == .fileExists { break }
          if error != .fileNameTooLong { throw Self.failure(path, "mkdir", error) }
        }
      }
    }
    throw Self.failure(path, "mkdir", .fileExists)
  }

  deinit { discard() }

  /// Writes a file of the output, whole: ``file(named:)``, one write, ``File/close()``.
  ///
  /// - Parameters:
  ///   - bytes: The file's content.
  ///   - name: Its name in the directory (one path component; distinct per call).
  /// - Throws: ``TraceError`` `.invalidArgument` for a name with a `/`, `.` or `..`; `.io` when it cannot
  ///   be written or synced (a full disk); `.closed` after ``publish()`` or ``discard()``.
  /// - Complexity: O(n) in the number of bytes.
  public func write(_ bytes: [UInt8], as name: String) throws(TraceError) {
    let file = try file(named: name)
    try file.write(bytes)
    try file.close()
  }

  /// Starts a file of the output, to be written in pieces (a ``File``): staged like every file, it
  /// appears at ``publish()`` — which writes what it still buffers and syncs it — or never.
  ///
  /// - Parameter name: Its name in the directory (one path component; distinct per call).
  /// - Returns: The file, open for writing.
  /// - Throws: ``TraceError`` `.invalidArgument` for a name with a `/`, `.` or `..`; `.io` when it cannot
  ///   be created; `.closed` after ``publish()`` or ``discard()``.
  public func file(named name: String) throws(TraceError) -> File {
    guard !published else { throw TraceError(.closed, file: path, reason: "the output is closed") }
    guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
      throw TraceError(.invalidArgument, file: name, reason: "is not a file name")
    }
    guard let staging else {
      let output = try OutputFile(path: path + "/" + name)
      outputs.append(output)
      let file = File(path: path + "/" + name, output: output)
      files.append(file)
      return file
    }
    let staged = staging + "/" + name
    let deferred = OutputCleanup.deferSignals()
    let descriptor: FileDescriptor
    do throws(Errno) {
      descriptor = try FileDescriptor.open(
        staged, .writeOnly, options: [.create, .exclusive], permissions: 0o666)
    } catch {
      OutputCleanup.restoreSignals(deferred)
      throw Self.failure(path + "/" + name, "create", error)
    }
    // Registered before signals are let in again: a signal from here on removes the file.
    self.staged.append((staged, OutputCleanup.register(staged)))
    OutputCleanup.restoreSignals(deferred)
    let file = File(path: path + "/" + name, descriptor: descriptor)
    files.append(file)
    return file
  }

  /// Makes the output appear under ``path``: closes every ``File`` still open (writing what it buffers
  /// and syncing it), then renames the synced staging directory onto the path, or links each staged
  /// file into the existing empty directory. Signals are held off meanwhile, so a signal
  /// finds either nothing published or everything.
  ///
  /// - Throws: ``TraceError`` `.alreadyExists` when another process put something at the path
  ///   meanwhile; `.io` naming the failing call. Either way nothing is left of the output.
  public func publish() throws(TraceError) {
    guard !published else { throw TraceError(.closed, file: path, reason: "the output is closed") }
    defer { discard() }
    for file in files where !file.isClosed { try file.close() }
    files = []
    let deferred = OutputCleanup.deferSignals()
    defer { OutputCleanup.restoreSignals(deferred) }
    if let staging {
      if let directory = try? FileDescriptor.open(staging, .readOnly, options: .directory) {
        try? directory.sync()
        directory.close()
      }
      do throws(Errno) {
        try FileSystem.rename(staging, to: target)
      } catch {
        if error == .directoryNotEmpty || error == .fileExists || error == .notDirectory
          || error == .isDirectory
        {
          throw TraceError(.alreadyExists, file: path, reason: "was created by another process meanwhile")
        }
        throw Self.failure(path, "rename", error)
      }
      // The files now live under the path: nothing may remove them.
      for file in staged { if let slot = file.slot { OutputCleanup.unregister(slot) } }
      staged = []
      if let stagingSlot { OutputCleanup.unregister(stagingSlot) }
      stagingSlot = nil
      self.staging = nil
      published = true
      try? TraceFile.syncDirectory(of: target)
      return
    }
    var done: [String] = []
    for output in outputs {
      do {
        try output.publish()
        done.append(output.path)
      } catch {
        // Only the files this output linked a moment ago are removed.
        for file in done { try? FileSystem.remove(file) }
        throw error
      }
    }
    outputs = []
    published = true
  }

  /// Removes what was staged without publishing (the path is left as it was). Safe to call more than
  /// once.
  public func discard() {
    for file in files { file.abandon() }
    files = []
    for file in staged {
      try? FileSystem.remove(file.path)
      if let slot = file.slot { OutputCleanup.unregister(slot) }
    }
    staged = []
    if let staging { try? FileSystem.removeDirectory(staging) }
    if let stagingSlot { OutputCleanup.unregister(stagingSlot) }
    staging = nil
    stagingSlot = nil
    for output in outputs { output.discard() }
    outputs = []
    published = true
  }

  /// `mkdir -p` of the directories above `path` (mode 0777 less the umask).
  private static func makeParents(of path: String) throws(TraceError) {
    var prefix = ""
    let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    for (index, component) in components.enumerated() {
      prefix += (index == 0 ? "" : "/") + component
      guard !component.isEmpty, component != ".", component != ".." else { continue }
      do throws(Errno) {
        try FileSystem.makeDirectory(prefix, permissions: 0o777)
      } catch {
        if error != .fileExists { throw failure(prefix, "mkdir", error) }
      }
    }
  }

  private static func failure(_ path: String, _ operation: String, _ error: Errno) -> TraceError {
    TraceError(.io, file: path, reason: "\(operation) failed: \(error)")
  }
}
