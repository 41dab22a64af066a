/// Where a reader's bytes come from: a file read with `pread(2)` or a byte array.
enum TraceSource {
  case file(TraceFile, size: Int)
  case bytes([UInt8])

  var size: Int {
    switch self {
    case .file(_, let size): size
    case .bytes(let bytes): bytes.count
    }
  }

  /// Up to `count` bytes at `offset`, fewer only at the end.
  func read(at offset: Int, count: Int) throws(TraceError) -> [UInt8] {
    let end = min(size, offset + count)
    guard offset < end else { return [] }
    switch self {
    case .file(let file, _): return try file.read(at: offset, count: end - offset)
    case .bytes(let bytes): return Array(bytes[offset..<end])
    }
  }
}
