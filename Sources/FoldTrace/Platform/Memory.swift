#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the `count` bytes from `a` and the `count` bytes from `b` are the same (`memcmp(3)`); both
/// ranges must be readable.
///
/// - Complexity: O(count).
@inline(__always)
func memoryEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
  memcmp(a, b, count) == 0
}
