#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An argument that is not UTF-8.
package struct NonUTF8Argument: Error, Sendable {
  /// Its position after the program's name, from 1.
  package let position: Int
  /// Its bytes, printable ASCII as it is and every other byte as `\xFF` (``DisplayText/bytes(_:)``).
  package let shown: String

  /// The refusal, in words.
  package var message: String {
    "argument \(position) ('\(shown)') is not valid UTF-8; file names and every other argument are read "
      + "as UTF-8"
  }
}

/// The process's arguments after its name, each checked to be UTF-8.
///
/// `CommandLine.arguments` repairs bytes that are not UTF-8 to U+FFFD, so a file name in another
/// encoding would name another file: an input would read "No such file", and an output would be created
/// under a name the user never gave. The tools refuse such an argument instead.
///
/// - Throws: ``NonUTF8Argument`` for the first argument that is not UTF-8.
/// - Complexity: O(total bytes of the arguments).
package func utf8CommandLineArguments() throws(NonUTF8Argument) -> [String] {
  var arguments: [String] = []
  for index in 1..<Int(CommandLine.argc) {
    guard let pointer = CommandLine.unsafeArgv[index] else { break }
    if let argument = String(validatingCString: pointer) {
      arguments.append(argument)
      continue
    }
    let shown = DisplayText.bytes(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
    throw NonUTF8Argument(position: index, shown: shown)
  }
  return arguments
}
