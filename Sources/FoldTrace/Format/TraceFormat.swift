/// The constants of the trace file format (<doc:TraceFormat>).
enum TraceFormat {
  /// The skippable-frame magic of the header frame (RFC 8878 §3.1.2, range 0x184D2A50…5F).
  static let headerFrameMagic: UInt32 = 0x184D_2A50
  /// The skippable-frame magic of the seek table (zstd seekable format).
  static let seekTableFrameMagic: UInt32 = 0x184D_2A5E
  /// The seek table footer's magic (zstd seekable format).
  static let seekTableFooterMagic: UInt32 = 0x8F92_EAB1
  /// The zstd frame magic (RFC 8878 §3.1.1).
  static let zstdFrameMagic: UInt32 = 0xFD2F_B528
  /// FoldTrace's own magic at the start of the header frame's content: ASCII `FOLDTRC1`.
  static let traceMagic: [UInt8] = Array("FOLDTRC1".utf8)
  /// The first bytes of every trace: the header frame magic, little-endian.
  static let headerPreamblePrefix: [UInt8] = [0x50, 0x2A, 0x4D, 0x18]
  /// The largest header content, in bytes.
  static let maxHeaderBytes = 64 * 1024
  /// The largest record a writer writes, in bytes: a bound the writer's rules keep, not a check of its
  /// own (``TraceEvent/maxRecordStringBytes`` bounds a record's strings, and a record holds at most
  /// 50 bytes of numbers and references per element besides them).
  static let maxRecordBytes = 1024 * 1024
  /// The largest buffered-bytes threshold a flush policy may set, in bytes.
  static let maxPolicyBytes = 8 * 1024 * 1024
  /// The items — records, keyframe included, plus the regions they list — after which a writer ends a
  /// frame.
  static let frameItemThreshold = 65_536
  /// The most regions one `regions` record may list.
  static let maxRegionsPerRecord = 128
  /// The most scenes connected at once.
  static let maxConnectedScenes = 128
  /// Low 32 bits of XXH64 of no bytes: the seek table checksum of the header frame.
  static let emptyChecksum: UInt32 = 0x51D8_E999

  /// Whether `magic` is one of the sixteen skippable-frame magics.
  static func isSkippable(_ magic: UInt32) -> Bool { magic & 0xFFFF_FFF0 == 0x184D_2A50 }

  /// Little-endian u32 at `index` of `bytes`.
  static func u32(_ bytes: some RandomAccessCollection<UInt8>, at index: Int) -> UInt32 {
    var value: UInt32 = 0
    var i = bytes.index(bytes.startIndex, offsetBy: index)
    for shift in stride(from: 0, to: 32, by: 8) {
      value |= UInt32(bytes[i]) << UInt32(shift)
      i = bytes.index(after: i)
    }
    return value
  }
}
