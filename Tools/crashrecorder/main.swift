// crashrecorder: the child and driver processes of FoldTrace's reliability harnesses.
// `record` is the crash-soak child, `soak` the crash-soak driver (Tools/crash-soak), `load` the
// SessionRecorder load test (Tools/recorder-load), `seeds` writes fuzzing seeds (Tools/fuzz-reader).
#if canImport(Glibc)
  import Glibc
#endif

do {
  let arguments = try Arguments(
    Array(CommandLine.arguments.dropFirst()), flagNames: ["append", "keep", "no-tracecat"])
  switch arguments.mode {
  case "record": try RecordCommand.run(arguments)
  case "soak": exit(try SoakCommand.run(arguments) ? 0 : 1)
  case "load": exit(try LoadCommand.run(arguments) ? 0 : 1)
  case "seeds": try SeedsCommand.run(arguments)
  default: throw HarnessError("unknown mode \(arguments.mode); \(Arguments.usage)")
  }
} catch {
  printError("crashrecorder: \(error)")
  exit(2)
}
