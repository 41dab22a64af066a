extension TraceReader {
  /// Moves past a damaged frame so reading can go on with the frames after it.
  ///
  /// Every frame starts with a keyframe, so a lost frame poisons nothing after it
  /// (<doc:TraceFormat>, "Keyframes"). After ``nextFrame()`` threw a `.corrupt` or `.limitExceeded` error,
  /// this finds the next frame: from the seek table when the trace has a consistent one (frame indexes
  /// stay exact), else by searching the bytes after the damage for the next zstd frame magic (the frame
  /// index then counts the damaged frame as one). A torn tail (`.truncated`) has nothing after it.
  ///
  /// - Returns: True when the reader was moved and ``nextFrame()`` may return more frames; false when
  ///   there was no error to skip or nothing follows it.
  /// - Throws: ``TraceError`` `.io` when the file cannot be read.
  /// - Complexity: O(1) with a seek table, else O(bytes searched).
  @discardableResult
  public func skipDamagedFrame() throws(TraceError) -> Bool {
    guard let failure, failure.code == .corrupt || failure.code == .limitExceeded,
      let damaged = failure.offset, damaged >= headerSize
    else { return false }
    if let entries = try indexFromSeekTableIfAny() {
      guard let next = entries.firstIndex(where: { $0.offset > damaged }) else { return false }
      resume(at: entries[next].offset, index: next)
      return true
    }
    let magics: [[UInt8]] = [[0x28, 0xB5, 0x2F, 0xFD], [0x5E, 0x2A, 0x4D, 0x18]]
    var offset = damaged + 1
    let window = 64 * 1024
    while offset + 4 <= source.size {
      let chunk = try source.read(at: offset, count: window + 3)
      guard chunk.count >= 4 else { break }
      for i in 0...(chunk.count - 4) where magics.contains(where: { $0.elementsEqual(chunk[i..<i + 4]) }) {
        resume(at: offset + i, index: nextIndex + 1)
        return true
      }
      offset += window
    }
    return false
  }

  private func resume(at offset: Int, index: Int) {
    position = offset
    nextIndex = index
    failure = nil
    finished = false
    previousFrameEnd = nil
    readEntries = nil
    checksSeekTableSizes = false
  }
}
