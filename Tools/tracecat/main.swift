#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// tracecat: inspect FoldTrace traces. See `tracecat --help` and Tracecat.swift.
exit(Tracecat.main(Array(CommandLine.arguments.dropFirst()), console: Console()).rawValue)
