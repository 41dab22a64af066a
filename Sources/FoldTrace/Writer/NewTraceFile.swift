/// A new trace file written piece by piece that appears under its name only when it is complete: an
/// ``OutputFile`` that refuses a file holding data (``OutputFile/Existing/refuse``), as every trace
/// output is. It streams what ``TraceWriter/createFile(_:bytes:)`` writes at once.
///
/// The bytes go to a new file with no name beside the name (else a hidden temporary file), which
/// ``publish()`` syncs and links to the name, never over an existing file; an empty file there (a
/// placeholder) is replaced only if it is still empty, in one step. Until then nothing is in the
/// directory, and ``discard()`` (or deinit) frees what was written. A special file (`/dev/null`, a
/// terminal, a pipe) and a name of one of the process's descriptors (`/dev/stdout`, `/dev/fd/N`) are
/// written through, never synced or replaced. ``OutputFile`` describes each step.
public final class NewTraceFile {
  /// The name the file appears under.
  public let path: String
  private let output: OutputFile
  private var isDone = false

  /// Starts a new file.
  ///
  /// - Parameters:
  ///   - path: Where the file appears on ``publish()``.
  ///   - inputs: The files the command reads (`-` is standard input, always counted): a descriptor name
  ///     (`/dev/fd/N`) open on one of them is refused (``OutputFile/init(path:existing:inputs:)``).
  /// - Throws: ``TraceError`` `.invalidArgument` for an empty path, a directory or a descriptor open on
  ///   an input, `.alreadyExists` when `path` holds data, `.locked` when a writer holds it, `.io` naming
  ///   the failing call.
  public convenience init(path: String, inputs: [String] = []) throws(TraceError) {
    try self.init(path: path, inputs: inputs, unnamedFiles: .system)
  }

  /// Starts a new file as ``init(path:inputs:)`` does, making it with no name as `unnamedFiles` says
  /// (``UnnamedFiles/unavailable``: a hidden temporary file, as where the file system has no
  /// `O_TMPFILE`), and replacing a placeholder by exchanging names only when `exchange`.
  ///
  /// - Throws: As ``init(path:inputs:)``.
  package init(path: String, inputs: [String] = [], unnamedFiles: UnnamedFiles, exchange: Bool = true)
    throws(TraceError)
  {
    self.path = path
    guard !path.isEmpty else {
      throw TraceError(.invalidArgument, file: path, reason: "no path given for the new trace")
    }
    output = try OutputFile(
      path: path, existing: .refuse, inputs: inputs, unnamedFiles: unnamedFiles, exchange: exchange)
  }

  deinit { discard() }

  /// Whether the trace is written through the process's standard output (``OutputFile/isStandardOutput``).
  public var isStandardOutput: Bool { output.isStandardOutput }

  /// Whether the trace is written through a terminal (``OutputFile/isTerminal``).
  public var isTerminal: Bool { output.isTerminal }

  /// Appends bytes.
  ///
  /// - Throws: ``TraceError`` `.io` when they cannot be written (the file is then discarded).
  /// - Complexity: O(n) in the number of bytes.
  public func write(_ bytes: [UInt8]) throws(TraceError) {
    guard !isDone else {
      throw TraceError(.invalidArgument, file: path, reason: "the file is already published or discarded")
    }
    do throws(TraceError) {
      try output.write(bytes)
    } catch {
      discard()
      throw error
    }
  }

  /// Syncs the bytes and gives the file its name (``OutputFile/publish()``).
  ///
  /// - Throws: ``TraceError`` `.alreadyExists` when another file took the name meanwhile, `.io` when a
  ///   placeholder gained data meanwhile or naming the failing call; what was written is discarded
  ///   either way.
  public func publish() throws(TraceError) {
    guard !isDone else {
      throw TraceError(.invalidArgument, file: path, reason: "the file is already published or discarded")
    }
    isDone = true
    try output.publish()
  }

  /// Removes what was written (``OutputFile/discard()``). Does nothing after ``publish()``.
  public func discard() {
    guard !isDone else { return }
    isDone = true
    output.discard()
  }
}
