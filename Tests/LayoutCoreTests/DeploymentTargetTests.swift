import Foundation
import Testing

/// The package declares macOS 15, iOS 18 and Mac Catalyst 18 (Package.swift, `platforms:`), and Linux
/// does not enforce availability: a standard-library API marked `@available(macOS 26.0, iOS 26.0, …)` in
/// the toolchain's `Swift.swiftinterface` builds here and fails an Apple build. These tests ban, in every
/// Swift file under Sources/ and Tools/, the spellings that can only name such an API, and the spans of
/// the public array properties the replay reads (`Array.span` and `Array.mutableSpan` are 26.0; an array's
/// span is taken through a slice, `array[...]`, whose span is back-deployed). Text alone cannot tell an
/// `Array`'s `.span` from a `ContiguousArray`'s; those are checked by reading the interface.
@Suite struct DeploymentTargetTests {
  /// Spellings of APIs newer than the deployment targets, each with why.
  static let newerSpellings: [(spelling: String, reason: String)] = [
    ("utf8Span", "String.utf8Span is macOS 26 / iOS 26"),
    ("UTF8Span", "UTF8Span is macOS 26 / iOS 26"),
    ("InlineArray", "InlineArray is macOS 26 / iOS 26"),
    (".utf8.span", "String.UTF8View.span is macOS 26 / iOS 26"),
    (".elements.span", "Array.span is macOS 26 / iOS 26: take a slice's span"),
    (".elements.mutableSpan", "Array.mutableSpan is macOS 26 / iOS 26"),
  ]

  /// Each line of `text` that holds a newer spelling, as "line N: spelling (reason)", in line order.
  ///
  /// - Complexity: O(l · s) in the text's length and the number of spellings.
  static func newerSpellings(in text: String) -> [String] {
    var found: [String] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      for (spelling, reason) in newerSpellings where line.contains(spelling) {
        found.append("line \(offset + 1): \(spelling) (\(reason))")
      }
    }
    return found
  }

  /// The package root (two levels above this file's directory).
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func sourcesAndToolsUseNoAPINewerThanTheDeploymentTargets() throws {
    var files = 0
    var found: [String] = []
    for directory in ["Sources", "Tools"] {
      let root = Self.packageRoot.appendingPathComponent(directory)
      let paths = try #require(FileManager.default.subpaths(atPath: root.path))
      for path in paths.sorted() where path.hasSuffix(".swift") {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        files += 1
        found += Self.newerSpellings(in: text).map { "\(directory)/\(path), \($0)" }
      }
    }
    #expect(files > 100)
    #expect(found == [])
  }

  @Test func aNewerSpellingIsFoundOnItsLine() {
    let planted = """
      let hash = FNV1a.hash(id)
      let bytes = id.utf8Span.span
      let elements = plan.elements.span
      """
    #expect(
      Self.newerSpellings(in: planted) == [
        "line 2: utf8Span (String.utf8Span is macOS 26 / iOS 26)",
        "line 3: .elements.span (Array.span is macOS 26 / iOS 26: take a slice's span)",
      ])
    let backDeployed = """
      let slice = plan.elements[...]
      let elements = slice.span
      for byte in id.utf8 { hash = FNV1a.step(hash, byte) }
      """
    #expect(Self.newerSpellings(in: backDeployed) == [])
  }
}
