import Foundation
import Testing

/// `--follow` names the file it reads the way every other command does: through a symbolic link, and as
/// `/dev/stdin` when standard input is a regular file — its size and identity are the target's.
@Suite struct FollowLinkTests {
  @Test func followsASymbolicLinkAndStandardInputByName() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: fixture.directory.appendingPathComponent("current.foldtrace").path,
      withDestinationPath: "duo.foldtrace")
    let whole = try fixture.run(["duo.foldtrace"])
    #expect(whole.status == 0)
    let linked = try fixture.run(["-f", "current.foldtrace"])
    #expect(linked.status == 0, "\(linked.stderr)")
    #expect(linked.stdout == whole.stdout)
    let standardInput = try fixture.run(["-f", "/dev/stdin"], stdin: "duo.foldtrace")
    #expect(standardInput.status == 0, "\(standardInput.stderr)")
    #expect(standardInput.stdout == whole.stdout)
  }
}
