#if canImport(Glibc)
  import Glibc
#endif

/// Reads the clocks tracebench measures with: `CLOCK_MONOTONIC` for elapsed time and
/// `CLOCK_THREAD_CPUTIME_ID` for the calling thread's CPU time, both in nanoseconds.
enum Stopwatch {
  /// Monotonic time, in nanoseconds since an arbitrary start.
  @inline(__always)
  static func now() -> UInt64 { read(CLOCK_MONOTONIC) }

  /// CPU time the calling thread has used, in nanoseconds.
  @inline(__always)
  static func threadCPU() -> UInt64 { read(CLOCK_THREAD_CPUTIME_ID) }

  @inline(__always)
  private static func read(_ clock: clockid_t) -> UInt64 {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// Runs `body` and returns the CPU time the calling thread spent in it, in nanoseconds: unlike elapsed
  /// time, it does not count the time other processes held the core (single-threaded figures on a
  /// shared machine).
  @inline(__always)
  static func cpuTime(_ body: () throws -> Void) rethrows -> UInt64 {
    let start = threadCPU()
    try body()
    return threadCPU() - start
  }

  /// Runs `body` and returns its elapsed time, in nanoseconds.
  @inline(__always)
  static func time(_ body: () throws -> Void) rethrows -> UInt64 {
    let start = now()
    try body()
    return now() - start
  }
}
