#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The work a new thread runs, handed to it through `pthread_create(3)`'s context pointer.
private final class ThreadWork: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Starts `work` on a new detached thread with a stack of ``workerStackSize`` bytes (not the default,
/// which follows `ulimit -s`: each running thread reserves its stack in address space), or returns
/// false, having run nothing, when the system refuses one (`EAGAIN`: no memory for its stack under a
/// data-segment or address-space limit, or too many threads).
///
/// A worker pool that cannot grow waits forever for work that never starts; a caller of this function
/// runs `work` itself instead, so a run under tight limits is slower, never hung.
///
/// - Returns: True when the thread started (it then owns `work`).
/// - Complexity: One `pthread_create(3)`.
package func startDetachedThread(_ work: @escaping @Sendable () -> Void) -> Bool {
  var attributes = pthread_attr_t()
  guard pthread_attr_init(&attributes) == 0 else { return false }
  defer { pthread_attr_destroy(&attributes) }
  guard pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0 else { return false }
  guard pthread_attr_setstacksize(&attributes, workerStackSize) == 0 else { return false }
  // The context carries one retain of the work, released by the thread when it ends, or here when no
  // thread started.
  let context = Unmanaged.passRetained(ThreadWork(work)).toOpaque()
  #if canImport(Glibc)
    var thread = pthread_t()
  #else
    var thread: pthread_t?
  #endif
  let result = pthread_create(
    &thread, &attributes,
    { context in
      guard let context else { return nil }
      Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().run()
      return nil
    }, context)
  guard result == 0 else {
    Unmanaged<ThreadWork>.fromOpaque(context).release()
    return false
  }
  return true
}

/// Offers the rest of the calling thread's time slice to another thread that is ready (`sched_yield(2)`):
/// a thread that waits for another to finish a few stores lets it run.
func yieldThread() { _ = sched_yield() }
