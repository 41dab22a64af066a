extension OutputDirectory {
  /// One file of an ``OutputDirectory``, written in pieces: a page made section by section never has to
  /// be held whole in memory.
  ///
  /// ```swift
  /// let report = try OutputDirectory(path: "report")
  /// let page = try report.file(named: "index.html")
  /// for section in sections { try page.write(section) }
  /// try report.publish()
  /// ```
  ///
  /// Bytes are gathered in a buffer of ``chunkSize`` bytes and written to the staged file each time it
  /// fills; ``close()`` (or the directory's ``OutputDirectory/publish()``) writes the rest and syncs the
  /// file. The file is staged like any other of the directory's files: it appears only when the
  /// directory is published, and a failed write, ``OutputDirectory/discard()`` or a signal removes it.
  /// Memory is O(``chunkSize`` + the largest single piece written).
  ///
  /// A `File` is not thread-safe, and belongs to its directory: after the directory is published or
  /// discarded it takes no more bytes.
  public final class File {
    /// The file's path under the output directory's path (as errors name it).
    public let path: String
    /// The staged file's descriptor (staging-directory mode); nil when it is an ``OutputFile``, or once
    /// closed.
    private var descriptor: FileDescriptor?
    /// The unpublished file in an existing empty directory (the other mode); nil in a staging
    /// directory.
    private let output: OutputFile?
    /// Bytes not yet written: fewer than ``chunkSize`` between calls.
    private var buffer: [UInt8] = []
    /// Set by ``close()`` or when the directory is published or discarded.
    private(set) var isClosed = false

    /// How many bytes gather before they are written: 64 KiB.
    public static let chunkSize = 64 * 1024

    /// A file staged in a staging directory, open for writing at `descriptor`.
    init(path: String, descriptor: FileDescriptor) {
      self.path = path
      self.descriptor = descriptor
      output = nil
    }

    /// A file staged in an existing empty directory as an ``OutputFile`` (no name until published).
    init(path: String, output: OutputFile) {
      self.path = path
      descriptor = nil
      self.output = output
    }

    deinit { descriptor?.close() }

    /// Appends text, as UTF-8.
    ///
    /// - Throws: ``TraceError`` `.io` when the bytes cannot be written (a full disk); `.closed` after
    ///   ``close()`` or once the directory is published or discarded.
    /// - Complexity: O(n) in the text's UTF-8 length.
    public func write(_ text: String) throws(TraceError) {
      guard !isClosed else { throw closedError }
      buffer.append(contentsOf: text.utf8)
      if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Appends bytes; a piece of ``chunkSize`` bytes or more is written at once, without a copy.
    ///
    /// - Throws: As ``write(_:)-(String)`` does.
    /// - Complexity: O(n) in the number of bytes.
    public func write(_ bytes: [UInt8]) throws(TraceError) {
      guard !isClosed else { throw closedError }
      if bytes.count >= Self.chunkSize {
        try flush()
        try writeThrough(bytes)
        return
      }
      buffer.append(contentsOf: bytes)
      if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Writes what is buffered and syncs the staged file (in an existing directory the file is synced
    /// when published). The directory's ``OutputDirectory/publish()`` closes every file still open.
    ///
    /// - Throws: ``TraceError`` `.io` when the rest cannot be written or synced; `.closed` when already
    ///   closed.
    public func close() throws(TraceError) {
      guard !isClosed else { throw closedError }
      try flush()
      isClosed = true
      guard let descriptor else { return }
      defer {
        descriptor.close()
        self.descriptor = nil
      }
      do throws(Errno) {
        try descriptor.sync()
      } catch {
        throw Self.failure(path, "fsync", error)
      }
    }

    /// Closes without writing what is buffered: the directory removes the staged file.
    func abandon() {
      isClosed = true
      buffer = []
      descriptor?.close()
      descriptor = nil
    }

    private func flush() throws(TraceError) {
      guard !buffer.isEmpty else { return }
      try writeThrough(buffer)
      buffer.removeAll(keepingCapacity: true)
    }

    private func writeThrough(_ bytes: [UInt8]) throws(TraceError) {
      if let output {
        try output.write(bytes)
        return
      }
      // Staged in a staging directory: the descriptor is open until the file is closed.
      guard let descriptor else { throw closedError }
      do throws(Errno) {
        try descriptor.writeAll(bytes)
      } catch {
        throw Self.failure(path, "write", error)
      }
    }

    private var closedError: TraceError { TraceError(.closed, file: path, reason: "the file is closed") }

    private static func failure(_ path: String, _ operation: String, _ error: Errno) -> TraceError {
      TraceError(.io, file: path, reason: "\(operation) failed: \(error)")
    }
  }
}
