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
  ///     the input ended, the rest left for ``wholeInputSize()`` (not called for a regular file used in
  ///     place).
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
    let file = TraceFile(path: name, descriptor: try openUnnamed(in: directory))
    var copy = SpoolCopy(file: file, directory: directory, size: 0)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try copy.read(descriptor, into: &chunk)
      if count == 0 { break }
      let kept = try inspect(chunk[..<count]).map { min($0, count) } ?? count
      try copy.append(chunk[..<kept])
      if kept < count {
        file.uncopied = UncopiedInput(
          descriptor: descriptor, directory: directory, pending: Array(chunk[kept..<count]))
        break
      }
    }
    try copy.finish()
    file.uncopied?.copiedSize = copy.size
    return (file, copy.size)
  }

  /// The size of the whole input this copy of standard input (``spool(_:name:inspect:)``) was ended
  /// short of by its `inspect`, once the rest of the input is copied after the bytes copied before (which
  /// read as they did: a reader given the first size reads the same bytes). Nil for a copy of the whole
  /// input and for every other file. The rest is copied once; later calls return the same size.
  /// - Throws: ``TraceError`` `.io` when the input cannot be read or the copy cannot be written.
  /// - Complexity: O(the rest of the input) time and disk, less its first run of 64 KiB of zero bytes or
  ///   more when the copy has none; O(64 KiB) memory.
  func wholeInputSize() throws(TraceError) -> Int? {
    guard let uncopied else { return nil }
    if let whole = uncopied.wholeSize { return whole }
    var copy = SpoolCopy(file: self, directory: uncopied.directory, size: uncopied.copiedSize)
    try copy.append(uncopied.pending[...])
    uncopied.pending = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try copy.read(uncopied.descriptor, into: &chunk)
      if count == 0 { break }
      try copy.append(chunk[..<count])
    }
    try copy.finish()
    uncopied.wholeSize = copy.size
    return copy.size
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

/// The part of standard input a copy (``TraceFile/spool(_:name:inspect:)``) was ended before: its
/// descriptor, still unread past the bytes held here.
final class UncopiedInput {
  let descriptor: FileDescriptor
  /// The temporary directory the copy is in, for errors.
  let directory: String
  /// The bytes read past where the copy ended, not copied.
  var pending: [UInt8]
  /// The bytes copied before the copy ended.
  var copiedSize = 0
  /// The input's whole size, once its rest was copied (``TraceFile/wholeInputSize()``).
  var wholeSize: Int?

  init(descriptor: FileDescriptor, directory: String, pending: [UInt8]) {
    self.descriptor = descriptor
    self.directory = directory
    self.pending = pending
  }
}

/// Appends bytes read from an input to a temporary copy, counting zero bytes rather than writing them
/// while they may end it: the first run of 64 KiB or more becomes the file's unstored
/// ``TraceFile/zeroRun``, any other is written.
private struct SpoolCopy {
  let file: TraceFile
  let directory: String
  /// The input's bytes taken so far, zero bytes not yet stored included.
  private(set) var size: Int
  /// The zero bytes that end the input so far, counted, not yet stored.
  private var zeros = 0

  init(file: TraceFile, directory: String, size: Int) {
    self.file = file
    self.directory = directory
    self.size = size
  }

  /// One `read(2)` of `descriptor` into `chunk`: the count read, 0 at the input's end.
  func read(_ descriptor: FileDescriptor, into chunk: inout [UInt8]) throws(TraceError) -> Int {
    do throws(Errno) {
      return try descriptor.read(into: &chunk)
    } catch {
      throw TraceFile.failure(file.path, "read", error)
    }
  }

  /// Takes the input's next bytes.
  mutating func append(_ bytes: ArraySlice<UInt8>) throws(TraceError) {
    let start = size
    size += bytes.count
    guard let first = bytes.firstIndex(where: { $0 != 0 }), let last = bytes.lastIndex(where: { $0 != 0 })
    else {
      zeros += bytes.count
      return
    }
    zeros += first - bytes.startIndex
    try storeZeros(endingAt: start + first - bytes.startIndex)
    try write(bytes[first...last])
    zeros = bytes.endIndex - 1 - last
  }

  /// Stores the zero bytes that end the input: called at its end.
  mutating func finish() throws(TraceError) { try storeZeros(endingAt: size) }

  private mutating func storeZeros(endingAt end: Int) throws(TraceError) {
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

  private func write(_ bytes: ArraySlice<UInt8>) throws(TraceError) {
    do throws(TraceError) {
      try file.writeAll(Array(bytes))
    } catch {
      throw TraceError(
        .io, file: file.path,
        reason: "cannot copy standard input to a temporary file in \(directory) (set TMPDIR to a "
          + "directory with room): \(error.reason)")
    }
  }
}
