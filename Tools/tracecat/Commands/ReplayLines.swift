import FoldTrace

/// Where one trace's `replay --json` lines go as the replay produces them: memory does not grow with
/// the output.
protocol ReplayLineOutput {
  /// Appends one line that `body` writes into the buffer given (without its newline).
  mutating func line(_ body: (inout [UInt8]) -> Void)
}

extension ReplayLineOutput {
  /// Appends one line (without its newline).
  mutating func line(_ text: String) { line { $0.append(contentsOf: text.utf8) } }
}

/// Lines written straight to standard output, through the console's 64 KiB buffer: the trace whose
/// turn it is to print.
struct ConsoleLines: ReplayLineOutput {
  let console: Console

  mutating func line(_ body: (inout [UInt8]) -> Void) { console.printLine(body) }
}

/// One trace's lines while it waits its turn to print (`replay` runs traces in parallel but prints them
/// in input order): at most ``bufferLimit`` bytes in memory, the rest appended to an unnamed temporary
/// file (``FileDescriptor/unnamedTemporary()``, in `$TMPDIR`) that ``drain(into:)`` copies out and closes.
///
/// Memory is O(``bufferLimit``) per trace, whatever its output's length; disk is the output's length.
/// Owned by one thread at a time: the worker replaying the trace, then (handed over through the run's
/// mutex) the caller that prints it.
final class SpooledLines: ReplayLineOutput, @unchecked Sendable {
  /// Bytes kept in memory before they are appended to the temporary file: 64 KiB.
  static let bufferLimit = 1 << 16

  private var buffer: [UInt8] = []
  private var file: FileDescriptor?
  /// The first failure to write the temporary file; it sticks, and later lines are dropped.
  private(set) var failure: TracecatError?
  /// What the lines are and why they wait, for the error when they cannot be kept.
  private let purpose: String

  /// Starts an empty spool.
  /// - Parameter purpose: What the lines are and why they wait, for the error when the temporary file
  ///   cannot be written: "cannot keep PURPOSE (set TMPDIR to a directory with room)".
  init(purpose: String = "a trace's output in a temporary file while an earlier trace prints") {
    self.purpose = purpose
    buffer.reserveCapacity(Self.bufferLimit + 4096)
  }

  func line(_ body: (inout [UInt8]) -> Void) {
    guard failure == nil else { return }
    body(&buffer)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= Self.bufferLimit { spill() }
  }

  /// Appends bytes as they are, without a newline: the start of a line that a later ``line(_:)`` ends.
  func append(_ bytes: [UInt8]) {
    guard failure == nil else { return }
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.bufferLimit { spill() }
  }

  /// Appends the buffer to the temporary file, made at the first call.
  private func spill() {
    do throws(TraceError) {
      if file == nil { file = try FileDescriptor.unnamedTemporary() }
      do throws(Errno) {
        try file!.writeAll(buffer)
      } catch {
        throw TraceError(.io, file: FileDescriptor.temporaryDirectory, reason: error.description)
      }
    } catch {
      failure = .io(
        file: error.file,
        reason: "cannot keep \(purpose) (set TMPDIR to a directory with room): \(error.reason)")
      file?.close()
      file = nil
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes every line, in order, to standard output, then frees the temporary file.
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` when the temporary file could not be written or read
  ///   back (naming the temporary directory), or standard output cannot be written.
  /// - Complexity: O(output) time, O(64 KiB) memory.
  func drain(into console: Console) throws { try drain { try console.write($0) } }

  /// Hands every line's bytes, newlines included, in order and in pieces of at most 64 KiB, to `write`,
  /// then frees the temporary file.
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` when the temporary file could not be written or read
  ///   back (naming the temporary directory); what `write` throws.
  /// - Complexity: O(output) time, O(64 KiB) memory.
  func drain(_ write: ([UInt8]) throws -> Void) throws {
    defer {
      file?.close()
      file = nil
      buffer = []
    }
    if let failure { throw failure }
    if let file {
      var chunk = [UInt8](repeating: 0, count: Self.bufferLimit)
      func read() throws -> Int {
        do throws(Errno) {
          return try file.read(into: &chunk)
        } catch {
          throw TracecatError.io(file: FileDescriptor.temporaryDirectory, reason: error.description)
        }
      }
      do throws(Errno) {
        try file.seek(toOffset: 0)
      } catch {
        throw TracecatError.io(file: FileDescriptor.temporaryDirectory, reason: error.description)
      }
      while case let count = try read(), count > 0 { try write(Array(chunk[..<count])) }
    }
    try write(buffer)
  }
}
