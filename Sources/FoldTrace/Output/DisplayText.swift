/// Text as the tools show it to a person: bytes that are not text, written so they can be read back.
package enum DisplayText {
  /// Bytes that need not be UTF-8, such as a file name: printable ASCII as it is and every other byte as
  /// `\xFF` (two uppercase hex digits), `t\xFF.foldtrace` for the name `t`, 0xFF, `.foldtrace`.
  ///
  /// The form in which the tools name an argument or a directory entry that is not UTF-8.
  /// - Complexity: O(n) in the number of bytes.
  package static func bytes(_ bytes: some Sequence<UInt8>) -> String {
    var shown = ""
    for value in bytes {
      if value >= 0x20 && value < 0x7F {
        shown.unicodeScalars.append(Unicode.Scalar(value))
      } else {
        let hex = String(value, radix: 16, uppercase: true)
        shown += "\\x" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return shown
  }
}
