import FoldTrace

/// A one-line progress report on standard error for work that runs over a second, as `perf` and `zstd`
/// show it: `tracecat: stats big.foldtrace: 42% (3.1 of 7.4 MB)`, redrawn in place. An input whose size
/// is not known ahead (standard input read as it arrives) shows only what has been read:
/// `tracecat: stats <stdin>: 3.1 MB read`, never a percentage of a guess.
///
/// Shown only when standard error is a terminal, and only once the work has run for a second; silent
/// otherwise, so pipes, files and tests never see it. The clock it reads decides only whether to draw,
/// never what any command prints on standard output.
final class Progress {
  private let label: String
  private let total: Int?
  private let enabled: Bool
  private let start: ContinuousClock.Instant
  private var lastDraw: ContinuousClock.Instant
  private var drawn = false

  /// Starts measuring.
  ///
  /// - Parameters:
  ///   - label: What is being done, `stats big.foldtrace` (its control characters are escaped).
  ///   - total: The work's size, in bytes; nil when it is not known ahead.
  init(_ label: String, total: Int?) {
    self.label = DisplayText.escaped(label)
    self.total = total
    enabled = FileDescriptor.standardError.isTerminal
    start = .now
    lastDraw = start
  }

  /// Starts measuring a pass over `reader`'s input: its size as the total, or no total when the input
  /// is read forward only (its size so far is only what has arrived).
  convenience init(_ label: String, reading reader: TraceReader) {
    self.init(label, total: Self.total(reading: reader))
  }

  /// The size a pass over `reader` measures against, in bytes: nil when the input is read forward
  /// only, whose ``TraceReader/fileSize`` is only what has arrived so far.
  static func total(reading reader: TraceReader) -> Int? {
    reader.isForwardOnly ? nil : reader.fileSize
  }

  /// Reports that `done` bytes are processed; draws at most ten times a second.
  func update(_ done: Int) {
    guard enabled else { return }
    let now = ContinuousClock.now
    guard now - start >= .seconds(1), now - lastDraw >= .milliseconds(100) else { return }
    lastDraw = now
    drawn = true
    draw("\r\u{1B}[K" + Self.line(label, done: done, total: total))
  }

  /// The line drawn for `done` of `total` bytes: a percentage with both sizes in MB (10⁶ bytes, one
  /// decimal, truncated), or only the bytes read when `total` is nil.
  static func line(_ label: String, done: Int, total: Int?) -> String {
    guard let total else { return "tracecat: \(label): \(megabytes(done)) MB read" }
    let percent = min(100, done * 100 / max(total, 1))
    return "tracecat: \(label): \(percent)% (\(megabytes(done)) of \(megabytes(total)) MB)"
  }

  /// Erases the line, if one was drawn.
  func finish() {
    guard drawn else { return }
    drawn = false
    draw("\r\u{1B}[K")
  }

  deinit { finish() }

  private func draw(_ text: String) {
    try? FileDescriptor.standardError.writeAll(Array(text.utf8))
  }

  private static func megabytes(_ bytes: Int) -> String {
    let tenths = bytes / 100_000
    return "\(tenths / 10).\(tenths % 10)"
  }
}
