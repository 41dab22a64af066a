import Testing
import XCTest

/// Reports a failure at the caller's source location under whichever test library is running: Swift
/// Testing when a test is current (`Issue.record(_:sourceLocation:)`), XCTest otherwise
/// (`XCTFail(_:file:line:)`), as swift-snapshot-testing and TCA's TestStore do.
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
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
  } else {
    XCTFail(message, file: filePath, line: line)
  }
}
