import FoldTrace

/// A one-line progress report on standard error for work that runs over a second, as `perf` and `zstd`
/// show it: `tracecat: stats big.foldtrace: 42% (3.1 of 7.4 MB)`, redrawn in place.
///
/// Shown only when standard error is a terminal, and only once the work has run for a second; silent
/// otherwise, so pipes, files and tests never see it. The clock it reads decides only whether to draw,
/// never what any command prints on standard output.
final class Progress {
  private let label: String
  private let total: Int
  private let enabled: Bool
  private let start: ContinuousClock.Instant
  private var lastDraw: ContinuousClock.Instant
  private var drawn = false

  /// Starts measuring.
  ///
  /// - Parameters:
  ///   - label: What is being done, `stats big.foldtrace`.
  ///   - total: The work's size, in bytes.
  init(_ label: String, total: Int) {
    self.label = label
    self.total = max(total, 1)
    enabled = FileDescriptor.standardError.isTerminal
    start = .now
    lastDraw = start
  }

  /// Reports that `done` of the total bytes are processed; draws at most ten times a second.
  func update(_ done: Int) {
    guard enabled else { return }
    let now = ContinuousClock.now
    guard now - start >= .seconds(1), now - lastDraw >= .milliseconds(100) else { return }
    lastDraw = now
    drawn = true
    let percent = min(100, done * 100 / total)
    draw("\r\u{1B}[Ktracecat: \(label): \(percent)% (\(Self.megabytes(done)) of \(Self.megabytes(total)) MB)")
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
