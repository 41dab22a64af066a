import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Installs the handlers for the signals whose default action ends the process (SIGINT, SIGTERM, SIGQUIT
/// and the others `OutputCleanup` lists): each removes the temporary files of the outputs open at that
/// moment, then ends the process as the signal would have. A tool calls it first, before any work, so
/// every command ends the same way on every such signal — SIGQUIT included, which the Swift runtime's
/// backtracer otherwise reports as a crash while the process runs on (and `show -o` went on to publish).
/// A signal the parent set to be ignored stays ignored. Calling it again does nothing.
package func installOutputSignalHandlers() { _ = OutputCleanup.handlersInstalled }

/// The temporary files of open ``OutputFile``s (and the staging directories of ``OutputDirectory``s),
/// removed by a signal handler: a fixed table of C strings so the handler only reads memory and calls
/// `unlink(2)` and `rmdir(2)` (async-signal-safe).
enum OutputCleanup {
  static let capacity = 64
  nonisolated(unsafe) static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    table.initialize(repeating: nil, count: capacity)
    return table
  }()
  static let lock = Mutex(())
  /// The signals whose default action ends the process: each removes the temporary files first, then
  /// ends the process as it would have (SIGPIPE from a closed reader, SIGXFSZ past `ulimit -f`, SIGXCPU
  /// past `ulimit -t` included), and SIGQUIT (Ctrl-\\). The crash signals (SIGSEGV, SIGBUS, SIGILL,
  /// SIGFPE, SIGABRT, SIGTRAP) stay with the Swift runtime's backtracer, which reports a crash.
  static let signals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM,
    SIGPROF,
  ]
  /// Signals taken over from a handler already installed: the Swift runtime's backtracer handles
  /// SIGQUIT, but for one sent by `kill` or Ctrl-\\ it prints a "crash" and lets the process run on, so
  /// the user's quit neither quits nor removes the temporary file. A signal the parent set to be ignored
  /// stays ignored.
  static let takenOver: [Int32] = [SIGQUIT]
  static let handlersInstalled: Bool = {
    // The handler reads `paths`: it is made here, before any handler can run, so the handler never
    // makes it. A global made on first use allocates (`swift_once`), and allocating in a handler that
    // interrupted an allocation corrupts the heap.
    _ = paths
    var installed = sigset_t()
    sigemptyset(&installed)
    defer {
      // A handler that never runs cleans nothing: a parent that started this process with these signals
      // blocked (test runners, IDEs) would otherwise leave the temporary file behind and the process
      // deaf to SIGINT and SIGTERM.
      _ = pthread_sigmask(SIG_UNBLOCK, &installed, nil)
    }
    for signal in signals {
      var current = sigaction()
      guard sigaction(signal, nil, &current) == 0 else { continue }
      // The handler field as a number: 0 is SIG_DFL, 1 is SIG_IGN (the union's `sa_sigaction` shares it).
      #if canImport(Glibc)
        let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
      #else
        let handler = unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self)
      #endif
      guard handler == 0 || (handler != 1 && takenOver.contains(signal)) else { continue }
      sigaddset(&installed, signal)
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = removeFilesAndDie
      #else
        action.__sigaction_u.__sa_handler = removeFilesAndDie
      #endif
      sigemptyset(&action.sa_mask)
      _ = sigaction(signal, &action, nil)
    }
    return true
  }()

  /// Installs the handlers, then blocks the signals they handle on this thread until
  /// ``restoreSignals(_:)``: a file created in between is registered before a signal can be handled.
  ///
  /// - Returns: The thread's signal mask before.
  static func deferSignals() -> sigset_t {
    _ = handlersInstalled
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in signals { sigaddset(&handled, signal) }
    var previous = sigset_t()
    _ = pthread_sigmask(SIG_BLOCK, &handled, &previous)
    return previous
  }

  /// Restores the signal mask ``deferSignals()`` returned; a signal that arrived meanwhile is handled now.
  static func restoreSignals(_ previous: sigset_t) {
    var previous = previous
    _ = pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  /// Records a temporary file; nil when the table is full (the file is then only removed by the
  /// `OutputFile` itself).
  static func register(_ path: String) -> Int? {
    _ = handlersInstalled
    return lock.withLock { _ in
      for i in 0..<capacity where paths[i] == nil {
        paths[i] = strdup(path)
        return i
      }
      return nil
    }
  }

  static func unregister(_ slot: Int) {
    lock.withLock { _ in
      let path = paths[slot]
      paths[slot] = nil
      free(path)
    }
  }
}

/// The handler of ``OutputCleanup/signals``: removes the registered files, then dies of `received` as it
/// would have without the handler. It only reads memory and calls async-signal-safe functions.
private func removeFilesAndDie(_ received: Int32) {
  // Files first, then directories (an `OutputDirectory`'s staging directory), which `rmdir(2)`
  // removes only once empty; each call fails harmlessly on the other kind.
  for i in 0..<OutputCleanup.capacity {
    if let path = OutputCleanup.paths[i] { _ = unlink(path) }
  }
  for i in 0..<OutputCleanup.capacity {
    if let path = OutputCleanup.paths[i] { _ = rmdir(path) }
  }
  _ = signal(received, SIG_DFL)
  _ = raise(received)
}
