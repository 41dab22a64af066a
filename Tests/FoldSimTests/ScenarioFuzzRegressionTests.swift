import FoldSim
import FoldTrace
import Foundation
import Testing

/// Inputs the libFuzzer harness (Tools/fuzz-scenario) found interesting, held to the harness's rules:
/// what the JSON parser accepts Foundation accepts and reads back the same once written; every error
/// points inside the text; no scenario error leaks an internal name.
struct ScenarioFuzzRegressionTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Goldens__/scenario-fuzz")

  static var names: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()) ?? []
  }

  @Test func theRegressionInputsAreThere() {
    #expect(Self.names.count >= 10)
  }

  @Test(arguments: names)
  func aFuzzInputKeepsTheHarnessRules(_ name: String) throws {
    let bytes = try Data(contentsOf: Self.directory.appendingPathComponent(name))
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
    do throws(JSONValue.ParseError) {
      let value = try JSONValue.parse(text)
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil,
        "accepted what Foundation refuses")
      let rendered = value.rendered()
      let again = try? JSONValue.parse(rendered)
      #expect(again?.withoutPositions == value.withoutPositions, "its rendering reads back differently")
    } catch {
      #expect(error.line >= 1 && error.line <= lines && error.column >= 1, "\(error)")
      #expect(!error.message.isEmpty)
    }
    do {
      _ = try Scenario.parse(text, file: name)
    } catch {
      #expect(error.line >= 1 && error.line <= lines && error.column >= 1, "\(error)")
      #expect(!error.message.isEmpty && !error.message.contains("memory:"), "\(error)")
      #expect(error.description.hasPrefix("\(name):\(error.line):\(error.column): "))
    }
  }
}

extension JSONValue {
  /// The value with every position set to 0: what a rendering keeps.
  fileprivate var withoutPositions: JSONValue {
    switch kind {
    case .array(let values): JSONValue(.array(values.map(\.withoutPositions)))
    case .object(let members):
      JSONValue(.object(members.map { Member(key: $0.key, value: $0.value.withoutPositions) }))
    default: JSONValue(kind)
    }
  }
}
