// See CAllocationCounter.h. The counter is a thread-local (initial-exec TLS, which never allocates): a
// nanosecond per allocation, none per free, and no cache line shared between threads, so it does not
// distort multi-threaded figures (a process-wide atomic would share one cache line between threads).
#include "CAllocationCounter.h"

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread uint64_t thread_allocations __attribute__((tls_model("initial-exec")));

static inline void count(void) { thread_allocations += 1; }

void *malloc(size_t size) {
  count();
  return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
  count();
  return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
  count();
  return __libc_realloc(pointer, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  count();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *out = pointer;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

uint64_t tb_thread_allocations(void) { return thread_allocations; }
