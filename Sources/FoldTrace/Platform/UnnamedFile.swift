#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if os(Linux)
  /// `open(2)` of a new file with no name in `directory` (`O_TMPFILE`), read-write, close-on-exec; at
  /// file scope, where `open` is not ``FileDescriptor``'s.
  private func systemOpenUnnamed(_ directory: String, _ permissions: UInt16) -> Int32 {
    // O_TMPFILE is `__O_TMPFILE | O_DIRECTORY`; Swift does not import the macro.
    let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY
    return open(directory, O_RDWR | O_CLOEXEC | temporaryFile, mode_t(permissions))
  }
#endif

/// `linkat(2)` that follows `existing` when it is a symbolic link: `/proc/self/fd/N` is one, to the file
/// open as descriptor N, with no name or not.
private func systemLinkFollowing(_ existing: String, _ new: String) -> Int32 {
  linkat(AT_FDCWD, existing, AT_FDCWD, new, AT_SYMLINK_FOLLOW)
}

extension FileDescriptor {
  /// Opens a new regular file with no name in `directory` (`open(2)` with `O_TMPFILE`), for reading and
  /// writing, close-on-exec, with `permissions` less the umask, retrying when interrupted. Nothing of it
  /// outlives its last descriptor unless it is given a name (``UnnamedFile/link(as:)``).
  ///
  /// - Returns: The descriptor; the caller closes it.
  /// - Throws: ``Errno`` from `open(2)`: `EOPNOTSUPP` where the file system makes no such file (and on
  ///   systems other than Linux), `EISDIR` or `EINVAL` from kernels older than 3.11; `ENOENT`, `EACCES`,
  ///   `EROFS` as for any new file.
  package static func openUnnamed(inDirectory directory: String, permissions: UInt16) throws(Errno)
    -> FileDescriptor
  {
    #if os(Linux)
      while true {
        let descriptor = systemOpenUnnamed(directory, permissions)
        if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
        let error = Errno.current
        if error != .interrupted { throw error }
      }
    #else
      throw Errno.notSupported
    #endif
  }
}

/// Whether new outputs are made as files with no name, and where the process finds a path to such a
/// file to name it by.
package struct UnnamedFiles: Hashable, Sendable {
  /// The directory whose entry `N` is a link to the file open as descriptor `N` (`/proc/self/fd`); nil
  /// when no file is made without a name.
  package let descriptorDirectory: String?
  /// For tests of a file system without hard links: what every ``UnnamedFile/link(as:)`` fails with
  /// instead of linking; nil for the system's answer.
  package let linkFailure: Errno?

  /// Unnamed files reached through `descriptorDirectory` (nil: none are made), each link failing with
  /// `linkFailure` when one is given.
  package init(descriptorDirectory: String?, linkFailure: Errno? = nil) {
    self.descriptorDirectory = descriptorDirectory
    self.linkFailure = linkFailure
  }

  /// The system's: `/proc/self/fd` on Linux; none elsewhere, where `O_TMPFILE` does not exist.
  package static var system: UnnamedFiles {
    #if os(Linux)
      UnnamedFiles(descriptorDirectory: "/proc/self/fd")
    #else
      UnnamedFiles(descriptorDirectory: nil)
    #endif
  }

  /// None: every caller takes its named fallback, as on a file system without `O_TMPFILE`.
  package static var unavailable: UnnamedFiles { UnnamedFiles(descriptorDirectory: nil) }
}

/// A new regular file open with no name in a directory, which ``link(as:)`` names when it is complete.
/// Until then nothing of it is in the directory, so a process that ends first — however it ends, SIGKILL
/// and a power cut included — leaves nothing behind; its blocks are freed with its last descriptor.
package struct UnnamedFile: Sendable {
  /// The file, open for reading and writing, close-on-exec; the caller closes it.
  package let descriptor: FileDescriptor
  /// `DIRECTORY/N`: a link to the file while ``descriptor`` is open.
  private let descriptorPath: String
  private let linkFailure: Errno?

  private init(descriptor: FileDescriptor, descriptorPath: String, linkFailure: Errno?) {
    self.descriptor = descriptor
    self.descriptorPath = descriptorPath
    self.linkFailure = linkFailure
  }

  /// Opens a new file with no name in `directory` (``FileDescriptor/openUnnamed(inDirectory:permissions:)``)
  /// and checks that `support`'s descriptor directory leads to it (same device and inode), as
  /// ``link(as:)`` will need.
  ///
  /// - Parameters:
  ///   - directory: Where the file is made, and where its name must be.
  ///   - permissions: Its permissions, less the umask.
  ///   - support: Whether, and through which directory, unnamed files are made (default: the system's).
  /// - Returns: The file; nil when one cannot be made so — `support` makes none, the file system has no
  ///   `O_TMPFILE`, the descriptor directory does not lead to the file (`/proc` not mounted), or the open
  ///   failed for any other reason. The caller then makes a named temporary file, whose failure, if it
  ///   fails too, is the one to report.
  /// - Complexity: Three system calls (`open`, `fstat`, `stat`).
  package static func create(
    inDirectory directory: String, permissions: UInt16, support: UnnamedFiles = .system
  ) -> UnnamedFile? {
    guard let descriptors = support.descriptorDirectory,
      let descriptor = try? FileDescriptor.openUnnamed(inDirectory: directory, permissions: permissions)
    else { return nil }
    let path = descriptors + "/" + String(descriptor.rawValue)
    guard let opened = try? descriptor.status(), let reached = try? FileSystem.status(path),
      opened.identity == reached.identity
    else {
      descriptor.close()
      return nil
    }
    return UnnamedFile(descriptor: descriptor, descriptorPath: path, linkFailure: support.linkFailure)
  }

  /// Gives the file its first name, `path` (`linkat(2)` of `DIRECTORY/N`, following it to the file).
  /// Never replaces anything at `path`; the file keeps no other name. Call it at most once.
  ///
  /// - Throws: ``Errno`` from `linkat(2)`: `EEXIST` when `path` exists (a dangling symbolic link
  ///   included); `EPERM`, `EOPNOTSUPP` or `ENOSYS` on a file system without hard links; `ENOENT` when
  ///   `path`'s directory is gone.
  package func link(as path: String) throws(Errno) {
    if let linkFailure { throw linkFailure }
    if systemLinkFollowing(descriptorPath, path) != 0 { throw Errno.current }
  }

  /// Gives the file a new name from `template`, a path ending in `XXXXXX` whose six `X`s are replaced
  /// by letters and digits making a name that did not exist, as `mkstemp(3)` names a file: a name taken
  /// meanwhile is passed over for another (up to 100).
  ///
  /// - Returns: The name given.
  /// - Throws: ``Errno`` from ``link(as:)`` (`ENAMETOOLONG` when the name is too long for the file
  ///   system); `EINVAL` when `template` does not end in `XXXXXX`; `EEXIST` when 100 names were taken.
  package func linkUnique(fromTemplate template: String) throws(Errno) -> String {
    guard template.hasSuffix("XXXXXX") else { throw Errno.invalidArgument }
    let stem = String(template.dropLast(6))
    let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      let name = stem + String((0..<6).map { _ in characters.randomElement(using: &generator)! })
      do throws(Errno) {
        try link(as: name)
        return name
      } catch {
        if error != .fileExists { throw error }
      }
    }
    throw Errno.fileExists
  }
}
