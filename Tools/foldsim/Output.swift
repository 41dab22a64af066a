import FoldSim
import Foundation

/// Writes a synthesized trace to a file, replacing it atomically (so `Tools/gen-corpus` can regenerate
/// the corpus in place and a failed run never leaves half a trace), and checks standard output.
///
/// Only regular files are replaced. A symbolic link is followed and its target replaced; a device, FIFO
/// or other special file (`/dev/stdout`, `/dev/full`, a pipe) is written through, never replaced — as
/// root, an atomic rename onto `/dev/full` would otherwise swap the device node for a regular file.
enum Output {
  static func write(_ bytes: [UInt8], to path: String) throws(FoldsimError) {
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      try writeThrough(bytes, to: path)
      return
    }
    do {
      let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
      try Data(bytes).write(to: url, options: .atomic)
    } catch {
      throw .file("cannot write '\(path)': \(reason(for: error, writing: path))")
    }
  }

  /// Why writing `path` failed, naming the directory when that is what is missing: Foundation's own
  /// message ("The file doesn't exist.") does not say which part of the path is absent.
  private static func reason(for error: any Error, writing path: String) -> String {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      return "no such directory '\(directory)'"
    }
    if !isDirectory.boolValue { return "'\(directory)' is not a directory" }
    return error.localizedDescription
  }

  /// Writes into an existing special file without replacing it.
  private static func writeThrough(_ bytes: [UInt8], to path: String) throws(FoldsimError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    guard descriptor >= 0 else { throw .file("cannot write '\(path)': \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    var start = 0
    while start < bytes.count {
      let written = bytes[start...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw .file("cannot write '\(path)': \(String(cString: strerror(errno)))")
      }
      start += written
    }
  }
}

/// Standard output, written with `write(2)` so that failures are seen: Swift's `print` ignores them, and
/// `foldsim --events > /dev/full` used to exit 0.
struct StandardOutput {
  private var buffer: [UInt8] = []
  private var failure: FoldsimError?

  /// Appends a line, writing when 64 KiB are buffered; after a failed write, lines are dropped.
  mutating func print(_ line: String, terminator: String = "\n") {
    guard failure == nil else { return }
    buffer.append(contentsOf: line.utf8)
    buffer.append(contentsOf: terminator.utf8)
    if buffer.count >= 1 << 16 { try? flush() }
  }

  /// Writes what is buffered.
  ///
  /// - Throws: ``FoldsimError/file(_:)`` when standard output cannot be written, now or earlier (exit 3).
  mutating func flush() throws(FoldsimError) {
    if let failure { throw failure }
    var start = 0
    while start < buffer.count {
      let written = buffer[start...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        let error = FoldsimError.file("cannot write standard output: \(String(cString: strerror(errno)))")
        buffer.removeAll()
        failure = error
        throw error
      }
      start += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
