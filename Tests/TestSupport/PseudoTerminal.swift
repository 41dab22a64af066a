import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The C library's pseudo-terminal calls, looked up with `dlsym(3)`: Glibc's module leaves them out (they
/// need `_XOPEN_SOURCE`).
private enum TerminalCalls {
  typealias OpenMaster = @convention(c) (Int32) -> Int32
  typealias OnMaster = @convention(c) (Int32) -> Int32
  typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  static func symbol<T>(_ name: String, as type: T.Type) -> T? {
    guard let handle = dlopen(nil, RTLD_NOW), let found = dlsym(handle, name) else { return nil }
    return unsafeBitCast(found, to: type)
  }
}

/// A pseudo-terminal for tests that run a child with a terminal on its standard output: the master
/// end stays open here (a write to the other end fails with `EIO` once it is closed), and the child is
/// given the other end's path (``ChildProcess/Output/path(_:)``).
public final class PseudoTerminal {
  /// The master end (`posix_openpt(3)`).
  public let master: Int32
  /// The path of the terminal end (`ptsname(3)`): `/dev/pts/N`.
  public let path: String

  /// Opens a new pseudo-terminal (`posix_openpt`, `grantpt`, `unlockpt`, `ptsname`).
  ///
  /// - Throws: `POSIXError` with the failing call's `errno` where pseudo-terminals cannot be made.
  public init() throws {
    guard let openMaster = TerminalCalls.symbol("posix_openpt", as: TerminalCalls.OpenMaster.self),
      let grant = TerminalCalls.symbol("grantpt", as: TerminalCalls.OnMaster.self),
      let unlock = TerminalCalls.symbol("unlockpt", as: TerminalCalls.OnMaster.self),
      let name = TerminalCalls.symbol("ptsname", as: TerminalCalls.Name.self)
    else { throw POSIXError(.ENOSYS) }
    let master = openMaster(O_RDWR | O_NOCTTY)
    guard master >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENODEV) }
    guard grant(master) == 0, unlock(master) == 0, let terminal = name(master) else {
      let error = POSIXErrorCode(rawValue: errno) ?? .ENODEV
      close(master)
      throw POSIXError(error)
    }
    self.master = master
    path = String(cString: terminal)
  }

  deinit { close(master) }
}
