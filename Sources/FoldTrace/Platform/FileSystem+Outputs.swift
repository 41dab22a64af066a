#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `renameat2(2)`'s signature, as `dlsym(3)` finds it in the C library.
private typealias RenameAt2 =
  @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

/// glibc's `renameat2` (2.28 and later), looked up once; nil where the C library has none.
private let systemRenameAt2: RenameAt2? = {
  #if os(Linux)
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
    return unsafeBitCast(symbol, to: RenameAt2.self)
  #else
    return nil
  #endif
}()

private func systemReadLink(_ path: String) -> String? {
  var buffer = [CChar](repeating: 0, count: 4097)
  let count = readlink(path, &buffer, 4096)
  guard count >= 0 else { return nil }
  return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private func systemRealPath(_ path: String) -> String? {
  guard let resolved = realpath(path, nil) else { return nil }
  defer { free(resolved) }
  return String(cString: resolved)
}

private func systemAccessMode(_ descriptor: Int32) -> Int32 { fcntl(descriptor, F_GETFL) }

private func systemSwapUmask(_ mask: mode_t) -> mode_t { umask(mask) }

extension FileSystem {
  /// Exchanges the files `first` and `second` name, both of which must exist, in one step
  /// (`renameat2(2)` with `RENAME_EXCHANGE`): each name then holds the other's file.
  ///
  /// - Throws: ``Errno`` from `renameat2(2)`: `EINVAL` where the file system cannot exchange names,
  ///   `ENOSYS` where the kernel or the C library has no `renameat2`; `ENOENT` when either name is gone.
  package static func exchange(_ first: String, _ second: String) throws(Errno) {
    guard let renameAt2 = systemRenameAt2 else { throw Errno.noFunction }
    let exchange: UInt32 = 1 << 1  // RENAME_EXCHANGE
    if renameAt2(AT_FDCWD, first, AT_FDCWD, second, exchange) != 0 { throw Errno.current }
  }

  /// The descriptor a path names when it is one of the system's names for this process's own open
  /// descriptors: `/dev/stdin` (0), `/dev/stdout` (1), `/dev/stderr` (2), `/dev/fd/N`,
  /// `/proc/self/fd/N`, `/proc/thread-self/fd/N`, `/proc/PID/fd/N` for this process's PID and
  /// `/proc/PID/task/TID/fd/N` for one of its threads — the path itself, the path with its directory
  /// resolved (`/dev/fd/../fd/N`, `/proc/self/root/dev/stdin`), or any symbolic link on the way to its
  /// file. Opening such a name opens the file anew (from offset 0, without `O_APPEND`): output meant for
  /// the descriptor is written to the descriptor itself instead.
  ///
  /// - Returns: N; nil for any other path (another process's descriptor included).
  /// - Complexity: One `readlink(2)` and one `realpath(3)` per symbolic link followed, up to 40.
  package static func descriptorAlias(_ path: String) -> Int32? {
    var current = path
    for _ in 0..<40 {
      if let descriptor = descriptorNumber(named: current) { return descriptor }
      let name = current.split(separator: "/").last.map(String.init) ?? ""
      if !name.isEmpty, name != ".", name != "..", let directory = systemRealPath(directory(of: current)),
        let descriptor = descriptorNumber(named: directory + "/" + name)
      {
        return descriptor
      }
      guard let link = systemReadLink(current) else { return nil }
      current = link.hasPrefix("/") ? link : directory(of: current) + "/" + link
    }
    return nil
  }

  /// N when `path`, its repeated slashes and `.` components removed, is one of the names
  /// ``descriptorAlias(_:)`` lists.
  private static func descriptorNumber(named path: String) -> Int32? {
    let parts = path.split(separator: "/").filter { $0 != "." }
    guard path.hasPrefix("/") else { return nil }
    switch parts.count {
    case 2 where parts[0] == "dev":
      return ["stdin": 0, "stdout": 1, "stderr": 2][String(parts[1])]
    case 3 where parts[0] == "dev" && parts[1] == "fd":
      return number(parts[2])
    case 4 where parts[0] == "proc" && parts[2] == "fd":
      let owner = parts[1]
      guard owner == "self" || owner == "thread-self" || number(owner) == getpid() else { return nil }
      return number(parts[3])
    case 6 where parts[0] == "proc" && parts[2] == "task" && parts[4] == "fd":
      // A thread's table is the process's: one of this process's threads, listed under its PID.
      let owner = parts[1]
      guard owner == "self" || number(owner) == getpid(), number(parts[3]) != nil,
        (try? status("/proc/\(getpid())/task/\(parts[3])")) != nil
      else { return nil }
      return number(parts[5])
    default:
      return nil
    }
  }

  /// The decimal digits `text` holds as a descriptor number; nil for anything else (a sign, a space, a
  /// number beyond `Int32`).
  private static func number(_ text: Substring) -> Int32? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return Int32(text)
  }

  /// The process's file mode creation mask (`umask`): from `/proc/self/status`'s `Umask:` line, which
  /// reads it without changing it; where that is missing, by setting it and setting it back.
  package static func creationMask() -> UInt16 {
    if let descriptor = try? FileDescriptor.open("/proc/self/status", .readOnly) {
      defer { descriptor.close() }
      var buffer = [UInt8](repeating: 0, count: 4096)
      if let count = try? descriptor.read(into: &buffer) {
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("Umask:") {
          let digits = line.dropFirst(6).drop { $0 == " " || $0 == "\t" }
          if let mask = UInt16(digits, radix: 8) { return mask }
        }
      }
    }
    let mask = systemSwapUmask(0o022)
    _ = systemSwapUmask(mask)
    return UInt16(truncatingIfNeeded: mask)
  }
}

extension FileDescriptor {
  /// Whether the descriptor was opened for writing (`fcntl(2)` `F_GETFL`: `O_WRONLY` or `O_RDWR`);
  /// false for a descriptor that is not open.
  package var isOpenForWriting: Bool {
    let flags = systemAccessMode(rawValue)
    return flags >= 0 && flags & O_ACCMODE != O_RDONLY
  }
}
