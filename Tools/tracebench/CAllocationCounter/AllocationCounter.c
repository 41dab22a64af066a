// See CAllocationCounter.h. The counters are a thread-local (initial-exec TLS, which never allocates) and
// a relaxed atomic; both cost a few nanoseconds per allocation and none per free.
#include "CAllocationCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread uint64_t thread_allocations __attribute__((tls_model("initial-exec")));
static _Atomic uint64_t process_allocations;

static inline void count(void) {
  thread_allocations += 1;
  atomic_fetch_add_explicit(&process_allocations, 1, memory_order_relaxed);
}

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

uint64_t tb_process_allocations(void) {
  return atomic_load_explicit(&process_allocations, memory_order_relaxed);
}
