/// Writes a recorder's trace bytes to a new `.foldtrace` file, holding its exclusive lock.
///
/// On a failed write the file is truncated back to its last whole frame, so it stays readable (and
/// `tracecat recover` appends the missing seek table).
final class TraceFileSink: SessionRecorderSink {
  private let file: TraceFile
  private var size = 0

  /// Creates the file with its first bytes (the header frame), written and synced before the name
  /// appears, and locks it (`TraceFile.create`).
  ///
  /// - Throws: ``TraceError``: `.locked` when a writer holds it, `.alreadyExists` when it holds data, `.io`.
  init(path: String, contents: [UInt8] = []) throws(TraceError) {
    file = try TraceFile.create(path, contents: contents)
    size = contents.count
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
