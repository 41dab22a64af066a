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

  /// A bad key named the member before it (`kind`), or `[-1]` when first: the error names the object
  /// holding the key (nil for the line's own) and the key's byte.
  @Test(
    arguments: [
      ("{\"t\":0,\"kind\":\"marker\",\"\u{01}\":1,\"label\":\"x\"}", nil, 24, "a control character"),
      ("{\"\u{01}\":1,\"t\":0,\"kind\":\"marker\",\"label\":\"x\"}", nil, 2, "a control character"),
      (
        "{\"t\":0,\"kind\":\"marker\",\"label\":\"x\",\"z\":{\"a\":[{\"\u{01}\":2}]}}", "z.a[0]", 47,
        "a control character"
      ),
      (#"{"t":0,"kind":"marker","label":"x","z":[{"\ud800":2}]}"#, "z[0]", 42, "a lone surrogate escape"),
    ] as [(String, String?, Int, String)])
  func badKeysNameTheObjectHoldingThem(_ line: String, _ field: String?, _ byte: Int, _ what: String) throws {
    let error = try error(decoding: line)
    #expect(error.line == 2)
    #expect(error.field == field)
    #expect(error.reason == "not a valid JSON string: the key at byte \(byte) holds \(what)")
    let quote = line.utf8.index(line.utf8.startIndex, offsetBy: byte - 1)
    #expect(line.utf8[quote] == UInt8(ascii: "\""))
  }

  @Test func hugeNumbersStillSayOutOfRange() throws {
    let error = try error(decoding: #"{"t":1,"kind":"scroll","scene":1,"offset":[0,1e309],"anchor":null}"#)
    #expect(error.line == 2)
    #expect(error.reason == "number out of range for a 64-bit double")
  }
}
