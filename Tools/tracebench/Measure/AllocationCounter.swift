import CAllocationCounter

/// Heap allocations counted by the `malloc` that tracebench defines (`CAllocationCounter`).
///
/// glibc 2.34 removed `__malloc_hook`, and `mallinfo2()` only reports bytes in use, so an allocation that
/// is freed before the next reading is invisible to it. Instead the executable defines `malloc`, `calloc`,
/// `realloc`, `posix_memalign` and `aligned_alloc` itself and is linked with `--export-dynamic`; the
/// dynamic linker then binds every library's calls (Swift runtime, Foundation, Dispatch, libzstd) to
/// them. Each counts and forwards to glibc's `__libc_malloc` family, so `free` stays glibc's. No
/// `LD_PRELOAD`, no dependency.
enum AllocationCounter {
  /// Allocation calls made so far by the calling thread.
  @inline(__always)
  static var thread: UInt64 { tb_thread_allocations() }

  /// True when allocations by the Swift runtime reach the counter (the interposition took effect).
  static var isActive: Bool {
    let before = thread
    let probe = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)  // swift_slowAlloc → malloc
    let after = thread
    probe.deallocate()
    return after > before
  }
}
