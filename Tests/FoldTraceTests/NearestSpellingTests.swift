import FoldTrace
import Testing

/// The "did you mean" both tools give: a typo of a valid spelling is named, a word that shares nothing
/// with any is not, and dashes and letter case are typing slips rather than letters that differ.
struct NearestSpellingTests {
  static let foldsimOptions = ["--output", "-o", "--events", "--force", "--help", "-h"]

  @Test(arguments: [
    ("--outptu", "--output"), ("--o", "-o"), ("-output", "--output"), ("-O", "-o"), ("-H", "-h"),
    ("--Force", "--force"), ("--evnets", "--events"),
  ])
  func aTypoOfAnOptionIsNamed(_ typed: String, _ nearest: String) {
    #expect(NearestSpelling.nearest(to: typed, among: Self.foldsimOptions) == nearest)
  }

  /// Any one letter is one edit from any other: a one-letter option that is no case slip of a valid one
  /// gets no guess, nor does a word whose every letter would change.
  @Test(arguments: ["-x", "-f", "-e", "--x", "--bogus", "-", "--", ""])
  func aWordNearNoneIsNamedNone(_ typed: String) {
    #expect(NearestSpelling.nearest(to: typed, among: Self.foldsimOptions) == nil)
  }

  @Test func commandsAndKindsAreNamedAsBefore() {
    let commands = ["cat", "stats", "verify", "recover", "diff", "slice", "export", "list", "help"]
    #expect(NearestSpelling.nearest(to: "lst", among: commands) == "list")
    #expect(NearestSpelling.nearest(to: "stat", among: commands) == "stats")
    #expect(NearestSpelling.nearest(to: "vrfy", among: commands) == "verify")
    #expect(NearestSpelling.nearest(to: "slcie", among: commands) == "slice")
    #expect(NearestSpelling.nearest(to: "x", among: commands) == nil)
    #expect(NearestSpelling.nearest(to: "geomtry", among: ["geometry", "hinge"]) == "geometry")
    // An abbreviation is named before a shorter spelling fewer edits away.
    #expect(NearestSpelling.nearest(to: "--js", among: ["--json", "-s", "--scene"]) == "--json")
    #expect(NearestSpelling.nearest(to: "--ev", among: Self.foldsimOptions) == "--events")
    #expect(NearestSpelling.nearest(to: "ver", among: commands) == "verify")
    #expect(NearestSpelling.distance("kitten", "sitting") == 3)
    #expect(NearestSpelling.distance("", "abc") == 3)
  }
}
