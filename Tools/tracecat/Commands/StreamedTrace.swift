import FoldTrace

/// A trace a command writes as it reads (`pack`, `slice`): to OUT, claimed before any input is read and
/// named only when complete (``InputSource/newTrace(_:inputs:)``; never over a file that holds data),
/// or to standard output. Completed frames gather until 1 MiB before each write, so memory is bounded by
/// that, the frame being filled and (for `pack`) the two frames being compressed, and input refused early
/// leaves nothing on standard output.
struct StreamedTrace {
  /// OUT, or nil for standard output.
  let file: NewTraceFile?
  private let console: Console
  private var completed: [UInt8] = []
  /// Bytes written so far.
  private(set) var written = 0

  /// Claims `output` (nil: standard output) for a command that reads `inputs`.
  /// - Throws: ``TracecatError/io(file:reason:)`` (exit 3) when `output` holds data, is locked or names
  ///   a descriptor open on an input;
  ///   ``TracecatError/usage(message:hint:)`` (exit 2) when it is a terminal (`/dev/tty`, or
  ///   `/dev/stdout` on one), which a binary trace would garble.
  init(to output: String?, inputs: [String], console: Console) throws {
    file = try output.map { output in try InputSource.newTrace(output, inputs: inputs) }
    self.console = console
    if let file, file.isTerminal {
      file.discard()
      throw TracecatError.usage(
        message: "refusing to write a binary trace to a terminal ('\(file.path)')",
        hint: "redirect to a file: -o OUT.foldtrace, or > OUT.foldtrace.")
    }
  }

  /// Whether OUT is standard output itself (`-o /dev/stdout`): nothing else may be printed there.
  var isStandardOutput: Bool { file?.isStandardOutput ?? true }

  /// Takes the frames `writer` completed; writes when 1 MiB has gathered, or whatever has when `final`.
  /// - Throws: ``TracecatError`` when OUT or standard output cannot be written.
  mutating func drain(_ writer: TraceWriter?, final: Bool = false) throws {
    if let bytes = writer?.takeBytes() { completed.append(contentsOf: bytes) }
    guard completed.count >= 1 << 20 || (final && !completed.isEmpty) else { return }
    if let file {
      // A failed write names OUT, not a hidden temporary file behind it.
      do throws(TraceError) { try file.write(completed) } catch {
        throw error.code == .io ? .io(file: file.path, reason: error.reason) : TracecatError(error)
      }
    } else {
      try console.write(completed)
    }
    written += completed.count
    completed.removeAll(keepingCapacity: true)
  }

  /// Writes what is left of the closed `writer`, then names OUT (or flushes standard output).
  /// - Throws: ``TracecatError`` when the bytes cannot be written or OUT cannot be named.
  mutating func finish(_ writer: TraceWriter) throws {
    try drain(writer, final: true)
    if let file { try InputSource.publish(file) } else { try console.flush() }
  }

  /// Removes OUT's unfinished file; nothing after ``finish(_:)``.
  func discard() { file?.discard() }
}
