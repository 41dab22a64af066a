extension TraceHeader {
  /// The header frame's bytes: a skippable frame (magic 0x184D2A50) with FoldTrace's magic, version,
  /// labels and a CRC-32 (<doc:TraceFormat>, "Header frame").
  func encodedFrame() -> [UInt8] {
    var content = ByteWriter()
    content.bytes.append(contentsOf: TraceFormat.traceMagic)
    content.u16(version.major)
    content.u16(version.minor)
    content.string(device)
    content.string(app)
    content.string(recorder)
    if let wallClockStart {
      content.u8(1)
      content.u64(UInt64(bitPattern: wallClockStart))
    } else {
      content.u8(0)
    }
    content.u32(CRC32.checksum(content.bytes))
    var frame = ByteWriter()
    frame.u32(TraceFormat.headerFrameMagic)
    frame.u32(UInt32(content.bytes.count))
    frame.bytes.append(contentsOf: content.bytes)
    return frame.bytes
  }

  /// Decodes a header frame's content (without the 8-byte frame preamble).
  ///
  /// - Parameters:
  ///   - content: The skippable frame's content.
  ///   - file: The file name, for errors.
  /// - Throws: ``TraceError`` `.notATrace` for a wrong magic or CRC, `.unsupportedVersion` for a newer
  ///   major version, `.corrupt` for malformed fields.
  static func decode(content: [UInt8], file: String) throws(TraceError) -> TraceHeader {
    let magic = TraceFormat.traceMagic
    guard content.count >= magic.count + 8, Array(content.prefix(magic.count)) == magic else {
      throw TraceError(
        .notATrace, file: file, offset: 8, reason: "not a FoldTrace trace: the header magic is missing")
    }
    let crcStart = content.count - 4
    let stored = TraceFormat.u32(content, at: crcStart)
    guard CRC32.checksum(content[..<crcStart]) == stored else {
      throw TraceError(.corrupt, file: file, offset: 0, reason: "header checksum mismatch")
    }
    do {
      return try ByteReader.read(content[magic.count..<crcStart]) { reader in
        let version = TraceFormatVersion(major: try reader.u16(), minor: try reader.u16())
        guard version.major <= TraceFormatVersion.current.major else {
          throw TraceError(
            .unsupportedVersion, file: file, offset: 0,
            reason:
              "written with trace format \(version); this reader reads \(TraceFormatVersion.current.major).x"
              + " (FoldTrace \(TraceFormatVersion.current)); update FoldTrace to read it")
        }
        let device = try reader.string()
        let app = try reader.string()
        let recorder = try reader.string()
        let flags = try reader.u8()
        let wallClockStart = flags & 1 != 0 ? Int64(bitPattern: try reader.u64()) : nil
        return TraceHeader(
          version: version, device: device, app: app, recorder: recorder, wallClockStart: wallClockStart)
      }
    } catch let failure as ByteReader.Failure {
      throw TraceError(.corrupt, file: file, offset: 0, reason: "malformed header: \(failure.reason)")
    } catch let error as TraceError {
      throw error
    } catch {
      throw TraceError(.corrupt, file: file, offset: 0, reason: "malformed header")
    }
  }
}
