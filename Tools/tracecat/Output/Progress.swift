#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  private let start: Double
  private var lastDraw: Double = 0
  private var drawn = false

  /// Starts measuring.
  ///
  /// - Parameters:
  ///   - label: What is being done, `stats big.foldtrace`.
  ///   - total: The work's size, in bytes.
  init(_ label: String, total: Int) {
    self.label = label
    self.total = max(total, 1)
    enabled = isatty(2) == 1
    start = enabled ? Self.now() : 0
  }

  /// Reports that `done` of the total bytes are processed; draws at most ten times a second.
  func update(_ done: Int) {
    guard enabled else { return }
    let now = Self.now()
    guard now - start >= 1, now - lastDraw >= 0.1 else { return }
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
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  private static func megabytes(_ bytes: Int) -> String {
    let tenths = bytes / 100_000
    return "\(tenths / 10).\(tenths % 10)"
  }

  private static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }
}
