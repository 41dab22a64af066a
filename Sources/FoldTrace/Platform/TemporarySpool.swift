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
  ///   - inspect: Called with each chunk read, in order, before it is copied: what it throws stops the
  ///     copy; a count it returns copies that many of the chunk's bytes and ends the copy there, as if
  ///     the input ended (not called for a regular file used in place).
  /// - Returns: The file, open for reading, and its size in bytes.
  /// - Throws: ``TraceError`` `.io` naming `name` when the input cannot be read, or the temporary
  ///   directory when the copy cannot be made (no space left, not writable); what `inspect` throws.
  /// - Complexity: O(input size) time and disk, less the first run of 64 KiB of zero bytes or more,
  ///   which is counted, not stored (``TraceFile/zeroRun``); O(64 KiB) memory.
  static func spool(
    _ descriptor: FileDescriptor, name: String,
    inspect: (ArraySlice<UInt8>) throws(TraceError) -> Int? = { _ in nil }
  ) throws(TraceError) -> (file: TraceFile, size: Int) {
    if let regular = try inPlace(descriptor, name: name) { return regular }
    let directory = temporaryDirectory()
    let spool = try openUnnamed(in: directory)
    let file = TraceFile(path: name, descriptor: spool)
    func write(_ bytes: ArraySlice<UInt8>) throws(TraceError) {
      do throws(TraceError) {
        try file.writeAll(Array(bytes))
      } catch {
        throw TraceError(
          .io, file: name,
          reason: "cannot copy standard input to a temporary file in \(directory) (set TMPDIR to a "
            + "directory with room): \(error.reason)")
      }
    }
    // The zero bytes that end the input so far, counted, not yet stored: the first run of 64 KiB or
    // more becomes the file's unstored ``TraceFile/zeroRun``, any other is written.
    var zeros = 0
    func storeZeros(endingAt end: Int) throws(TraceError) {
      defer { zeros = 0 }
      if zeros >= 1 << 16 && file.zeroRun == nil {
        file.appendZeroRun(at: end - zeros, count: zeros)
        return
      }
      let block = [UInt8](repeating: 0, count: min(zeros, 1 << 16))
      var left = zeros
      while left > 0 {
        try write(block[..<min(left, block.count)])
        left -= min(left, block.count)
      }
    }
    var size = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count: Int
      do throws(Errno) {
        count = try descriptor.read(into: &chunk)
      } catch {
        throw failure(name, "read", error)
      }
      if count == 0 { break }
      let kept = try inspect(chunk[..<count]).map { min($0, count) } ?? count
      let bytes = chunk[..<kept]
      let start = size
      size += kept
      if let first = bytes.firstIndex(where: { $0 != 0 }), let last = bytes.lastIndex(where: { $0 != 0 }) {
        zeros += first
        try storeZeros(endingAt: start + first)
        try write(bytes[first...last])
        zeros = kept - 1 - last
      } else {
        zeros += kept
      }
      if kept < count { break }
    }
    try storeZeros(endingAt: size)
    return (file, size)
  }

  /// The file behind `descriptor` when it is a regular file read from its start, through a duplicate
  /// descriptor, and its size in bytes; nil for anything else (a pipe, a FIFO, a socket, a terminal).
  /// - Throws: ``TraceError`` `.io` naming `name` when `fstat(2)` or `dup` fails.
  static func inPlace(_ descriptor: FileDescriptor, name: String) throws(TraceError) -> (
    file: TraceFile, size: Int
  )? {
    let status: FileStatus
    do throws(Errno) {
      status = try descriptor.status()
    } catch {
      throw failure(name, "fstat", error)
    }
    guard status.kind == .regular && (try? descriptor.currentOffset()) == 0 else { return nil }
    let duplicate: FileDescriptor
    do throws(Errno) {
      duplicate = try descriptor.duplicate()
    } catch {
      throw failure(name, "dup", error)
    }
    return (TraceFile(path: name, descriptor: duplicate), status.size)
  }

  /// `$TMPDIR` when set and not empty, else `/tmp`.
  fileprivate static func temporaryDirectory() -> String {
    if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
    return "/tmp"
  }

  /// A new file in `directory` that has no name: `O_TMPFILE`, else `mkstemp(3)` then `unlink(2)`.
  /// - Returns: The descriptor, open for reading and writing, close-on-exec.
  fileprivate static func openUnnamed(in directory: String) throws(TraceError) -> FileDescriptor {
    do throws(Errno) {
      return try FileDescriptor.openUnnamed(inDirectory: directory, permissions: 0o600)
    } catch {
      // Not every file system has it (EOPNOTSUPP; EISDIR or EINVAL from older kernels): the fallback.
      guard error == .notSupported || error == .isDirectory || error == .invalidArgument else {
        throw failure(directory, "open a temporary file", error)
      }
    }
    let descriptor: FileDescriptor
    let name: String
    do throws(Errno) {
      (descriptor, name) = try FileDescriptor.createUnique(
        fromTemplate: directory + "/.tracecat-stdin.XXXXXX")
    } catch {
      throw failure(directory, "create a temporary file", error)
    }
    // Unnamed before anything is written to it: a kill from here on leaves nothing behind.
    try? FileSystem.remove(name)
    do throws(Errno) {
      try descriptor.setCloseOnExec()
    } catch {
      descriptor.close()
      throw failure(directory, "fcntl", error)
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
    try TraceFile.openUnnamed(in: TraceFile.temporaryDirectory())
  }

  /// The directory ``unnamedTemporary()`` makes its files in: `$TMPDIR` when set and not empty, else
  /// `/tmp`.
  package static var temporaryDirectory: String { TraceFile.temporaryDirectory() }
}
