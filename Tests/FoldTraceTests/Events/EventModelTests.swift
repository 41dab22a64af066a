import FoldTrace
import Testing

@Test func everyKindHasADistinctName() {
  let names = Set(TraceEvent.Kind.allCases.map(\.name))
  #expect(names.count == TraceEvent.Kind.allCases.count)
  for kind in TraceEvent.Kind.allCases { #expect(TraceEvent.Kind(name: kind.name) == kind) }
}
