#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The path operations, one C call each, made at file scope where the C names are not shadowed by
// ``FileSystem``'s own.
private func systemStatus(_ path: String, _ status: inout stat) -> Int32 { stat(path, &status) }
private func systemStatus(ofCString path: UnsafePointer<CChar>, _ status: inout stat) -> Int32 {
  stat(path, &status)
}
private func systemLinkStatus(_ path: String, _ status: inout stat) -> Int32 { lstat(path, &status) }
private func systemAccess(_ path: String, _ mode: Int32) -> Int32 { access(path, mode) }
private func systemLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
private func systemRename(_ old: String, _ new: String) -> Int32 { rename(old, new) }
private func systemUnlink(_ path: String) -> Int32 { unlink(path) }
private func systemRemoveDirectory(_ path: String) -> Int32 { rmdir(path) }
private func systemMakeDirectory(_ path: String, _ permissions: UInt16) -> Int32 {
  mkdir(path, mode_t(permissions))
}

/// What `stat(2)` says of a file: its kind, its size and its identity.
package struct FileStatus: Hashable, Sendable {
  /// What a file is (`st_mode & S_IFMT`).
  package enum Kind: Hashable, Sendable {
    /// `S_IFREG`.
    case regular
    /// `S_IFDIR`.
    case directory
    /// `S_IFIFO`: a pipe or a named pipe.
    case fifo
    /// `S_IFSOCK`.
    case socket
    /// `S_IFCHR`: a terminal, `/dev/null`.
    case characterDevice
    /// `S_IFBLK`: a disk, readable at offsets like a regular file.
    case blockDevice
    /// `S_IFLNK`: only ever the status of the link itself (``FileSystem/linkStatus(_:)``).
    case symbolicLink
    /// Any other type the system has.
    case other
  }

  /// The device and inode numbers: two statuses with the same identity describe the same file, whatever
  /// names or descriptors they were taken through.
  package struct Identity: Hashable, Sendable {
    /// `st_dev`.
    package let device: UInt64
    /// `st_ino`.
    package let inode: UInt64
  }

  /// What the file is.
  package let kind: Kind
  /// `st_size` in bytes: a regular file's length; says nothing of a pipe, socket or device.
  package let size: Int
  /// Which file it is.
  package let identity: Identity
  /// The permission bits, set-user-ID, set-group-ID and sticky bits included (`st_mode & 07777`).
  package let permissions: UInt16

  /// The status `status` describes.
  init(_ status: stat) {
    switch status.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFIFO: kind = .fifo
    case S_IFSOCK: kind = .socket
    case S_IFCHR: kind = .characterDevice
    case S_IFBLK: kind = .blockDevice
    case S_IFLNK: kind = .symbolicLink
    default: kind = .other
    }
    size = Int(status.st_size)
    permissions = UInt16(truncatingIfNeeded: status.st_mode & 0o7777)
    identity = Identity(
      device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
  }
}

