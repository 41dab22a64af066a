import FoldTrace
import Synchronization

/// Opens the inputs named on the command line; `-` is standard input.
enum InputSource {
  /// The name used in messages for an argument.
  static func displayName(_ argument: String) -> String { argument == "-" ? "<stdin>" : argument }

  /// Opens a trace file, or standard input.
  ///
  /// Standard input is read as it arrives when `forward` (``TraceReader/forwardStandardInput(name:limits:)``:
  /// one pass, no seeking, nothing copied), else from a temporary copy (``standardInputTrace()``).
  ///
  /// - Parameter forward: Whether the caller reads the trace once, from its first frame, without seeking.
  /// - Throws: ``TracecatError`` when the file cannot be read or is not a trace.
  static func trace(_ argument: String, forward: Bool = false) throws -> TraceReader {
    do throws(TraceError) {
      if argument == "-" {
        guard forward else { return try standardInputTrace().open() }
        let reader = try TraceReader.forwardStandardInput(name: displayName(argument))
        forwardStandardInput.withLock { $0 = ReaderBox(reader: reader) }
        return reader
      }
      return try TraceReader(path: argument)
    } catch {
      throw TracecatError(error)
    }
  }

  /// Standard input as a trace, copied on first use into an unnamed temporary file
  /// (``SpooledTrace``) and kept for the process: every reader of `-` (a second pass, `replay --report`
  /// reopening it) reads the same bytes, in bounded memory.
  ///
  /// - Throws: ``TraceError`` `.io` when standard input cannot be read or copied.
  static func standardInputTrace() throws(TraceError) -> SpooledTrace {
    try spooledStandardInput.withLock { spooled throws(TraceError) -> SpooledTrace in
      if let spooled { return spooled }
      let trace = try SpooledTrace.standardInput(name: displayName("-"))
      spooled = trace
      return trace
    }
  }

  private static let spooledStandardInput = Mutex<SpooledTrace?>(nil)

  /// The reader of standard input read forward, once one was opened: only it can read on after damage.
  private static let forwardStandardInput = Mutex<ReaderBox?>(nil)

  /// A reader handed between threads under the lock; used by one thread at a time.
  private final class ReaderBox: @unchecked Sendable {
    let reader: TraceReader
    init(reader: TraceReader) { self.reader = reader }
  }

  /// Whether `error`, thrown reading standard input, marks a torn tail that `recover` would repair, by
  /// the rule for files (``TraceReader/isTornTail(_:)``) applied to the input's bytes: those after the
  /// damage are read on (forward), or read again from the temporary copy.
  /// - Throws: ``TraceError`` `.io` when the rest of the input, which the verdict needs, cannot be
  ///   copied (``TraceReader/tornTailVerdict(_:)``).
  static func standardInputIsTornTail(_ error: TraceError) throws(TraceError) -> Bool {
    if let box = forwardStandardInput.withLock({ $0 }) { return box.reader.isTornTail(error) }
    guard let spooled = spooledStandardInput.withLock({ $0 }), let reader = try? spooled.open() else {
      return error.code == .truncated && error.offset ?? 0 > 0
    }
    return try reader.tornTailVerdict(error)
  }

  /// Reads a file to its end, or `count` bytes, from a byte offset.
  static func readFile(_ path: String, from offset: Int = 0, count: Int = .max) throws -> [UInt8] {
    let descriptor: FileDescriptor
    do throws(Errno) {
      descriptor = try FileDescriptor.open(path, .readOnly)
    } catch {
      throw TracecatError.io(file: path, reason: error.description)
    }
    defer { descriptor.close() }
    if offset > 0 {
      do throws(Errno) {
        try descriptor.seek(toOffset: offset)
      } catch {
        throw TracecatError.io(file: path, reason: error.description)
      }
    }
    return try readAll(descriptor, name: path, limit: count)
  }

  private static func readAll(_ descriptor: FileDescriptor, name: String, limit: Int = .max) throws -> [UInt8]
  {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      if chunk.count > wanted { chunk.removeLast(chunk.count - wanted) }
      let count: Int
      do throws(Errno) {
        count = try descriptor.read(into: &chunk)
      } catch {
        throw TracecatError.io(file: name, reason: error.description)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
    return bytes
  }

  /// Writes a derived output (SVG, JSON) through `OutputFile`: refused when `path` holds data unless
  /// `force`, and never onto `input`.
  /// - Throws: ``TracecatError/io(file:reason:)`` (exit 3) naming the file and why;
  ///   ``TracecatError/locked(_:)`` (exit 5) when another writer holds it.
  static func writeFile(_ path: String, _ bytes: [UInt8], force: Bool, input: String) throws {
    try writeFile(path, force: force, input: input) { try $0(bytes) }
  }

  /// Writes a derived output (`plot`'s SVG, `export`'s JSON) to `path` in pieces, by the rules of
  /// ``writeFile(_:_:force:input:)``: `body` hands each piece to the function it is given; the file is
  /// published whole when `body` returns and removed when it throws, so `path` appears whole or not
  /// at all.
  /// - Throws: ``TracecatError/io(file:reason:)`` (exit 3) when `path` may not be written or a piece
  ///   cannot be; what `body` throws.
  static func writeFile(
    _ path: String, force: Bool, input: String, _ body: (_ write: ([UInt8]) throws -> Void) throws -> Void
  ) throws {
    let file: OutputFile
    do {
      file = try OutputFile(
        path: path, existing: force ? .replace(unless: [input]) : .refuse, inputs: [input])
    } catch {
      throw outputError(path, error)
    }
    do {
      try body { try file.write($0) }
      try file.publish()
    } catch {
      file.discard()
      throw outputError(path, error)
    }
  }

  /// The error for a failed write of a derived output at `path`.
  static func outputError(_ path: String, _ error: any Error) -> TracecatError {
    guard let error = error as? TraceError else {
      return error as? TracecatError ?? .io(file: path, reason: "\(error)")
    }
    switch error.code {
    case .alreadyExists:
      return .io(
        file: path,
        reason: "already exists and holds data; tracecat never overwrites a file (remove it or choose "
          + "another OUT, or --force to replace it)")
    case .locked:
      return .locked(
        TraceError(.locked, file: path, reason: "another writer has this file open; choose another OUT"))
    default: return .io(file: path, reason: error.reason)
    }
  }

  /// Starts a new trace file that appears under `path` only when ``publish(_:)`` is called; `inputs`
  /// are the files the command reads (a descriptor name open on one is refused).
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` (exit 3) when `path` holds data, is locked or names a
  ///   descriptor open on an input.
  static func newTrace(_ path: String, inputs: [String]) throws -> NewTraceFile {
    do {
      return try NewTraceFile(path: path, inputs: inputs)
    } catch {
      throw refusal(path, error)
    }
  }

  /// Names a finished trace (see ``newTrace(_:inputs:)``).
  static func publish(_ file: NewTraceFile) throws {
    do {
      try file.publish()
    } catch {
      throw refusal(file.path, error)
    }
  }

  private static func refusal(_ path: String, _ error: TraceError) -> TracecatError {
    switch error.code {
    case .alreadyExists:
      TracecatError.io(
        file: path,
        reason:
          "already exists and holds data; tracecat never overwrites a trace (remove it or choose another OUT)"
      )
    case .locked:
      TracecatError.locked(
        TraceError(.locked, file: path, reason: "another writer has this trace open; choose another OUT"))
    // Anything else is about OUT (a directory, the input's own pipe): an output error, exit 3.
    default: TracecatError.io(file: path, reason: error.reason)
    }
  }
}
