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

/// Reports a failure at a Swift Testing source location: `Issue.record(_:sourceLocation:)` when a test is
/// current; otherwise through `XCTFail(_:)` with the location written into the message (XCTest takes
/// only a static file path: an XCTest helper forwards `#filePath` and `#line` instead).
///
/// - Parameters:
///   - message: The failure, as a sentence.
///   - sourceLocation: Where to report it.
public func reportReplayFailure(_ message: String, sourceLocation: SourceLocation) {
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