/// The operations FoldTrace makes on paths, each one system call (or one C library function) that
/// throws its ``Errno``.
package enum FileSystem {
  /// The `mkstemp(3)` template of a hidden temporary file beside `path`, in the same directory so a
  /// link or rename publishes it: `dir/.NAME.XXXXXX` for `dir/NAME`; with `name`, `dir/.NAME2.XXXXXX`
  /// for another base name in that directory.
  /// - Complexity: O(length of `path`).
  package static func temporaryTemplate(beside path: String, name: String? = nil) -> String {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let base = name ?? slash.map { String(path[path.index(after: $0)...]) } ?? path
    return directory + "." + base + ".XXXXXX"
  }

  /// The directory that holds the entry `path` names: `dir` for `dir/NAME`, `/` for `/NAME`, `.` for a
  /// bare `NAME`.
  /// - Complexity: O(length of `path`).
  package static func directory(of path: String) -> String {
    let slash = path.lastIndex(of: "/")
    return slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
  }

  /// The status of the file `path` names, following symbolic links (`stat(2)`).
  ///
  /// - Throws: ``Errno`` from `stat(2)`: `ENOENT` for no such file or a link to nothing, `ELOOP` for a
  ///   link loop, `ENOTDIR` when a component before the last is not a directory.
  package static func status(_ path: String) throws(Errno) -> FileStatus {
    var status = stat()
    guard systemStatus(path, &status) == 0 else { throw Errno.current }
    return FileStatus(status)
  }

  /// The status of the directory entry `path` names, a symbolic link itself rather than its target
  /// (`lstat(2)`).
  ///
  /// - Throws: ``Errno`` from `lstat(2)`.
  package static func linkStatus(_ path: String) throws(Errno) -> FileStatus {
    var status = stat()
    guard systemLinkStatus(path, &status) == 0 else { throw Errno.current }
    return FileStatus(status)
  }

  /// Why this process may not write the file `path` (`access(2)` with `W_OK`): `EACCES` for its
  /// permissions or a directory's, `EROFS` for a read-only mount, `EPERM` for an immutable file; nil
  /// when it may, or the check itself failed otherwise (no such file: opening it says so).
  package static func writeRefusal(_ path: String) -> Errno? {
    guard systemAccess(path, W_OK) != 0 else { return nil }
    let error = Errno.current
    return [EACCES, EROFS, EPERM].contains(error.rawValue) ? error : nil
  }

  /// Gives the file `existing` a second name, `new` (`link(2)`); never replaces an existing `new`.
  ///
  /// - Throws: ``Errno`` from `link(2)`: `EEXIST` when `new` exists; `EPERM`, `EOPNOTSUPP` or `ENOSYS`
  ///   on a file system without hard links, `EXDEV` across file systems.
  package static func link(_ existing: String, as new: String) throws(Errno) {
    if systemLink(existing, new) != 0 { throw Errno.current }
  }

  /// Renames `old` to `new` in one step (`rename(2)`), replacing a file (or an empty directory) at `new`.
  ///
  /// - Throws: ``Errno`` from `rename(2)`: `ENOTEMPTY` or `EEXIST` onto a directory that holds entries,
  ///   `ENOTDIR` or `EISDIR` between a directory and a file.
  package static func rename(_ old: String, to new: String) throws(Errno) {
    if systemRename(old, new) != 0 { throw Errno.current }
  }

  /// Removes the name `path` (`unlink(2)`); the file goes with its last name and last descriptor.
  ///
  /// - Throws: ``Errno`` from `unlink(2)`.
  package static func remove(_ path: String) throws(Errno) {
    if systemUnlink(path) != 0 { throw Errno.current }
  }

  /// Removes the empty directory `path` (`rmdir(2)`).
  ///
  /// - Throws: ``Errno`` from `rmdir(2)` (`ENOTEMPTY` while it holds entries).
  package static func removeDirectory(_ path: String) throws(Errno) {
    if systemRemoveDirectory(path) != 0 { throw Errno.current }
  }

  /// Creates the directory `path` (`mkdir(2)`) with `permissions` less the umask.
  ///
  /// - Throws: ``Errno`` from `mkdir(2)` (`EEXIST` when the name exists, whatever it names).
  package static func makeDirectory(_ path: String, permissions: UInt16) throws(Errno) {
    if systemMakeDirectory(path, permissions) != 0 { throw Errno.current }
  }

  /// The absolute path of `path` with every symbolic link, `.` and `..` resolved (`realpath(3)`); nil
  /// when it cannot be resolved (a missing file, a link loop).
  package static func resolved(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }

  /// The names of the entries in the directory `path`, `.` and `..` left out, as the bytes the
  /// file system holds (`opendir(3)`, `readdir(3)`), in the order it lists them. A name need not be
  /// UTF-8: decoding it as a `String` would turn such bytes into U+FFFD, the name of another file.
  ///
  /// - Throws: ``Errno`` from `opendir(3)` or `readdir(3)`.
  /// - Complexity: O(n) in the total length of the names.
  package static func entryNames(ofDirectory path: String) throws(Errno) -> [[UInt8]] {
    guard let directory = opendir(path) else { throw Errno.current }
    defer { closedir(directory) }
    var names: [[UInt8]] = []
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 { throw Errno.current }
        return names
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
    }
  }

  /// The status of the entry `name` (bytes, not necessarily UTF-8) of the directory `directory`,
  /// following a symbolic link (`stat(2)`): how an entry whose name is not a `String` is examined.
  ///
  /// - Throws: ``Errno`` from `stat(2)`.
  package static func status(ofEntry name: [UInt8], inDirectory directory: String) throws(Errno)
    -> FileStatus
  {
    let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name + [0]
    var status = stat()
    let result = path.withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { systemStatus(ofCString: $0.baseAddress!, &status) }
    }
    guard result == 0 else { throw Errno.current }
    return FileStatus(status)
  }

  /// How many entries the directory `path` holds, `.` and `..` not counted (`opendir(3)`, `readdir(3)`).
  ///
  /// - Throws: ``Errno`` from `opendir(3)`.
  /// - Complexity: O(n) in the number of entries.
  package static func entryCount(ofDirectory path: String) throws(Errno) -> Int {
    guard let directory = opendir(path) else { throw Errno.current }
    defer { closedir(directory) }
    var entries = 0
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != [0x2E] && name != [0x2E, 0x2E] { entries += 1 }
    }
    return entries
  }
}
