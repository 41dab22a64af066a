#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The package's door to the operating system, in the style of swift-system. Every system call and C
// library function FoldTrace makes is made in this folder (Platform/), behind a Swift name that throws
// an ``Errno``: descriptors here, paths in FileSystem.swift, the clock, threads, signals and memory in
// the other files. The rest of the module calls these names, imports no C library module and holds no
// pointer from one, so a port to another C library (Darwin's) changes this folder alone;
// PlatformBoundaryTests keeps it so. tracecat and foldsim call these names too. Each unsafe site in this
// file states its invariant.

// One function per system call, at file scope, where the C names are not shadowed by the methods below.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRead(_ descriptor: Int32, _ start: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, start, count)
}
private func systemWrite(_ descriptor: Int32, _ start: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, start, count)
}
private func systemPositionedRead(
  _ descriptor: Int32, _ start: UnsafeMutableRawPointer?, _ count: Int, _ offset: Int
) -> Int { pread(descriptor, start, count, off_t(offset)) }
private func systemSeek(_ descriptor: Int32, _ offset: Int, _ whence: Int32) -> Int {
  Int(lseek(descriptor, off_t(offset), whence))
}
private func systemTruncate(_ descriptor: Int32, _ size: Int) -> Int32 { ftruncate(descriptor, off_t(size)) }
private func systemSync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }
private func systemLock(_ descriptor: Int32, _ operation: Int32) -> Int32 { flock(descriptor, operation) }
private func systemStatus(_ descriptor: Int32, _ status: inout stat) -> Int32 { fstat(descriptor, &status) }
private func systemChangeMode(_ descriptor: Int32, _ permissions: UInt16) -> Int32 {
  fchmod(descriptor, mode_t(permissions))
}
// Never 0, 1 or 2: a copy that took a closed standard descriptor's number would receive what the
// process prints there (``reserveStandardDescriptors()`` opens them first; this holds without it).
private func systemDuplicate(_ descriptor: Int32) -> Int32 { fcntl(descriptor, F_DUPFD_CLOEXEC, 3) }
private func systemGetFlags(_ descriptor: Int32) -> Int32 { fcntl(descriptor, F_GETFL) }
private func systemSetFlags(_ descriptor: Int32, _ flags: Int32) -> Int32 {
  fcntl(descriptor, F_SETFL, flags)
}
private func systemSetCloseOnExec(_ descriptor: Int32) -> Int32 { fcntl(descriptor, F_SETFD, FD_CLOEXEC) }

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

  /// A non-blocking call would have to wait (a lock another description holds). The corresponding C
  /// error is `EWOULDBLOCK` (`EAGAIN`).
  package static var wouldBlock: Errno { Errno(rawValue: EWOULDBLOCK) }

  /// The descriptor is not open (or not open for the operation). The corresponding C error is `EBADF`.
  package static var badFileDescriptor: Errno { Errno(rawValue: EBADF) }

  /// The name exists already. The corresponding C error is `EEXIST`.
  package static var fileExists: Errno { Errno(rawValue: EEXIST) }

  /// No such file or directory. The corresponding C error is `ENOENT`.
  package static var noSuchFileOrDirectory: Errno { Errno(rawValue: ENOENT) }

  /// A path component is not a directory. The corresponding C error is `ENOTDIR`.
  package static var notDirectory: Errno { Errno(rawValue: ENOTDIR) }

  /// The path names a directory where a file was expected. The corresponding C error is `EISDIR`.
  package static var isDirectory: Errno { Errno(rawValue: EISDIR) }

  /// The directory is not empty. The corresponding C error is `ENOTEMPTY`.
  package static var directoryNotEmpty: Errno { Errno(rawValue: ENOTEMPTY) }

  /// Too many symbolic links were followed (a link loop). The corresponding C error is `ELOOP`.
  package static var tooManySymbolicLinkLevels: Errno { Errno(rawValue: ELOOP) }

  /// A name, or the path, is longer than the file system allows. The corresponding C error is
  /// `ENAMETOOLONG`.
  package static var fileNameTooLong: Errno { Errno(rawValue: ENAMETOOLONG) }

  /// The operation is not permitted (`link(2)` on a file system without hard links). The corresponding
  /// C error is `EPERM`.
  package static var notPermitted: Errno { Errno(rawValue: EPERM) }

  /// The file system does not support the operation. The corresponding C error is `EOPNOTSUPP`.
  package static var notSupported: Errno { Errno(rawValue: EOPNOTSUPP) }

  /// The two paths are on different file systems. The corresponding C error is `EXDEV`.
  package static var improperLink: Errno { Errno(rawValue: EXDEV) }

  /// The call is not implemented. The corresponding C error is `ENOSYS`.
  package static var noFunction: Errno { Errno(rawValue: ENOSYS) }

  /// An argument is invalid. The corresponding C error is `EINVAL`.
  package static var invalidArgument: Errno { Errno(rawValue: EINVAL) }

  /// The system's message for the error (`strerror(3)`): "No such file or directory".
  package var description: String { String(cString: strerror(rawValue)) }
}

