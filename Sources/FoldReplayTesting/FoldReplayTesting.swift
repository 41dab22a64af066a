/// Assertions over FoldReplay timelines for Swift Testing and XCTest. (Being built: issue 5.)
public enum FoldReplayTesting {}
