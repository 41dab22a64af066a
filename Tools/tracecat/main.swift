import FoldTrace

// tracecat: inspect FoldTrace traces. See `tracecat --help` and Tracecat.swift.
installOutputSignalHandlers()
let console = Console()
do {
  exitProcess(Tracecat.main(try utf8CommandLineArguments(), console: console).rawValue)
} catch {
  let usage = TracecatError.usage(
    message: error.message, hint: "rename the file, or name it through a link whose name is UTF-8.")
  exitProcess(ErrorRenderer.report(usage, to: console).rawValue)
}