/// An open file descriptor: a file, a directory, a pipe or a terminal.
///
/// Calls that wait — opening, reading, writing, taking a lock — are retried when a signal interrupts them
/// (`EINTR`); every other failure throws its ``Errno``. A descriptor is closed only by ``close()``; the
/// calls on a closed one, or on -1, fail with `EBADF`.
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
    /// `O_RDWR`.
    case readWrite
  }

  /// How ``open(_:_:options:permissions:)`` opens a file, besides its access mode.
  package struct OpenOptions: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// `O_CREAT`: create the file when the name does not exist.
    package static let create = OpenOptions(rawValue: 1 << 0)
    /// `O_EXCL`: with ``create``, fail with `EEXIST` when the name exists (a symbolic link included).
    package static let exclusive = OpenOptions(rawValue: 1 << 1)
    /// `O_DIRECTORY`: fail with `ENOTDIR` unless the path is a directory.
    package static let directory = OpenOptions(rawValue: 1 << 2)
    /// `O_NONBLOCK`: the open itself does not wait (a FIFO without a writer opens at once), and neither
    /// do reads and writes until ``clearNonBlocking()``.
    package static let nonBlocking = OpenOptions(rawValue: 1 << 3)
  }

  /// Opens `path` (`open(2)`, close-on-exec), retrying when interrupted.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - mode: Read, write or both.
  ///   - options: Flags besides the access mode.
  ///   - permissions: The new file's permissions before the umask, when `options` holds
  ///     ``OpenOptions/create``.
  /// - Returns: The new descriptor; the caller closes it.
  /// - Throws: ``Errno`` from `open(2)`; `EBADF` for a name of a standard descriptor that was closed
  ///   when the process started (``reserveStandardDescriptors()``).
  package static func open(
    _ path: String, _ mode: AccessMode, options: OpenOptions, permissions: UInt16 = 0o644
  ) throws(Errno) -> FileDescriptor {
    var flags = O_CLOEXEC
    switch mode {
    case .readOnly: flags |= O_RDONLY
    case .writeOnly: flags |= O_WRONLY
    case .readWrite: flags |= O_RDWR
    }
    if options.contains(.create) { flags |= O_CREAT }
    if options.contains(.exclusive) { flags |= O_EXCL }
    if options.contains(.directory) { flags |= O_DIRECTORY }
    if options.contains(.nonBlocking) { flags |= O_NONBLOCK }
    // A name of a standard descriptor that was closed when the process started would open what holds
    // its number since (`/dev/null`): it is not open, as far as the user knows.
    if hasReservedStandardDescriptors(), let number = FileSystem.descriptorAlias(path),
      isReservedStandardDescriptor(number)
    {
      throw Errno.badFileDescriptor
    }
    while true {
      let descriptor = systemOpen(path, flags, mode_t(permissions))
      if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
      let error = Errno.current
      if error != .interrupted { throw error }
    }
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
    try open(path, mode, options: createNew ? [.create, .exclusive] : [])
  }

  /// Creates a new file from `template`, a path ending in `XXXXXX` that the system replaces with
  /// characters making a name that did not exist (`mkstemp(3)`): opened for reading and writing, with
  /// permissions 0600, and *not* close-on-exec (see ``setCloseOnExec()``).
  ///
  /// - Returns: The descriptor, which the caller closes, and the file's path.
  /// - Throws: ``Errno`` from `mkstemp(3)` (`ENAMETOOLONG` when the name is too long for the file system,
  ///   `EINVAL` when `template` does not end in `XXXXXX`).
  package static func createUnique(fromTemplate template: String) throws(Errno) -> (
    descriptor: FileDescriptor, path: String
  ) {
    var name = Array(template.utf8CString)
    // `mkstemp` rewrites the six `X`s before the terminating NUL in place, within the array it is lent.
    let descriptor = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Errno.current }
    let path = String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (FileDescriptor(rawValue: descriptor), path)
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

  /// Reads up to `count` bytes at `offset` (`pread(2)` until they are read or the file ends), retrying
  /// when interrupted; the descriptor's offset does not move.
  ///
  /// - Returns: The bytes read, fewer than `count` only at the end of the file.
  /// - Throws: ``Errno`` from `pread(2)`; the bytes read before the failure are dropped.
  /// - Complexity: O(n) in the byte count; the array is not zero-filled first.
  package func read(at offset: Int, count: Int) throws(Errno) -> [UInt8] {
    // Uninitialized capacity: zero-filling a 64 KiB chunk per frame cost more than decoding it.
    var failure: Errno?
    let buffer = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var filled = 0
      while filled < count {
        // The kernel writes at most `count - filled` bytes from `baseAddress + filled`: the part of the
        // array's capacity not yet read into, which the closure holds exclusively.
        let n = systemPositionedRead(rawValue, buffer.baseAddress! + filled, count - filled, offset + filled)
        if n < 0 {
          let error = Errno.current
          if error == .interrupted { continue }
          failure = error
          break
        }
        if n == 0 { break }
        filled += n
      }
      initialized = filled
    }
    if let failure { throw failure }
    return buffer
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
    if systemSeek(rawValue, offset, SEEK_SET) < 0 { throw Errno.current }
  }

  /// Moves the file offset to the end of the file (`lseek(2)`, `SEEK_END`).
  ///
  /// - Throws: ``Errno`` from `lseek(2)`.
  package func seekToEnd() throws(Errno) {
    if systemSeek(rawValue, 0, SEEK_END) < 0 { throw Errno.current }
  }

  /// The file offset, in bytes from the start (`lseek(2)`, `SEEK_CUR`).
  ///
  /// - Throws: ``Errno`` from `lseek(2)` (`ESPIPE` for a pipe, a FIFO or a socket).
  package func currentOffset() throws(Errno) -> Int {
    let offset = systemSeek(rawValue, 0, SEEK_CUR)
    if offset < 0 { throw Errno.current }
    return offset
  }

  /// Cuts or extends the file to `size` bytes (`ftruncate(2)`); the file offset does not move.
  ///
  /// - Throws: ``Errno`` from `ftruncate(2)`.
  package func truncate(toSize size: Int) throws(Errno) {
    if systemTruncate(rawValue, size) != 0 { throw Errno.current }
  }

  /// Writes the file's data and metadata to the storage device (`fsync(2)`); on a directory, its
  /// entries, so that a name made in it survives a machine crash.
  ///
  /// - Throws: ``Errno`` from `fsync(2)` (`EIO`, `ENOSPC`; `EINVAL` where the file cannot be synced).
  package func sync() throws(Errno) {
    if systemSync(rawValue) != 0 { throw Errno.current }
  }

  /// A kind of advisory whole-file lock.
  package enum LockKind: Sendable {
    /// `LOCK_SH`: held by any number of descriptions at once, never with an exclusive one.
    case shared
    /// `LOCK_EX`: held by one open file description at a time.
    case exclusive
  }

  /// Takes a lock without waiting (`flock(2)` with `LOCK_NB`), retrying when interrupted.
  ///
  /// The lock belongs to the open file description: duplicates share it, and it is released when the
  /// last of them closes.
  ///
  /// - Returns: True when the lock is now held; false when another description holds a conflicting one
  ///   (`EWOULDBLOCK`).
  /// - Throws: ``Errno`` from `flock(2)` for any other failure.
  package func tryLock(_ kind: LockKind) throws(Errno) -> Bool {
    let operation = (kind == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
    while systemLock(rawValue, operation) != 0 {
      let error = Errno.current
      if error == .wouldBlock { return false }
      if error != .interrupted { throw error }
    }
    return true
  }

  /// What the file is, its size and its identity (`fstat(2)`).
  ///
  /// - Throws: ``Errno`` from `fstat(2)`.
  package func status() throws(Errno) -> FileStatus {
    var status = stat()
    guard systemStatus(rawValue, &status) == 0 else { throw Errno.current }
    return FileStatus(status)
  }

  /// A new descriptor for the same open file description, close-on-exec (`fcntl(2)`,
  /// `F_DUPFD_CLOEXEC`), numbered 3 or more (never a standard descriptor): it shares the file offset
  /// and any lock.
  ///
  /// - Returns: The duplicate; the caller closes it.
  /// - Throws: ``Errno`` from `fcntl(2)` (`EMFILE` when the process has no descriptor left).
  package func duplicate() throws(Errno) -> FileDescriptor {
    let duplicate = systemDuplicate(rawValue)
    guard duplicate >= 0 else { throw Errno.current }
    return FileDescriptor(rawValue: duplicate)
  }

  /// Makes reads and writes wait again (`fcntl(2)`: clears `O_NONBLOCK` from the status flags).
  ///
  /// - Throws: ``Errno`` from `fcntl(2)`.
  package func clearNonBlocking() throws(Errno) {
    let flags = systemGetFlags(rawValue)
    guard flags >= 0, systemSetFlags(rawValue, flags & ~O_NONBLOCK) == 0 else { throw Errno.current }
  }

  /// Closes the descriptor in a program this process executes (`fcntl(2)`, `F_SETFD` `FD_CLOEXEC`).
  ///
  /// - Throws: ``Errno`` from `fcntl(2)`.
  package func setCloseOnExec() throws(Errno) {
    if systemSetCloseOnExec(rawValue) != 0 { throw Errno.current }
  }

  /// Sets the file's permission bits (`fchmod(2)`): `permissions` as written, the umask not applied.
  ///
  /// - Throws: ``Errno`` from `fchmod(2)`.
  package func setPermissions(_ permissions: UInt16) throws(Errno) {
    if systemChangeMode(rawValue, permissions) != 0 { throw Errno.current }
  }

  /// True when the descriptor is a terminal (`isatty(3)`).
  package var isTerminal: Bool { isatty(rawValue) == 1 }
}

/// Suspends the calling thread for `microseconds` µs (`usleep(3)`); a signal may end it early.
package func pause(microseconds: UInt32) { _ = usleep(microseconds) }

/// Ends the process with status `code` (`exit(3)`: buffered C streams flushed, `atexit` handlers run).
package func exitProcess(_ code: Int32) -> Never { exit(code) }

/// The calling process's id (`getpid(2)`).
package func currentProcessID() -> Int32 { getpid() }

/// Whether a directory entry named `path` exists, whatever it is or points to: true for a dangling
/// symbolic link or a link loop too (`lstat` does not follow the link).
package func entryExists(_ path: String) -> Bool {
  var status = stat()
  return lstat(path, &status) == 0
}
