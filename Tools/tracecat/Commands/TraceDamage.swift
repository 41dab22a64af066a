import FoldTrace

/// Tells a torn tail — what a crash leaves, and `recover` repairs — from corruption, with
/// `TraceRecovery.isTornTail(_:)`, the rule `recover` itself applies (<doc:TraceFormat>, "Appending and
/// recovery" in FoldTrace).
enum TraceDamage {
  /// True when the error describes a torn tail that `recover` repairs. For standard input only a cut
  /// frame counts.
  ///
  /// - Complexity: O(bytes after the offset) time, O(1) memory (the file is read in chunks).
  static func isTornTail(_ error: TraceError) -> Bool {
    if error.file == InputSource.displayName("-") { return error.code == .truncated && error.offset ?? 0 > 0 }
    return TraceRecovery.isTornTail(error)
  }
}
