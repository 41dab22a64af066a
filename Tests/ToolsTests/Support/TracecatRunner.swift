import Foundation
import Testing

/// Runs the built `tracecat` executable and captures its exit status, standard output and standard error.
struct TracecatRunner {
  struct Result {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    var text: String { String(decoding: stdout, as: UTF8.self) }
    var lines: [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
  }

  /// The executable: `$TRACECAT` when set, else `tracecat` next to the test bundle (the products
  /// directory), else under the package's `.build/debug`.
  static let executable: URL? = {
    let fileManager = FileManager.default
    if let path = ProcessInfo.processInfo.environment["TRACECAT"] { return URL(fileURLWithPath: path) }
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    directories.append(Bundle.main.bundleURL)
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    for bundle in Bundle.allBundles { directories.append(bundle.bundleURL.deletingLastPathComponent()) }
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    directories.append(packageRoot.appendingPathComponent(".build/debug"))
    return directories.map { $0.appendingPathComponent("tracecat") }.first {
      fileManager.isExecutableFile(atPath: $0.path)
    }
  }()

  /// Runs `tracecat` with arguments, feeding `stdin` bytes when given; `dataLimitKiB` caps its data
  /// segment and anonymous mappings (`ulimit -d`, RLIMIT_DATA), so an allocation beyond it fails.
  static func run(_ arguments: [String], stdin: [UInt8]? = nil, in directory: URL, dataLimitKiB: Int? = nil)
    throws -> Result
  {
    let executable = try #require(
      Self.executable, "tracecat not found; build it with `swift build --build-tests`")
    let process = Process()
    if let dataLimitKiB {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -d \(dataLimitKiB) && exec \"$0\" \"$@\"", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.currentDirectoryURL = directory
    let id = UUID().uuidString
    let outURL = directory.appendingPathComponent("stdout-\(id)")
    let errURL = directory.appendingPathComponent("stderr-\(id)")
    let inURL = directory.appendingPathComponent("stdin-\(id)")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    try Data(stdin ?? []).write(to: inURL)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let input = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    try input.close()
    defer { for url in [outURL, errURL, inURL] { try? FileManager.default.removeItem(at: url) } }
    return Result(
      status: process.terminationStatus, stdout: Array(try Data(contentsOf: outURL)),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}
