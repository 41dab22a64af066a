// Counts heap allocations made by each thread of this process.
//
// AllocationCounter.c defines malloc, calloc, realloc, posix_memalign and aligned_alloc in the tracebench
// executable; linked with --export-dynamic, they interpose glibc's for every library in the process
// (Swift runtime, Foundation, libzstd) without LD_PRELOAD. Each forwards to glibc's own allocator
// (__libc_malloc and friends), so free() stays glibc's.
#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Allocation calls made by the calling thread since it started.
uint64_t tb_thread_allocations(void);

#endif
