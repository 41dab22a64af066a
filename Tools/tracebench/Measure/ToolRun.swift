import Foundation

/// Runs another program — a tracecat command, zstdcat, python3, valgrind — as a measured child process:
/// standard input from a file, standard output to a file, wall time, and (through GNU time, which forks
/// rather than vforks, so the child does not inherit tracebench's own high-water mark) peak RSS.
struct ToolRun {
  /// The program's path.
  var executable: String
  /// Its arguments.
  var arguments: [String]
  /// The file read as standard input; none means /dev/null.
  var input: String?
  /// The file standard output goes to (created or truncated: a benchmark's own work file), or /dev/null.
  var output = "/dev/null"

  /// What one run measured.
  struct Result {
    /// Wall time from start to exit, in nanoseconds.
    var nanoseconds: UInt64
    /// Peak resident set of the child, in bytes, when measured through GNU time.
    var peakBytes: Int?
    /// The exit status.
    var status: Int32
    /// Standard error, for failure messages and callgrind's totals.
    var standardError: String
  }

  /// GNU time, which reports the child's peak RSS (`%M`, KiB) into a file.
  static let gnuTime = "/usr/bin/time"

  /// Runs the program once.
  /// - Parameter measuringPeak: Run it under GNU time to read its peak RSS.
  /// - Throws: ``ChildProcess/Failure`` when it cannot start, or exits with a status not in `accepted`.
  func run(measuringPeak: Bool = false, accepted: Set<Int32> = [0]) throws -> Result {
    let process = Process()
    var peakFile: String?
    if measuringPeak {
      let file = NSTemporaryDirectory() + "tracebench-peak-\(ProcessInfo.processInfo.processIdentifier)"
      peakFile = file
      process.executableURL = URL(fileURLWithPath: Self.gnuTime)
      process.arguments = ["-f", "%M", "-o", file, executable] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    }
    if let input {
      guard let handle = FileHandle(forReadingAtPath: input) else {
        throw ChildProcess.Failure(description: "cannot read \(input)")
      }
      process.standardInput = handle
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    if output != "/dev/null" { _ = FileManager.default.createFile(atPath: output, contents: nil) }
    guard let sink = FileHandle(forWritingAtPath: output) else {
      throw ChildProcess.Failure(description: "cannot write \(output)")
    }
    process.standardOutput = sink
    let errors = Pipe()
    process.standardError = errors
    let started = Stopwatch.now()
    try process.run()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let elapsed = Stopwatch.now() - started
    try? sink.close()
    let standardError = String(decoding: errorData, as: UTF8.self)
    guard accepted.contains(process.terminationStatus) else {
      throw ChildProcess.Failure(
        description:
          "\(([executable] + arguments).joined(separator: " ")) exited \(process.terminationStatus): "
          + standardError.prefix(400))
    }
    var peak: Int?
    if let peakFile {
      defer { try? FileManager.default.removeItem(atPath: peakFile) }
      let text = (try? String(contentsOfFile: peakFile, encoding: .utf8)) ?? ""
      // GNU time writes a "Command exited with non-zero status N" line before the figure.
      if let kilobytes = text.split(separator: "\n").last.flatMap({
        Int($0.trimmingCharacters(in: .whitespaces))
      }) {
        peak = kilobytes * 1024
      }
    }
    return Result(
      nanoseconds: elapsed, peakBytes: peak, status: process.terminationStatus, standardError: standardError)
  }

  /// The first of `names` found on PATH (or an absolute path that exists), or nil.
  static func which(_ names: String...) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
      if name.hasPrefix("/") {
        if FileManager.default.isExecutableFile(atPath: name) { return name }
        continue
      }
      for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }

  /// A program built beside tracebench (`tracecat`, `foldsim` in the same `.build/<configuration>`), or
  /// nil when it was not built.
  static func sibling(_ name: String) -> String? {
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let candidate = me.deletingLastPathComponent().appendingPathComponent(name).path
    return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
  }
}
