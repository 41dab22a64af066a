import FoldTrace

// tracecat: inspect FoldTrace traces. See `tracecat --help` and Tracecat.swift.
installOutputSignalHandlers()
exitProcess(Tracecat.main(Array(CommandLine.arguments.dropFirst()), console: Console()).rawValue)
