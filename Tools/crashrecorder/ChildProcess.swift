#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with `posix_spawn(3)`, its output sent to a log file, so that the driver can
/// kill it at a precise moment.
struct ChildProcess {
  /// The child's process id.
  let pid: pid_t

  /// Starts `argv[0]` (a path) with `argv`, standard output and error appended to `log`.
  /// - Throws: ``HarnessError`` when the spawn fails.
  init(_ argv: [String], log: String = "/dev/null") throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
    guard status == 0 else {
      throw HarnessError("cannot start \(argv[0]): \(String(cString: strerror(status)))")
    }
    self.pid = pid
  }

  /// Sends `SIGKILL`.
  func kill() { _ = Glibc.kill(pid, SIGKILL) }

  /// Waits for the child to end.
  /// - Returns: The exit status, or nil when a signal ended it.
  @discardableResult
  func wait() -> Int32? {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : nil
  }

  /// Runs `argv` to completion.
  /// - Returns: Its exit status (nil when a signal ended it).
  static func run(_ argv: [String], log: String = "/dev/null") throws -> Int32? {
    try ChildProcess(argv, log: log).wait()
  }

  /// The path of the running executable (`/proc/self/exe`).
  static var currentExecutable: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
