#if canImport(Glibc)
  import Glibc
#endif

/// Caps what the process reserves in address space beyond what it uses, so a tool runs under an
/// address-space limit (`ulimit -v`, RLIMIT_AS) that its resident memory fits in.
///
/// glibc gives each new thread that allocates a heap arena of its own, reserving 64 MiB of address space
/// per arena (up to 8 per core); a replay on two worker threads reserved about 200 MiB this way while it
/// used 26 MiB. With one arena every thread allocates from the main heap, whose address space grows only
/// as it is used; its lock is rarely contended, since each thread's small blocks come from its own
/// cache (tcache) first. Does nothing on other C libraries.
///
/// Call it first in `main`, before any thread is started: an arena made before it stays.
///
/// - Complexity: O(1).
package func limitAllocatorReservations() {
  #if canImport(Glibc)
    // `mallopt(3)` and `M_ARENA_MAX` are in <malloc.h>, which the Glibc module does not import: the
    // function is looked up in the C library and called with C's convention.
    typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    let arenaMax: Int32 = -8  // M_ARENA_MAX
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "mallopt") else { return }
    _ = unsafeBitCast(symbol, to: MallOpt.self)(arenaMax, 1)
  #endif
}

/// The stack size, in bytes, of the threads the tools start (``startDetachedThread(_:)``): 1 MiB,
/// reserved in address space per running thread, where the default follows `ulimit -s` (8 MiB).
///
/// A worker replays or compresses one trace or frame; its deepest recursion is the JSON parser's, bounded
/// by ``JSONValue/depthLimit`` levels, and it uses well under a quarter of this in a debug build.
package let workerStackSize = 1 << 20
