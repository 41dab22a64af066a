// The libFuzzer target of Tools/fuzz-reader. Not a SwiftPM target: the script compiles it with
// FoldTrace's sources into one module with `swiftc -sanitize=fuzzer`, so it reaches internal API too.

/// libFuzzer's entry point: reads `size` bytes at `data` as a trace, every way a tool would.
@_cdecl("LLVMFuzzerTestOneInput")
public func foldTraceFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  FuzzReader.exercise(bytes)
  return 0
}

/// What one fuzzing input goes through, with the invariants a crash would report.
enum FuzzReader {
  /// Limits below the defaults so that each input runs fast; memory stays bounded by them, which the
  /// run checks with `-rss_limit_mb`.
  static let limits = TraceReaderLimits(
    maxFrameContentBytes: 2 * 1024 * 1024, maxWindowLog: 21, maxFrameRecords: 65_536)

  /// Opens `bytes` as a trace; reads every frame; counts and seeks frames by index and by time.
  static func exercise(_ bytes: [UInt8]) {
    let reader: TraceReader
    do {
      reader = try TraceReader(bytes: bytes, name: "fuzz", limits: limits)
    } catch {
      check(error, size: bytes.count)
      return
    }
    // Read every frame; past damage, skip to the next frame as `tracecat` does, which must always move on.
    var previousEnd = reader.headerSize
    var lastDamage = -1
    var failed = false
    for _ in 0..<10_000 {
      do {
        guard let frame = try reader.nextFrame() else { break }
        precondition(
          frame.offset >= previousEnd && frame.offset > lastDamage
            && frame.offset + frame.size <= bytes.count,
          "frame out of bounds")
        precondition(
          frame.keyframe.count + frame.events.count <= limits.maxFrameRecords, "record cap not enforced")
        precondition(frame.contentSize <= limits.maxFrameContentBytes, "content cap not enforced")
        var time = frame.time
        for event in frame.events {
          precondition(event.time >= time, "event times go backwards")
          time = event.time
        }
        previousEnd = frame.offset + frame.size
      } catch {
        check(error, size: bytes.count)
        precondition(
          error.offset! >= previousEnd && error.offset! > lastDamage, "an error that does not move on")
        failed = true
        lastDamage = error.offset!
        guard (try? reader.skipDamagedFrame()) == true else { break }
      }
    }
    if !failed {
      precondition((try? reader.nextFrame()) == .some(nil), "a finished reader read again")
    }
    // Seeking builds an index and probe readers: slower, so one input in four takes that path.
    guard bytes.count % 4 == 0, let count = try? reader.frameCount() else { return }
    for index in [0, count / 2, count - 1] where index >= 0 && index < count {
      do {
        try reader.seek(toFrame: index)
        if let frame = try reader.nextFrame() { precondition(frame.index == index, "seek landed elsewhere") }
      } catch {
        check(error, size: bytes.count)
      }
    }
    for time: UInt64 in [0, 1_000_000_000, .max] {
      do {
        _ = try reader.seek(toTime: time)
        _ = try reader.nextFrame()
      } catch {
        check(error, size: bytes.count)
      }
    }
  }

  /// Every error names the input and a byte offset inside it, or is an argument error.
  static func check(_ error: TraceError, size: Int) {
    precondition(error.file == "fuzz", "an error without the file name")
    guard error.code != .invalidArgument else { return }
    guard let offset = error.offset else { preconditionFailure("an error without an offset: \(error)") }
    precondition(offset >= 0 && offset <= size, "offset \(offset) outside the input: \(error)")
  }
}
