import Foundation
import Testing

@testable import FoldTrace

#if canImport(Glibc)
  import Glibc
#endif

/// The reader's fast path for scroll and hinge records reads nothing past a frame's content: the
/// content is placed so that its last byte is the last one before an unreadable page, and a load past
/// it (the plain-form reads' eight-byte words included) stops the process. In the reader the content lies in
/// a larger reused buffer, where an over-read goes unseen even under AddressSanitizer, and changes no
/// value (the bytes past a varint are masked off), so no differential test sees it either.
@Suite struct CommonRecordGuardPageTests {
  /// Calls `body` with a copy of `bytes` that ends where an unreadable page begins.
  static func withGuardedCopy<T>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) -> T) -> T {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let size = ((bytes.count + page - 1) / page + 1) * page
    let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
    precondition(base != MAP_FAILED)
    defer { munmap(base, size) }
    let guardPage = base + (size - page)
    precondition(mprotect(guardPage, page, PROT_NONE) == 0)
    let start = guardPage - bytes.count
    bytes.withUnsafeBytes {
      if let source = $0.baseAddress { start.copyMemory(from: source, byteCount: $0.count) }
    }
    return body(UnsafeRawBufferPointer(start: start, count: bytes.count))
  }

  /// The events the fast path reads from `content` (event records only), going past each record it
  /// declines with the checked decoder, as the reader's loop does; stops at the first malformed one.
  static func fastEvents(_ content: [UInt8]) -> Int {
    withGuardedCopy(content) { raw in
      var state = TraceReader.ParseState(reader: ByteReader(raw), maxRecords: .max)
      var events = 0
      let capacity = content.count + 1
      _ = [TraceEvent](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        var sink = EventSink(base: buffer.baseAddress, capacity: capacity)
        defer { initialized = sink.count }
        while !state.reader.isAtEnd {
          TraceReader.parseCommonRecords(&state, into: &sink)
          if state.reader.isAtEnd { break }
          // The record the fast path declined, through the checked decoder (nothing it appends is
          // checked here: only that reading it stays in bounds).
          guard let tag = try? state.reader.u8(), (try? state.reader.varint()) != nil,
            let length = try? state.reader.count(limit: state.reader.remaining),
            var body = try? state.reader.body(length)
          else { break }
          var items = 0
          guard
            (try? state.codec.decodeRecord(
              tag: tag, from: &body, time: 0, into: &sink, maxRegions: 1 << 20, items: &items)) != nil
          else { break }
        }
        events = sink.count
      }
      return events
    }
  }

  /// Crafted frames (`CommonRecordDifferentialTests`), and every prefix of them: whatever their last
  /// record is cut to, nothing is read past the end.
  @Test func craftedContentsCutAnywhereAreReadInBounds() {
    var random = CommonRecordDifferentialTests.Crafter(generator: SeededGenerator(state: 0x6A4D))
    var events = 0
    for _ in 0..<CommonRecordDifferentialTests.cases(150) {
      let frame = CommonRecordDifferentialTests.content(&random)
      // Past the start time and the keyframe count: records only.
      let start = frame.withUnsafeBytes { raw -> Int in
        var reader = ByteReader(raw)
        _ = try? reader.varint()
        _ = try? reader.varint()
        return reader.position
      }
      let content = Array(frame[start...])
      for cut in 0...content.count {
        events += Self.fastEvents(Array(content[..<cut]))
      }
    }
    #expect(events > 1000)
  }
}
