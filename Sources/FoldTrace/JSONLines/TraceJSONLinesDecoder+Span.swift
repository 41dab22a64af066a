extension TraceJSONLinesDecoder {
  /// Decodes the next line of the document from its bytes, which need not be valid UTF-8: the same as
  /// ``decode(bytes:)-(UnsafeRawBufferPointer)``, for a caller that holds no pointer.
  ///
  /// - Parameter bytes: The line without its newline (a trailing `\r` is tolerated).
  /// - Returns: The event on the line, or nil for the header line and for blank lines.
  /// - Throws: ``TraceJSONLinesError`` as ``decode(bytes:)-(UnsafeRawBufferPointer)`` does.
  /// - Complexity: O(*n*) in the line's length.
  public mutating func decode(bytes: Span<UInt8>) throws -> TraceEvent? {
    // The buffer is the span's own memory, valid for the call; the decoder reads only within it.
    try bytes.withUnsafeBytes { try decode(bytes: $0) }
  }
}
