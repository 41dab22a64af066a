import FoldSim
import FoldTrace
import Foundation
import Testing

/// Every `Traces/NAME.foldtrace` is what `foldsim Traces/NAME.json -o OUT` writes, byte for byte.
struct CorpusTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let traces = root.appendingPathComponent("Traces")

  static func names(_ ext: String) -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? []
    return files.filter { $0.hasSuffix(".\(ext)") }.map { String($0.dropLast(ext.count + 1)) }.sorted()
  }

  static let scenarios = names("json")
  /// The scenarios FoldSim plays alone: those asking for the app's output (`appOutput`) need FoldSimApp,
  /// and FoldSimAppTests checks them.
  static let systemScenarios = scenarios.filter { name in
    let text = try? String(contentsOf: traces.appendingPathComponent("\(name).json"), encoding: .utf8)
    return text?.contains("\"appOutput\"") == false
  }

  @Test func everyTraceHasItsScenarioAndAReadmeLine() throws {
    #expect(Self.scenarios.count >= 30)
    #expect(Self.names("foldtrace") == Self.scenarios)
    #expect(Self.scenarios.contains("duo-open-external-to-internal"))
    let readme = try String(contentsOf: Self.traces.appendingPathComponent("README.md"), encoding: .utf8)
    for name in Self.scenarios {
      #expect(readme.contains("| `\(name)` |"), "README.md has no line for \(name)")
    }
  }

  @Test(arguments: systemScenarios)
  func traceIsByteIdenticalToItsScenario(_ name: String) throws {
    let text = try String(contentsOf: Self.traces.appendingPathComponent("\(name).json"), encoding: .utf8)
    let scenario = try Scenario.parse(text, file: "Traces/\(name).json")
    let bytes = try scenario.traceBytes()
    let stored = try [UInt8](Data(contentsOf: Self.traces.appendingPathComponent("\(name).foldtrace")))
    #expect(bytes.count == stored.count, "\(name): \(bytes.count) bytes synthesized, \(stored.count) stored")
    #expect(bytes == stored, "\(name): run Tools/gen-corpus \(name)")
  }

  @Test func theComparisonHasPower() throws {
    // A different seed (a planted fault) must change the bytes of a trace with human timing.
    let text = try String(
      contentsOf: Self.traces.appendingPathComponent("duo-open-external-to-internal.json"), encoding: .utf8)
    var scenario = try Scenario.parse(text)
    let stored = try [UInt8](
      Data(contentsOf: Self.traces.appendingPathComponent("duo-open-external-to-internal.foldtrace")))
    #expect(try scenario.traceBytes() == stored)
    scenario.seed += 1
    #expect(try scenario.traceBytes() != stored)
  }

  @Test func corpusTracesReadBack() throws {
    let name = "edge-reversal-mid-fold"
    let text = try String(contentsOf: Self.traces.appendingPathComponent("\(name).json"), encoding: .utf8)
    let events = try Scenario.parse(text).events()
    let read = try TraceReader.readAll(path: Self.traces.appendingPathComponent("\(name).foldtrace").path)
    #expect(read.header.device == "iPhone Duo")
    #expect(read.events == events)
  }
}
