extension TraceHeader {
  /// Why a trace with this header could not be read back, or nil when it is valid.
  ///
  /// A writer refuses such a header before it writes a byte, so no recording ends in a file no reader
  /// opens: the version's major must be ``TraceFormatVersion/current``'s (a reader refuses any other), and
  /// the labels must fit the header frame's 64 KiB content limit (<doc:TraceFormat>, "Header frame").
  ///
  /// - Complexity: O(n) in the labels' UTF-8 length.
  public var validationFailure: String? {
    if version.major != TraceFormatVersion.current.major {
      return "format version \(version) cannot be written by this writer (it writes "
        + "\(TraceFormatVersion.current.major).x)"
    }
    let content = encodedFrame().count - 8
    if content > TraceFormat.maxHeaderBytes {
      return "the header's labels take \(content) bytes, over the 64 KiB a header may hold"
    }
    return nil
  }

  /// Throws ``TraceError`` `.invalidArgument` for `file` when ``validationFailure`` is set.
  func validate(for file: String) throws(TraceError) {
    if let reason = validationFailure { throw TraceError(.invalidArgument, file: file, reason: reason) }
  }
}
