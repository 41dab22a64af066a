import Synchronization
import Testing
import XCTest

/// A failure an assertion reported inside ``collectReportedFailures(_:)``, instead of failing the test.
public struct ReportedFailure: Sendable, Equatable {
  /// The failure, as the assertion words it (a −/+ diff where it has one).
  public var message: String
  /// The reporting location's `#fileID` (`Module/File.swift`).
  public var fileID: String
  /// The reporting location's line.
  public var line: Int
}

/// Runs `body` and returns the failures the assertions reported in it, in order, instead of reporting
/// them to the running test library: for testing a helper built on the assertions (that it fails, with
/// which words, at whose line) without a failure or a known issue in the test log. The collector is a
/// task-local value: a failure reported after `body` returns (by a task it started) is not collected.
///
/// - Parameter body: The code whose failures to collect.
/// - Returns: The failures, in the order reported; empty when every assertion held.
/// - Throws: What `body` throws.
public func collectReportedFailures(_ body: () throws -> Void) rethrows -> [ReportedFailure] {
  let collector = FailureCollector()
  try FailureCollector.$current.withValue(collector) { try body() }
  return collector.failures.withLock { $0 }
}

/// Where ``collectReportedFailures(_:)`` gathers failures.
final class FailureCollector: Sendable {
  @TaskLocal static var current: FailureCollector?
  let failures = Mutex<[ReportedFailure]>([])

  /// Adds a failure to the current collector; false when there is none.
  static func take(_ message: String, fileID: String, line: Int) -> Bool {
    guard let current else { return false }
    current.failures.withLock { $0.append(ReportedFailure(message: message, fileID: fileID, line: line)) }
    return true
  }
}

/// Reports a failure at the caller's source location under whichever test library is running: Swift
/// Testing when a test is current (`Issue.record(_:sourceLocation:)`), XCTest otherwise
/// (`XCTFail(_:file:line:)`), as swift-snapshot-testing and TCA's TestStore do. Inside
/// ``collectReportedFailures(_:)`` the failure is collected instead.
///
/// - Parameters:
///   - message: The failure, as a sentence.
///   - fileID: The caller's `#fileID`.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
public func reportReplayFailure(
  _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  if FailureCollector.take(message, fileID: "\(fileID)", line: Int(line)) { return }
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
  } else {
    XCTFail(message, file: filePath, line: line)
  }
}

/// Reports a failure at a Swift Testing source location: `Issue.record(_:sourceLocation:)` when a test is
/// current; otherwise through `XCTFail(_:)` with the location written into the message (XCTest takes
/// only a static file path: an XCTest helper forwards `#filePath` and `#line` instead). Inside
/// ``collectReportedFailures(_:)`` the failure is collected instead.
///
/// - Parameters:
///   - message: The failure, as a sentence.
///   - sourceLocation: Where to report it.
public func reportReplayFailure(_ message: String, sourceLocation: SourceLocation) {
  if FailureCollector.take(message, fileID: sourceLocation.fileID, line: sourceLocation.line) { return }
  if Test.current != nil {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  } else {
    XCTFail("\(sourceLocation.fileID):\(sourceLocation.line): \(message)")
  }
}

/// Where an assertion reports: a Swift Testing source location, or XCTest's static file and line.
enum ReportLocation {
  case swiftTesting(SourceLocation)
  case file(StaticString, StaticString, UInt, UInt)

  func report(_ message: String) {
    switch self {
    case .swiftTesting(let location): reportReplayFailure(message, sourceLocation: location)
    case .file(let fileID, let filePath, let line, let column):
      reportReplayFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
