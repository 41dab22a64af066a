import FoldSim
import FoldTrace

/// Writes a synthesized session as a trace file.
enum Output {
  static func write(_ session: (scenario: Scenario, events: [TraceEvent]), to path: String)
    throws(FoldsimError)
  {
    throw .file("writing traces needs TraceWriter (not merged yet)")
  }
}
