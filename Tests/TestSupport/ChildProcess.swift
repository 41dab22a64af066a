import Foundation

/// Runs the package's executables and other programs as child processes for the tests: one place that
/// finds a built product, wires standard input, output and error through temporary files (no pipe can
/// fill and stall the child), and collects the exit status.
public enum ChildProcess {
  /// Where a child's standard output goes.
  public enum Output: Sendable {
    /// Captured into ``Result/stdout``.
    case capture
    /// Written through to the file or device at this path (`/dev/full`, `/dev/null`, a FIFO); not
    /// captured.
    case path(String)
    /// Appended to the file at this path (`>> PATH`: opened with `O_APPEND`); not captured.
    case appending(String)
  }

  /// What a child did: its exit status and what it wrote.
  public struct Result: Sendable {
    /// The exit status, or the signal number for a child killed by a signal.
    public var status: Int32
    /// Standard output's bytes (empty unless captured).
    public var stdout: [UInt8]
    /// Standard error, as UTF-8 text.
    public var stderr: String
    /// Standard output as UTF-8 text.
    public var text: String { String(decoding: stdout, as: UTF8.self) }
    /// Standard output's lines, without their newlines.
    public var lines: [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
  }

  /// A built product of this package: `$NAME` in upper case when set (`TRACECAT=…`), else `name` next to
  /// the test bundle (the products directory), else under the package's `.build/debug`; nil when none is
  /// executable.
  public static func product(_ name: String) -> URL? {
    let fileManager = FileManager.default
    if let path = ProcessInfo.processInfo.environment[name.uppercased()] { return URL(fileURLWithPath: path) }
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
    return directories.map { $0.appendingPathComponent(name) }.first {
      fileManager.isExecutableFile(atPath: $0.path)
    }
  }

  /// Starts `executable` with `arguments` in `directory` (default: the current one) and returns it
  /// running: standard input from `stdin`'s path (default `/dev/null`), output and error to the files at
  /// `stdout` (appended to, `O_APPEND`, when `appendingOutput`) and `stderr`. For children the test watches
  /// while they run; ``run(_:_:in:stdin:stdout:dataLimitKiB:)`` runs one to the end.
  ///
  /// - Throws: When a file cannot be opened or the child cannot be started.
  public static func start(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, stdin: String = "/dev/null",
    stdout: String, stderr: String, appendingOutput: Bool = false, dataLimitKiB: Int? = nil
  ) throws -> Process {
    let process = Process()
    if let dataLimitKiB {
      // RLIMIT_DATA: an allocation beyond it fails in the child.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -d \(dataLimitKiB) && exec \"$0\" \"$@\"", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    if let directory { process.currentDirectoryURL = directory }
    let appended = appendingOutput ? open(stdout, O_WRONLY | O_APPEND | O_CLOEXEC) : -1
    guard let input = FileHandle(forReadingAtPath: stdin),
      let output = appendingOutput
        ? (appended >= 0 ? FileHandle(fileDescriptor: appended, closeOnDealloc: true) : nil)
        : FileHandle(forWritingAtPath: stdout),
      let error = FileHandle(forWritingAtPath: stderr)
    else { throw CocoaError(.fileNoSuchFile) }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // The child holds its own descriptors now.
    try input.close()
    try output.close()
    try error.close()
    return process
  }

  /// Runs `executable` with `arguments` in `directory` to its end, feeding it `stdin`'s bytes (default
  /// none), and returns its status and what it wrote.
  ///
  /// - Parameters:
  ///   - executable: The program.
  ///   - arguments: Its arguments.
  ///   - directory: Its working directory (default: the current one).
  ///   - stdin: The bytes of its standard input (default: empty).
  ///   - stdout: Where its standard output goes (default: captured).
  ///   - dataLimitKiB: A cap on its data segment and anonymous mappings (`ulimit -d`), if any.
  /// - Throws: When a temporary file cannot be written or the child cannot be started.
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, stdin: [UInt8] = [],
    stdout: Output = .capture, dataLimitKiB: Int? = nil
  ) throws -> Result {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inURL = scratch.appendingPathComponent("stdin")
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    try Data(stdin).write(to: inURL)
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let outPath: String
    switch stdout {
    case .capture: outPath = outURL.path
    case .path(let path), .appending(let path): outPath = path
    }
    var appending = false
    if case .appending = stdout { appending = true }
    let process = try start(
      executable, arguments, in: directory, stdin: inURL.path, stdout: outPath, stderr: errURL.path,
      appendingOutput: appending, dataLimitKiB: dataLimitKiB)
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: Array(try Data(contentsOf: outURL)),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}

extension ChildProcess {
  /// The files in `directory` that process `pid` holds open, as its descriptors' links in `/proc/PID/fd`
  /// read them: `DIR/NAME` for a file with a name, `DIR/#INODE (deleted)` for one made with no name
  /// (`O_TMPFILE`). Empty where `/proc` is not mounted.
  ///
  /// - Complexity: O(n) in the process's open descriptors.
  public static func openFiles(of pid: Int32, in directory: URL) -> [String] {
    let fileManager = FileManager.default
    let prefix = directory.resolvingSymlinksInPath().path + "/"
    let descriptors = "/proc/\(pid)/fd"
    guard let entries = try? fileManager.contentsOfDirectory(atPath: descriptors) else { return [] }
    return entries.compactMap { try? fileManager.destinationOfSymbolicLink(atPath: descriptors + "/" + $0) }
      .filter { $0.hasPrefix(prefix) }.sorted()
  }

  /// Waits until process `pid` holds a file open in `directory` (see ``openFiles(of:in:)``), for up to
  /// `seconds`; returns those files, empty when none appeared in time.
  public static func waitForOpenFile(of pid: Int32, in directory: URL, seconds: Double = 60) -> [String] {
    let start = Date()
    while Date().timeIntervalSince(start) < seconds {
      let files = openFiles(of: pid, in: directory)
      if !files.isEmpty { return files }
      usleep(10_000)
    }
    return []
  }
}
