import FoldTrace

/// Tells a torn tail — what a crash leaves, and `recover` repairs — from corruption, with
/// `TraceRecovery.isTornTail(_:)`, the rule `recover` itself applies (<doc:TraceFormat>, "Appending and
/// recovery" in FoldTrace).
enum TraceDamage {
  /// True when the error describes a torn tail that `recover` repairs — for standard input by the same
  /// rule, applied to its bytes (``InputSource/standardInputIsTornTail(_:)``).
  ///
  /// - Throws: ``TraceError`` `.io` when standard input's verdict needs the rest of it copied and the
  ///   copy fails.
  /// - Complexity: O(bytes after the offset) time, O(1) memory (the file is read in chunks).
  static func isTornTail(_ error: TraceError) throws(TraceError) -> Bool {
    if error.file == InputSource.displayName("-") { return try InputSource.standardInputIsTornTail(error) }
    return TraceRecovery.isTornTail(error)
  }
}
