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

/// Why the command line could not be taken: an argument that is not UTF-8, or no argument vector at all.
package enum CommandLineArgumentError: Error, Sendable {
  /// An argument that is not UTF-8: a usage error.
  case notUTF8(NonUTF8Argument)
  /// Neither Swift's `CommandLine` nor the initial stack gave the arguments: an I/O error.
  case unreadable

  /// Why ``unreadable``, after the file's name.
  package static let unreadableReason =
    "cannot be read (a mount namespace without /proc?), and no argument vector was found on the initial "
    + "stack: the command line is unknown"

  /// The refusal, in words.
  package var message: String {
    switch self {
    case .notUTF8(let argument): argument.message
    case .unreadable: "/proc/self/cmdline: \(Self.unreadableReason)"
    }
  }
}

/// The process's arguments after its name, each checked to be UTF-8.
///
/// `CommandLine.arguments` repairs bytes that are not UTF-8 to U+FFFD, so a file name in another
/// encoding would name another file: an input would read "No such file", and an output would be created
/// under a name the user never gave. The tools refuse such an argument instead.
///
/// On Linux the Swift runtime reads the arguments from `/proc/self/cmdline`; where that cannot be read
/// (a mount namespace without `/proc`) `CommandLine` is empty, and they are taken from where the kernel
/// put them (``initialStackArguments()``).
///
/// - Throws: ``CommandLineArgumentError/notUTF8(_:)`` for the first argument that is not UTF-8,
///   ``CommandLineArgumentError/unreadable`` when no argument vector is found (not even the program's
///   name).
/// - Complexity: O(total bytes of the arguments).
package func utf8CommandLineArguments() throws(CommandLineArgumentError) -> [String] {
  var vector = UnsafeBufferPointer(start: CommandLine.unsafeArgv, count: Int(CommandLine.argc))
  if vector.isEmpty {
    guard let fromStack = initialStackArguments() else { throw .unreadable }
    vector = fromStack
  }
  var arguments: [String] = []
  for index in 1..<vector.count {
    guard let pointer = vector[index] else { break }
    if let argument = String(validatingCString: pointer) {
      arguments.append(argument)
      continue
    }
    let shown = DisplayText.bytes(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
    throw .notUTF8(NonUTF8Argument(position: index, shown: shown))
  }
  return arguments
}

/// The argument vector the kernel laid out at the process's start, on glibc: `__libc_stack_end` (set by
/// the dynamic loader) points at argc, followed by argv's pointers and a null. Nil elsewhere, or when
/// what is found there is not such a vector (argc outside 1…2²⁰, a null before argc, no null after it).
/// - Complexity: O(argc).
package func initialStackArguments() -> UnsafeBufferPointer<UnsafeMutablePointer<CChar>?>? {
  #if os(Linux) && canImport(Glibc)
    guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "__libc_stack_end"),
      let end = symbol.load(as: UnsafeRawPointer?.self)
    else { return nil }
    let count = end.load(as: Int.self)
    guard (1...(1 << 20)).contains(count) else { return nil }
    let vector = (end + MemoryLayout<Int>.stride).assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)
    guard vector[count] == nil, (0..<count).allSatisfy({ vector[$0] != nil }) else { return nil }
    return UnsafeBufferPointer(start: vector, count: count)
  #else
    return nil
  #endif
}
