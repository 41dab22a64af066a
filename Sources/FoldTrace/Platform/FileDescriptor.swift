#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The package's door to the operating system for plain file I/O, in the style of swift-system: each
// system call is made here, once, behind a Swift name that throws an ``Errno``; the tools (tracecat)
// call these names and hold no pointer. The unsafe sites below are the only ones, each with its
// invariant.

// One function per system call, at file scope, where the C names are not shadowed by the methods below.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRead(_ descriptor: Int32, _ start: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, start, count)
}
private func systemWrite(_ descriptor: Int32, _ start: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, start, count)
}

/// A system error number (`errno`), thrown by ``FileDescriptor``'s calls.
package struct Errno: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The C error number.
  package let rawValue: Int32

  /// The error with C error number `rawValue`.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// The calling thread's `errno`, read right after a call that failed.
  static var current: Errno { Errno(rawValue: errno) }

  /// A signal interrupted the call. The corresponding C error is `EINTR`.
  package static var interrupted: Errno { Errno(rawValue: EINTR) }

  /// The system's message for the error (`strerror(3)`): "No such file or directory".
  package var description: String { String(cString: strerror(rawValue)) }
}

/// An open file descriptor: a file, a pipe or a terminal.
///
/// Calls interrupted by a signal (`EINTR`) are retried; every other failure throws its ``Errno``. A
/// descriptor is closed only by ``close()``.
package struct FileDescriptor: RawRepresentable, Hashable, Sendable {
  /// The C file descriptor.
  package let rawValue: Int32

  /// The descriptor `rawValue`.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// Standard input, descriptor 0.
  package static var standardInput: FileDescriptor { FileDescriptor(rawValue: 0) }
  /// Standard output, descriptor 1.
  package static var standardOutput: FileDescriptor { FileDescriptor(rawValue: 1) }
  /// Standard error, descriptor 2.
  package static var standardError: FileDescriptor { FileDescriptor(rawValue: 2) }

  /// How a file is opened.
  package enum AccessMode: Sendable {
    /// `O_RDONLY`.
    case readOnly
    /// `O_WRONLY`.
    case writeOnly
  }

  /// Opens `path` (`open(2)`, close-on-exec), retrying when interrupted.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - mode: Read or write.
  ///   - createNew: Create the file, failing with `EEXIST` when the name exists (`O_CREAT | O_EXCL`),
  ///     with permissions 0644 before the umask.
  /// - Returns: The new descriptor; the caller closes it.
  /// - Throws: ``Errno`` from `open(2)`.
  package static func open(_ path: String, _ mode: AccessMode, createNew: Bool = false) throws(Errno)
    -> FileDescriptor
  {
    var flags = O_CLOEXEC | (mode == .readOnly ? O_RDONLY : O_WRONLY)
    if createNew { flags |= O_CREAT | O_EXCL }
    while true {
      let descriptor = systemOpen(path, flags, 0o644)
      if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
      let error = Errno.current
      if error != .interrupted { throw error }
    }
  }

  /// Closes the descriptor (`close(2)`); a failure is ignored, as nothing could be done about it.
  package func close() { _ = systemClose(rawValue) }

  /// Reads up to `buffer.count` bytes into the start of `buffer` (`read(2)`), retrying when interrupted.
  ///
  /// - Returns: How many bytes were read, from 0 (at the end of the input) to `buffer.count`; the rest of
  ///   `buffer` is left as it was.
  /// - Throws: ``Errno`` from `read(2)`.
  package func read(into buffer: inout [UInt8]) throws(Errno) -> Int {
    while true {
      // The kernel writes at most `count` bytes from `baseAddress`: the whole of the buffer, which the
      // closure holds exclusively; nothing outlives the call.
      let count = buffer.withUnsafeMutableBytes { systemRead(rawValue, $0.baseAddress, $0.count) }
      if count >= 0 { return count }
      let error = Errno.current
      if error != .interrupted { throw error }
    }
  }

  /// Writes all of `bytes` (`write(2)` until every byte is taken), retrying when interrupted.
  ///
  /// - Throws: ``Errno`` from `write(2)`; some of the bytes may have been written.
  /// - Complexity: O(n) in the byte count.
  package func writeAll(_ bytes: ArraySlice<UInt8>) throws(Errno) {
    var start = bytes.startIndex
    while start < bytes.endIndex {
      // The kernel reads at most `count` bytes from `baseAddress`: the slice's own bytes, alive and
      // unchanged for the call.
      let written = bytes[start...].withUnsafeBytes { systemWrite(rawValue, $0.baseAddress, $0.count) }
      if written < 0 {
        let error = Errno.current
        if error != .interrupted { throw error }
        continue
      }
      start += written
    }
  }

  /// Writes all of `bytes` (see ``writeAll(_:)-(ArraySlice<UInt8>)``).
  ///
  /// - Throws: ``Errno`` from `write(2)`.
  package func writeAll(_ bytes: [UInt8]) throws(Errno) { try writeAll(bytes[...]) }

  /// Moves the file offset to `offset` bytes from the start (`lseek(2)`, `SEEK_SET`).
  ///
  /// - Throws: ``Errno`` from `lseek(2)`.
  package func seek(toOffset offset: Int) throws(Errno) {
    if lseek(rawValue, off_t(offset), SEEK_SET) < 0 { throw Errno.current }
  }

  /// True when the descriptor is a terminal (`isatty(3)`).
  package var isTerminal: Bool { isatty(rawValue) == 1 }
}

/// Suspends the calling thread for `microseconds` µs (`usleep(3)`); a signal may end it early.
package func pause(microseconds: UInt32) { _ = usleep(microseconds) }

/// Ends the process with status `code` (`exit(3)`: buffered C streams flushed, `atexit` handlers run).
package func exitProcess(_ code: Int32) -> Never { exit(code) }

/// Whether a directory entry named `path` exists, whatever it is or points to: true for a dangling
/// symbolic link or a link loop too (`lstat` does not follow the link).
package func entryExists(_ path: String) -> Bool {
  var status = stat()
  return lstat(path, &status) == 0
}
