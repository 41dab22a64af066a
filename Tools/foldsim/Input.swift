import FoldSim
import FoldTrace
import Foundation

/// Reads a scenario file with the system's own error messages (`Is a directory`, not
/// `NSCocoaErrorDomain error 256`), refuses one over ``maxScenarioBytes``, and checks that it is UTF-8,
/// naming the first line that is not. A UTF-8 byte-order mark at the start is skipped, as
/// `tracecat pack` skips one at the start of a JSON Lines document; columns after it still count from
/// the start of the file.
enum Input {
  /// The largest scenario file read, in bytes: 4 MiB, the longest line `tracecat pack` reads. Real
  /// scenarios hold a few kilobytes (an 8,000-step timeline, half a megabyte). Parsing holds the bytes
  /// and at most 4 more bytes per byte of text (an 8-byte entry per value or key, 4 per line), so the
  /// cap bounds that too: a 4 MiB array of zeros peaks at about 44 MB resident, some 24 MB over an
  /// empty scenario's.
  static let maxScenarioBytes = 4 << 20

  /// The scenario's text, as UTF-8 bytes.
  ///
  /// - Throws: ``FoldsimError/file(_:)`` when the file cannot be read (exit 3);
  ///   ``FoldsimError/scenario(_:)`` when it holds more than ``maxScenarioBytes`` or, naming the line,
  ///   when it is not UTF-8 (exit 1).
  static func scenarioBytes(_ path: String) throws(FoldsimError) -> [UInt8] {
    var bytes = try read(path)
    // A UTF-8 byte-order mark is read as three blanks, not cut off, so that a column on the first
    // line counts bytes from the start of the file (as `tracecat pack` counts them).
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.replaceSubrange(0..<3, with: [0x20, 0x20, 0x20]) }
    if String(validating: bytes, as: UTF8.self) != nil { return bytes }
    let (line, column) = firstInvalidUTF8(bytes)
    throw .scenario(
      ScenarioError(file: path, line: line, column: column, field: "", message: "the file is not valid UTF-8")
    )
  }

  /// The line and byte column (both from 1) of the first byte that does not start valid UTF-8.
  /// - Complexity: O(n), one pass and no allocation (splitting into lines took 32 bytes per line).
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> (line: Int, column: Int) {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var line = 1
    var column = 1
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar):
        if scalar.count == 1 && scalar.first == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else {
          column += scalar.count
        }
      case .error, .emptyInput:
        return (line, column)
      }
    }
  }

  /// The file's bytes, read until its end or until more than ``maxScenarioBytes`` have come (a pipe
  /// or a special file included: its size is not known ahead).
  private static func read(_ path: String) throws(FoldsimError) -> [UInt8] {
    func failure(_ error: Errno) -> FoldsimError { .file("cannot read scenario '\(path)': \(error)") }
    let descriptor: FileDescriptor
    do throws(Errno) {
      descriptor = try FileDescriptor.open(path, .readOnly)
    } catch {
      throw failure(error)
    }
    defer { descriptor.close() }
    var bytes: [UInt8] = []
    // A regular file's size is known: its bytes are read into one allocation, not a doubling array's.
    if let status = try? descriptor.status(), status.kind == .regular {
      bytes.reserveCapacity(min(status.size, maxScenarioBytes) + 1)
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count: Int
      do throws(Errno) {
        count = try descriptor.read(into: &chunk)
      } catch {
        throw failure(error)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
      if bytes.count > maxScenarioBytes {
        throw .scenario(
          ScenarioError(
            file: path, line: 1, column: 1, field: "",
            message: "the file is larger than 4 MiB (\(maxScenarioBytes) bytes), the most a scenario may hold"
          ))
      }
    }
  }
}
