// The libFuzzer target of Tools/fuzz-jsonl. Not a SwiftPM target: the script compiles it with FoldTrace's
// sources into one module with `swiftc -sanitize=fuzzer`, so it reaches internal API too.

/// libFuzzer's entry point: reads `size` bytes at `data` as a JSON Lines document.
@_cdecl("LLVMFuzzerTestOneInput")
public func foldTraceFuzzJSONLinesOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  FuzzJSONLines.exercise(bytes)
  return 0
}

/// What one fuzzing input goes through, with the invariants a crash would report.
enum FuzzJSONLines {
  /// Decodes every line with the streaming decoder (the fast path); every decoded event must encode the
  /// same both ways and read back. The reference (Foundation, some 20 times slower) reads the UTF-8
  /// lines of one input in four too, and must agree.
  static func exercise(_ bytes: [UInt8]) {
    let differential = bytes.count % 4 == 0
    var decoder = TraceJSONLinesDecoder()
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(16) {
      let lineNumber = decoder.lineNumber + 1
      let fast: Result<TraceEvent?, TraceJSONLinesError> = line.withUnsafeBytes { raw in
        do {
          return .success(try decoder.decode(bytes: raw))
        } catch let error as TraceJSONLinesError {
          return .failure(error)
        } catch {
          stop("an error that is not a TraceJSONLinesError: \(error)")
        }
      }
      if case .failure(let error) = fast {
        require(error.line == lineNumber, "an error naming another line: \(error)")
        require(!error.reason.isEmpty, "an error without a reason")
      }
      if case .success(let event?) = fast { checkRoundTrip(event) }
      guard differential, let text = String(validating: line, as: UTF8.self) else { continue }
      compare(text)
    }
  }

  /// The fast path and the reference read one line alike (the differential tests' rule).
  static func compare(_ line: String) {
    guard !line.allSatisfy(\.isWhitespace) else { return }
    let fast = Result { try TraceJSONLines.decode(line: line, lineNumber: 1) }
    let reference = Result { try TraceJSONLines.referenceDecode(line: line, lineNumber: 1) }
    switch (fast, reference) {
    case (.success(let a), .success(let b)):
      require(a == b, "decoded differently: \(line)")
    case (.failure(let a as TraceJSONLinesError), .failure(let b as TraceJSONLinesError)):
      if a.reason == JSONLineCheck.tooDeep || b.reason == JSONLineCheck.tooDeep {
        require(a == b, "depth errors differ: \(a) vs \(b): \(line)")
      } else if isJSONLevel(b) {
        require(isJSONLevel(a), "fast: \(a), reference: \(b): \(line)")
      } else {
        require(a == b, "errors differ: \(a) vs \(b): \(line)")
      }
    default:
      stop("fast: \(fast), reference: \(reference): \(line)")
    }
    if case .success(.header(let header)) = fast {
      let encoded = TraceJSONLines.encode(header: header)
      require(encoded == TraceJSONLines.referenceEncode(header: header), "header encodings differ")
      require(
        (try? TraceJSONLines.decode(line: encoded, lineNumber: 1)) == .header(header), "header round trip")
    }
  }

  static func isJSONLevel(_ error: TraceJSONLinesError) -> Bool {
    error.reason.hasPrefix("not valid JSON") || error.reason == JSONValue.numberOutOfRange
      || error.reason.hasPrefix(JSONValue.invalidString) || error.reason.hasPrefix(JSONValue.repeatedKey)
  }

  static func checkRoundTrip(_ event: TraceEvent) {
    let line = TraceJSONLines.encode(event: event)
    require(line == TraceJSONLines.referenceEncode(event: event), "encodings differ: \(line)")
    require((try? TraceJSONLines.decode(line: line, lineNumber: 1)) == .event(event), "round trip: \(line)")
  }
}

#if canImport(Glibc)
  import Glibc
#endif

/// Stops the run with `message` on standard error (an optimised `precondition` prints none), so that
/// libFuzzer saves the input.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { stop(message()) }
}

func stop(_ message: String) -> Never {
  fputs("fuzz-jsonl: \(message)\n", stderr)
  abort()
}
