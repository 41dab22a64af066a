import CZstd
import FoldTrace
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Helpers of the damage, hostile-input and fault tests: small traces of several shapes, an in-process
/// `zstd -t`, and a disk that fills up under a live writer.
enum Reliability {
  /// A session with every kind, keyframes and a few dozen scroll events.
  static let events = TraceSamples.everyKind.dropLast() + TraceSamples.scrolling(count: 24, from: 10_000_000)

  /// Writes `events` into a trace in memory.
  static func trace(
    _ events: some Sequence<TraceEvent>, header: TraceHeader = TraceSamples.header,
    policy: FlushPolicy = FlushPolicy(maxBufferedBytes: 160), close: Bool = true
  ) throws -> [UInt8] {
    let writer = try TraceWriter(header: header, policy: policy)
    for event in events { try writer.append(event) }
    if close { try writer.close() } else { try writer.flush() }
    return writer.bytes
  }

  /// A trace as a crash leaves it: complete frames, no seek table.
  static func crashed() throws -> [UInt8] { try trace(events, close: false) }

  /// A trace closed, reopened with `TraceWriter(appendingTo:)`, extended and closed again.
  static func appended() throws -> [UInt8] {
    try TraceSamples.withTemporaryPath { path in
      let first = try TraceWriter(
        path: path, header: TraceSamples.header, policy: FlushPolicy(maxBufferedBytes: 160))
      for event in events.prefix(14) { try first.append(event) }
      try first.close()
      let second = try TraceWriter(appendingTo: path, policy: FlushPolicy(maxBufferedBytes: 160))
      for event in events.dropFirst(14) { try second.append(event) }
      try second.close()
      return try bytes(of: path)
    }
  }

  /// A trace written by a newer minor version (1.1): frames hold kinds 11 and 200, unknown to this reader,
  /// in keyframes and among events. Returns the bytes, the known events and the number of unknown records.
  static func newerMinor() -> (bytes: [UInt8], events: [TraceEvent], unknown: Int) {
    let header = TraceHeader(
      version: TraceFormatVersion(major: 1, minor: 2), device: "iPhone Duo", app: "Notes 5",
      recorder: "future")
    let hinge = TraceCrafting.record(tag: 4, delta: 0, body: [2, 0])  // fullyOpen, no angle
    let future = TraceCrafting.record(tag: 99, delta: 0, body: [0x01, 0x02, 0x03])
    var first = TraceCrafting.varint(1_000) + TraceCrafting.varint(0)
    first += hinge
    first += TraceCrafting.record(tag: 200, delta: 40, body: Array(repeating: 0xEE, count: 70))
    first += TraceCrafting.record(tag: 9, delta: 60, body: [2] + Array("hi".utf8))
    var second = TraceCrafting.varint(2_000) + TraceCrafting.varint(2) + hinge + future
    second += TraceCrafting.record(tag: 99, delta: 5, body: [])
    second += TraceCrafting.record(tag: 9, delta: 7, body: [3] + Array("bye".utf8))
    let bytes =
      TraceCrafting.headerFrame(header) + TraceCrafting.zstdFrame(first) + TraceCrafting.zstdFrame(second)
    let events = [
      TraceEvent(time: 1_000, .hinge(HingeState(status: .fullyOpen))),
      TraceEvent(time: 1_100, .marker("hi")),
      TraceEvent(time: 2_012, .marker("bye")),
    ]
    return (bytes, events, 3)
  }

  /// The bytes of the file at `path`.
  static func bytes(of path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Writes `bytes` to `path`, replacing it.
  static func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// What `zstd -t` says, in process: every frame (skippable ones included) is complete and its content
  /// matches its checksum.
  static func zstdTestPasses(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { source in
      let bound = ZSTD_decompressBound(source.baseAddress, source.count)
      guard bound != ZSTD_CONTENTSIZE_ERROR, bound < 1 << 30 else { return false }
      var output = [UInt8](repeating: 0, count: max(Int(bound), 1))
      let result = output.withUnsafeMutableBytes {
        ZSTD_decompress($0.baseAddress, $0.count, source.baseAddress, source.count)
      }
      return ZSTD_isError(result) == 0
    }
  }

  /// Makes the disk under `path` "full" for an open writer: the descriptor that has `path`'s file open
  /// (found by device and inode, since a writer's descriptor may have been opened under a temporary name
  /// and linked to `path`) is pointed at `/dev/full`, so the writer's next `write(2)` fails with `ENOSPC`
  /// as on a full disk.
  /// - Returns: False when there is no `/dev/full` or no descriptor open on `path`'s file.
  static func fillDisk(under path: String) -> Bool {
    var target = stat()
    guard stat(path, &target) == 0 else { return false }
    let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
    guard full >= 0 else { return false }
    defer { close(full) }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
      return false
    }
    for name in names.sorted() {
      var status = stat()
      guard let descriptor = Int32(name), descriptor != full, fstat(descriptor, &status) == 0,
        status.st_dev == target.st_dev, status.st_ino == target.st_ino
      else { continue }
      return dup2(full, descriptor) == descriptor
    }
    return false
  }
}
