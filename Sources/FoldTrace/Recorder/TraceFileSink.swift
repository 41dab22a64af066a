/// Writes a recorder's trace bytes to a new `.foldtrace` file, holding its exclusive lock.
///
/// On a failed write the file is truncated back to its last whole frame, so it stays readable (and
/// `tracecat recover` appends the missing seek table).
final class TraceFileSink: SessionRecorderSink {
  private let file: TraceFile
  private var size = 0

  /// Creates the file and locks it.
  ///
  /// - Throws: ``TraceError``: `.locked` when a writer holds it, `.alreadyExists` when it holds data, `.io`.
  init(path: String) throws(TraceError) {
    file = try TraceFile.open(path, .create)
    do throws(TraceError) {
      try file.lockExclusive()
      let existing = try file.size()
      guard existing == 0 else {
        throw TraceError(
          .alreadyExists, file: path, reason: "already holds \(existing) bytes; record to a new file")
      }
    } catch {
      file.close()
      throw error
    }
  }

  func write(_ bytes: [UInt8]) throws {
    do throws(TraceError) {
      try file.writeAll(bytes)
      size += bytes.count
    } catch {
      try? file.truncate(to: size)
      throw error
    }
  }

  func synchronize() throws { try file.sync() }

  func close() throws { file.close() }
}
