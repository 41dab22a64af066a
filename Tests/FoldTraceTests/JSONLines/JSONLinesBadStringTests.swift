import FoldTrace
import Testing

/// A string `JSONDecoder` refuses (a lone surrogate escape, a raw control character) was reported as
/// "number out of range for a 64-bit double"; it is a bad string, named with its field.
struct JSONLinesBadStringTests {
  let header = #"{"kind":"header","version":"1.0","device":"d","app":"a","recorder":"r"}"#

  func error(decoding line: String) throws -> TraceJSONLinesError {
    var decoder = TraceJSONLinesDecoder()
    _ = try decoder.decode(line: header)
    do {
      _ = try decoder.decode(line: line)
    } catch let error as TraceJSONLinesError {
      return error
    }
    Issue.record("expected an error for \(line)")
    throw CancellationError()
  }

  @Test(arguments: [#""\ud800""#, #""\udc00x""#, "\"tab\traw\""])
  func badStringsNameTheirField(_ label: String) throws {
    let error = try error(decoding: #"{"t":1,"kind":"marker","label":"# + label + "}")
    #expect(error.line == 2)
    #expect(error.field == "label")
    #expect(error.reason == "not a valid JSON string")
  }

  @Test func hugeNumbersStillSayOutOfRange() throws {
    let error = try error(decoding: #"{"t":1,"kind":"scroll","scene":1,"offset":[0,1e309],"anchor":null}"#)
    #expect(error.line == 2)
    #expect(error.reason == "number out of range for a 64-bit double")
  }
}
