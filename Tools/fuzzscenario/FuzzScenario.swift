// The libFuzzer target of Tools/fuzz-scenario. Not a SwiftPM target: the script compiles it with
// FoldTrace's and FoldSim's sources into one module with `swiftc -sanitize=fuzzer`, so it reaches package
// and internal API too.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer's entry point: reads `size` bytes at `data` as a scenario's text.
@_cdecl("LLVMFuzzerTestOneInput")
public func foldSimFuzzScenarioOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  FuzzScenario.exercise(String(decoding: bytes, as: UTF8.self))
  return 0
}

/// What one fuzzing input goes through, with the invariants a crash would report. The scenario is
/// parsed, not played: playing is the session synthesizer's, fuzzed through the trace it writes.
enum FuzzScenario {
  static func exercise(_ text: String) {
    let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
    do {
      let value = try JSONValue.parse(text)
      // What the parser accepts is JSON to Foundation too, and reads back the same once written.
      let data = Data(text.utf8)
      require(
        (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil,
        "accepted what Foundation refuses: \(text.debugDescription)")
      let rendered = value.rendered()
      guard let again = try? JSONValue.parse(rendered) else {
        stop("its own rendering does not parse: \(rendered.debugDescription)")
      }
      require(
        again.withoutPositions == value.withoutPositions, "round trip differs: \(rendered.debugDescription)")
    } catch {
      require(error.line >= 1 && error.line <= lines, "an error on line \(error.line) of \(lines)")
      require(error.column >= 1, "an error at column \(error.column)")
      require(!error.message.isEmpty, "an error without a message")
    }
    do {
      _ = try Scenario.parse(text, file: "fuzz.json")
    } catch {
      require(error.line >= 1 && error.line <= lines, "a scenario error on line \(error.line) of \(lines)")
      require(error.column >= 1, "a scenario error at column \(error.column)")
      require(!error.message.isEmpty && !error.message.contains("memory:"), "message: \(error)")
    }
  }
}

extension JSONValue {
  /// The value with every position set to 0: what a rendering keeps.
  var withoutPositions: JSONValue {
    switch kind {
    case .array(let values): JSONValue(.array(values.map(\.withoutPositions)))
    case .object(let members):
      JSONValue(.object(members.map { Member(key: $0.key, value: $0.value.withoutPositions) }))
    default: JSONValue(kind)
    }
  }
}

/// Stops the run with `message` on standard error (an optimised `precondition` prints none), so that
/// libFuzzer saves the input.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { stop(message()) }
}

func stop(_ message: String) -> Never {
  fputs("fuzz-scenario: \(message)\n", stderr)
  abort()
}
