import FoldSim
import Foundation

/// Reads a scenario file with the system's own error messages (`Is a directory`, not
/// `NSCocoaErrorDomain error 256`) and checks that it is UTF-8 (a leading byte-order mark is skipped), naming the first line that is not.
enum Input {
  /// The scenario's text.
  ///
  /// - Throws: ``FoldsimError/file(_:)`` when the file cannot be read (exit 3);
  ///   ``FoldsimError/scenario(_:)`` naming the line when it is not UTF-8 (exit 1).
  static func scenarioText(_ path: String) throws(FoldsimError) -> String {
    var bytes = try read(path)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // a UTF-8 byte-order mark
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let line = (lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0) + 1
    throw .scenario(
      ScenarioError(file: path, line: line, column: 1, field: "", message: "the file is not valid UTF-8"))
  }

  private static func read(_ path: String) throws(FoldsimError) -> [UInt8] {
    func failure() -> FoldsimError {
      .file("cannot read scenario '\(path)': \(String(cString: strerror(errno)))")
    }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure() }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure()
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
  }
}
