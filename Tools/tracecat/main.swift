import FoldTrace

// tracecat: inspect FoldTrace traces. See `tracecat --help` and Tracecat.swift.
// Before any thread is started: one heap arena, so threads reserve no address space they do not use.
limitAllocatorReservations()
// Before any file is opened: none may take the number of a closed standard descriptor.
reserveStandardDescriptors()
installOutputSignalHandlers()
let console = Console()
do {
  exitProcess(Tracecat.main(try utf8CommandLineArguments(), console: console).rawValue)
} catch {
  let failure =
    switch error {
    case .notUTF8(let argument):
      TracecatError.usage(
        message: argument.message, hint: "rename the file, or name it through a link whose name is UTF-8.")
    case .unreadable:
      TracecatError.io(file: "/proc/self/cmdline", reason: CommandLineArgumentError.unreadableReason)
    }
  exitProcess(ErrorRenderer.report(failure, to: console).rawValue)
}
