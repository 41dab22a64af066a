import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs tracebench itself as a child process for measurements that need a fresh process (peak RSS).
enum ChildProcess {
  /// Runs this executable with `arguments` and returns its standard output.
  /// - Throws: ``Failure`` when it cannot start or exits non-zero.
  static func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "tracebench \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// A child that failed.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// This process's peak resident set size so far, in bytes: `VmHWM` from `/proc/self/status`.
  ///
  /// Not `getrusage(RUSAGE_SELF).ru_maxrss`: Linux carries `ru_maxrss` across `execve`, and a child
  /// spawned with `vfork` semantics (as `posix_spawn` does) starts with its parent's high-water mark, so
  /// every child would report at least the benchmark's own size. `VmHWM` belongs to the child's own
  /// address space. Falls back to `ru_maxrss` where `/proc` is missing.
  static func peakResidentBytes() -> Int {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
    {
      return kilobytes * 1024
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
  }
}
