import FoldTrace
import Testing

@Suite struct RoundTripTests {
  @Test func everyKindRoundTripsInMemory() throws {
    let bytes = try TraceSamples.bytes(TraceSamples.everyKind)
    let (header, events) = try TraceReader.readAll(bytes: bytes, name: "mem")
    #expect(header == TraceSamples.header)
    #expect(events == TraceSamples.everyKind)
    #expect(Set(events.map(\.kind)) == Set(TraceEvent.Kind.allCases))
  }
}
