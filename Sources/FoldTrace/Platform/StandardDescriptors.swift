import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

private func systemIsOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) >= 0 || errno != EBADF }
private func systemOpenNull(_ flags: Int32) -> Int32 { open("/dev/null", flags | O_NOCTTY) }
private func systemMove(_ descriptor: Int32, to target: Int32) -> Int32 { dup2(descriptor, target) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemIgnore(_ number: Int32) { _ = signal(number, SIG_IGN) }

/// Reserves the numbers of standard input, output and error (0, 1, 2) that the process was started
/// with closed (`tool <&-`, `>&-`, `2>&-`): each is opened on `/dev/null` so that no file the process
/// opens later takes its number (a trace opened as descriptor 1 would receive the report printed to
/// standard output). They stay unusable as they were: 0 is opened write-only, so a read fails with
/// `EBADF`; 1 and 2 read-only, so a write fails with `EBADF`. Open descriptors are left as they are.
///
/// Call it first thing in `main`, before any file is opened.
///
/// - Complexity: At most three `fcntl(2)` calls and three `open(2)`s.
package func reserveStandardDescriptors() {
  for descriptor: Int32 in 0...2 where !systemIsOpen(descriptor) {
    reservedDescriptors.bitwiseOr(1 << descriptor, ordering: .relaxed)
    let opened = systemOpenNull(descriptor == 0 ? O_WRONLY : O_RDONLY)
    // `open` takes the lowest free number, which is this one: every lower one is open by now. Should
    // it be another, it is moved onto this one.
    guard opened >= 0, opened != descriptor else { continue }
    _ = systemMove(opened, to: descriptor)
    _ = systemClose(opened)
  }
}

/// The standard descriptors ``reserveStandardDescriptors()`` found closed: bit n for descriptor n.
private let reservedDescriptors = Atomic<UInt8>(0)

/// Whether `descriptor` (0, 1 or 2) was closed when the process started and is held on `/dev/null` by
/// ``reserveStandardDescriptors()``: an output named through it (`-o /dev/stdin` with `<&-`) has
/// nowhere to go.
package func isReservedStandardDescriptor(_ descriptor: Int32) -> Bool {
  (0...2).contains(descriptor) && reservedDescriptors.load(ordering: .relaxed) & (1 << descriptor) != 0
}

/// Whether ``reserveStandardDescriptors()`` found any standard descriptor closed.
package func hasReservedStandardDescriptors() -> Bool { reservedDescriptors.load(ordering: .relaxed) != 0 }

/// Makes writes past a closed pipe (SIGPIPE) or past the file size limit (`ulimit -f`, SIGXFSZ) fail
/// with `EPIPE` or `EFBIG` instead of ending the process, for a command that must report its status
/// after it changed a file (`tracecat recover`).
package func ignoreWriteSignals() {
  systemIgnore(SIGPIPE)
  systemIgnore(SIGXFSZ)
}
