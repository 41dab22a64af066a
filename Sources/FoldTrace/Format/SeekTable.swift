/// The zstd seekable-format seek table a clean close appends (<doc:TraceFormat>, "Seek table").
struct SeekTable: Equatable {
  /// One frame of the file, header included.
  struct Entry: Equatable {
    /// The frame's size in the file, in bytes.
    var compressedSize: UInt32
    /// The frame's content size, in bytes (0 for the header).
    var decompressedSize: UInt32
    /// Low 32 bits of XXH64 of the content.
    var checksum: UInt32
  }

  /// The entries, header frame first.
  var entries: [Entry]

  static let entryBytes = 12
  static let footerBytes = 9

  /// The skippable frame's bytes: magic, size, entries, footer.
  func encoded() -> [UInt8] {
    var w = ByteWriter()
    w.u32(TraceFormat.seekTableFrameMagic)
    w.u32(UInt32(entries.count * Self.entryBytes + Self.footerBytes))
    for entry in entries {
      w.u32(entry.compressedSize)
      w.u32(entry.decompressedSize)
      w.u32(entry.checksum)
    }
    w.u32(UInt32(entries.count))
    w.u8(0x80)
    w.u32(TraceFormat.seekTableFooterMagic)
    return w.bytes
  }

  /// The size of the whole skippable frame, in bytes.
  var frameBytes: Int { 8 + entries.count * Self.entryBytes + Self.footerBytes }

  /// Parses a seek table's content (after the 8-byte skippable preamble).
  /// - Returns: The table, or nil with a reason when it is malformed.
  static func decode(content: [UInt8]) -> Result<SeekTable, ByteReader.Failure> {
    guard content.count >= footerBytes else { return .failure(.init(reason: "seek table too short")) }
    let footer = content.count - footerBytes
    let count = Int(TraceFormat.u32(content, at: footer))
    let descriptor = content[footer + 4]
    guard TraceFormat.u32(content, at: footer + 5) == TraceFormat.seekTableFooterMagic else {
      return .failure(.init(reason: "seek table footer magic is wrong"))
    }
    let width = descriptor & 0x80 != 0 ? 12 : 8
    guard descriptor & 0x7C == 0, count * width == footer else {
      return .failure(
        .init(reason: "seek table declares \(count) frame\(count == 1 ? "" : "s") in \(footer) bytes"))
    }
    var entries: [Entry] = []
    entries.reserveCapacity(count)
    for i in 0..<count {
      let base = i * width
      entries.append(
        Entry(
          compressedSize: TraceFormat.u32(content, at: base),
          decompressedSize: TraceFormat.u32(content, at: base + 4),
          checksum: width == 12 ? TraceFormat.u32(content, at: base + 8) : 0))
    }
    return .success(SeekTable(entries: entries))
  }
}
