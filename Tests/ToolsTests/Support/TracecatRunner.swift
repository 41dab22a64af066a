import Foundation
import TestSupport
import Testing

/// Runs the built `tracecat` executable and captures its exit status, standard output and standard error.
struct TracecatRunner {
  typealias Result = ChildProcess.Result

  /// The executable: `$TRACECAT` when set, else the built product (``ChildProcess/product(_:)``).
  static let executable: URL? = ChildProcess.product("tracecat")

  /// Runs `tracecat` with arguments, feeding `stdin` bytes when given; `dataLimitKiB` caps its data
  /// segment and anonymous mappings (`ulimit -d`, RLIMIT_DATA), so an allocation beyond it fails.
  static func run(_ arguments: [String], stdin: [UInt8]? = nil, in directory: URL, dataLimitKiB: Int? = nil)
    throws -> Result
  {
    let executable = try #require(
      Self.executable, "tracecat not found; build it with `swift build --build-tests`")
    return try ChildProcess.run(
      executable, arguments, in: directory, stdin: stdin ?? [], dataLimitKiB: dataLimitKiB)
  }
}
