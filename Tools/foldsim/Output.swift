import FoldSim
import FoldTrace
import Foundation

/// Opens the trace `foldsim -o` writes, through FoldTrace's `OutputFile`: the rule every FoldTrace tool
/// follows. An existing file that holds data is refused unless `--force` (then replaced, a symbolic link's
/// target included, but never the scenario itself); the trace appears whole or not at all (a file with no
/// name until it is linked or renamed into place, so nothing is left on failure or any signal, SIGKILL
/// included; a hidden temporary file, removed on failure, SIGINT or SIGTERM, where the file system cannot
/// make one without a name); a special file
/// (`/dev/null`, a pipe) or a name of a descriptor (`/dev/stdout`, `/dev/fd/N`) is written through, never
/// replaced.
enum Output {
  static func open(_ path: String, force: Bool, scenario: String) throws(FoldsimError) -> OutputFile {
    do {
      return try OutputFile(
        path: path, existing: force ? .replace(unless: [scenario]) : .refuse, inputs: [scenario])
    } catch {
      throw failure(error, path)
    }
  }

  /// What the one line printed after a trace is written counts, gathered event by event as the trace is
  /// streamed: `OUT: 1204 events, 2 scenes, 12.500 s, 8192 bytes`.
  struct Summary {
    var events = 0
    /// Scenes that connected at some time (a scene that connects again counts once).
    var scenes: Set<SceneID> = []
    /// The last event's time, in nanoseconds.
    var lastTime: UInt64 = 0
    var bytes = 0

    mutating func add(_ event: TraceEvent) {
      events += 1
      lastTime = event.time
      if case .sceneConnected(let scene, _, _) = event.payload { scenes.insert(scene) }
    }

    /// The line, for the output as given.
    func line(_ path: String) -> String {
      func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
      let milliseconds = lastTime / 1_000_000
      let fraction = String(milliseconds % 1000)
      let seconds = "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
      return
        "\(DisplayText.escaped(path)): \(count(events, "event")), \(count(scenes.count, "scene")), \(seconds) s, "
        + count(bytes, "byte")
    }
  }

  /// The error for a failed `OutputFile` call, naming the directory when that is what is missing.
  static func failure(_ error: TraceError, _ path: String) -> FoldsimError {
    if error.code == .alreadyExists {
      return .file(
        "cannot write '\(path)': it already exists and holds data; foldsim replaces a file only with --force")
    }
    if error.code == .io, let missing = missingDirectory(of: path) {
      return .file("cannot write '\(path)': \(missing)")
    }
    let reason = error.reason.hasPrefix("write failed: ") ? String(error.reason.dropFirst(14)) : error.reason
    return .file("cannot write '\(path)': \(reason)")
  }

  /// Why the directory of `path` cannot hold it, when it is missing or not a directory.
  private static func missingDirectory(of path: String) -> String? {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      return "no such directory '\(directory)'"
    }
    return isDirectory.boolValue ? nil : "'\(directory)' is not a directory"
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

  /// Appends bytes (a trace written to standard output), writing when 1 MiB is buffered.
  ///
  /// - Throws: ``FoldsimError/file(_:)`` when standard output cannot be written (exit 3).
  /// - Complexity: O(n) in the number of bytes.
  mutating func write(_ bytes: [UInt8]) throws(FoldsimError) {
    if let failure { throw failure }
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Writes what is buffered.
  ///
  /// - Throws: ``FoldsimError/file(_:)`` when standard output cannot be written, now or earlier (exit 3).
  mutating func flush() throws(FoldsimError) {
    if let failure { throw failure }
    do throws(Errno) {
      try FileDescriptor.standardOutput.writeAll(buffer)
    } catch {
      let error = FoldsimError.file("cannot write standard output: \(error)")
      buffer.removeAll()
      failure = error
      throw error
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
