#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TraceFile {
  /// Makes standard input (or any readable descriptor) readable at offsets.
  ///
  /// A regular file at offset 0 (`tracecat stats - < x.foldtrace`) is used as it is, through a
  /// duplicate of the descriptor. Anything else — a pipe, a FIFO, a socket, a terminal, a file read from
  /// a later offset — is copied, 64 KiB at a time, into an unnamed temporary file in `$TMPDIR` (else
  /// `/tmp`): `O_TMPFILE` where the file system has it, else `mkstemp(3)` and `unlink(2)` right after the
  /// open. The copy has no name from the start (or from its first instant), so nothing is left behind
  /// however the process ends, `SIGKILL` included; its blocks are freed when the descriptor closes.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor to read to its end (0 for standard input); it is not closed.
  ///   - name: The name used in errors (`<stdin>`).
  /// - Returns: The file, open for reading, and its size in bytes.
  /// - Throws: ``TraceError`` `.io` naming `name` when the input cannot be read, or the temporary
  ///   directory when the copy cannot be made (no space left, not writable).
  /// - Complexity: O(input size) time and disk; O(64 KiB) memory.
  static func spool(_ descriptor: Int32, name: String) throws(TraceError) -> (file: TraceFile, size: Int) {
    if let regular = try inPlace(descriptor, name: name) { return regular }
    let directory = temporaryDirectory()
    let spool = try openUnnamed(in: directory)
    let file = TraceFile(path: name, descriptor: spool)
    var size = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(name, "read")
      }
      if count == 0 { break }
      do throws(TraceError) {
        try file.writeAll(Array(chunk[..<count]))
      } catch {
        throw TraceError(
          .io, file: name,
          reason: "cannot copy standard input to a temporary file in \(directory) (set TMPDIR to a "
            + "directory with room): \(error.reason)")
      }
      size += count
    }
    return (file, size)
  }

  /// The file behind `descriptor` when it is a regular file read from its start, through a duplicate
  /// descriptor, and its size in bytes; nil for anything else (a pipe, a FIFO, a socket, a terminal).
  /// - Throws: ``TraceError`` `.io` naming `name` when `fstat(2)` or `dup` fails.
  static func inPlace(_ descriptor: Int32, name: String) throws(TraceError) -> (file: TraceFile, size: Int)? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(name, "fstat") }
    guard status.st_mode & S_IFMT == S_IFREG && lseek(descriptor, 0, SEEK_CUR) == 0 else { return nil }
    let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard duplicate >= 0 else { throw failure(name, "dup") }
    return (TraceFile(path: name, descriptor: duplicate), Int(status.st_size))
  }

  /// `$TMPDIR` when set and not empty, else `/tmp`.
  fileprivate static func temporaryDirectory() -> String {
    if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
    return "/tmp"
  }

  /// A new file in `directory` that has no name: `O_TMPFILE`, else `mkstemp(3)` then `unlink(2)`.
  /// - Returns: The descriptor, open for reading and writing, close-on-exec.
  fileprivate static func openUnnamed(in directory: String) throws(TraceError) -> Int32 {
    #if os(Linux)
      // O_TMPFILE is `__O_TMPFILE | O_DIRECTORY`; Swift does not import the macro.
      let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY
      var unnamed: Int32
      repeat {
        unnamed = Glibc.open(directory, O_RDWR | O_CLOEXEC | temporaryFile, 0o600)
      } while unnamed < 0 && errno == EINTR
      if unnamed >= 0 { return unnamed }
      // Not every file system has it (EOPNOTSUPP; EISDIR or EINVAL from older kernels): the fallback.
      let code = errno
      guard code == EOPNOTSUPP || code == EISDIR || code == EINVAL else {
        throw failure(directory, "open a temporary file", code)
      }
    #endif
    var template = Array((directory + "/.tracecat-stdin.XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw failure(directory, "create a temporary file") }
    // Unnamed before anything is written to it: a kill from here on leaves nothing behind.
    _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
    guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else {
      let error = failure(directory, "fcntl")
      _ = Glibc.close(descriptor)
      throw error
    }
    return descriptor
  }
}

extension FileDescriptor {
  /// A new unnamed temporary file in `$TMPDIR` (else `/tmp`), open for reading and writing, made as
  /// standard input's copy is (`O_TMPFILE`, else `mkstemp(3)` then `unlink(2)`): nothing is left behind
  /// however the process ends.
  ///
  /// - Returns: The descriptor, close-on-exec; closing it frees the file's blocks.
  /// - Throws: ``TraceError`` `.io` naming the temporary directory (not writable, no such directory).
  package static func unnamedTemporary() throws(TraceError) -> FileDescriptor {
    FileDescriptor(rawValue: try TraceFile.openUnnamed(in: TraceFile.temporaryDirectory()))
  }

  /// The directory ``unnamedTemporary()`` makes its files in: `$TMPDIR` when set and not empty, else
  /// `/tmp`.
  package static var temporaryDirectory: String { TraceFile.temporaryDirectory() }
}
