import FoldTrace

/// Finds the traces `tracecat replay` was pointed at and slices them for sharding.
enum ReplayInputs {
  /// The trace files named or found under directories, and the paths that could not be searched.
  struct Found {
    /// Trace files, sorted by path, without duplicates.
    var files: [String]
    /// Entries under a directory that could not be listed or examined (an unreadable directory, a
    /// symbolic-link loop, a trace or directory whose name is not UTF-8), in the order met, each with
    /// its error: they may hold traces, so the command must not report success.
    var unreadable: [TracecatError]
  }

  /// The trace files named or found under directories (recursively, `*.foldtrace`), sorted by path
  /// without duplicates. A named file is taken whatever its extension. A directory search skips every
  /// subdirectory named ``knownBadDirectory`` (the corpus's deliberately failing recordings), so
  /// `replay Traces` checks what must pass; name that directory itself to run it. Symbolic links under a
  /// directory are followed once to a directory, never back into one being searched; a dangling link
  /// named `*.foldtrace` is taken (reading it then fails by name). An entry whose name is not UTF-8 is
  /// never opened under another name: a `*.foldtrace` or a directory is reported as unreadable, named
  /// with its bytes escaped (`traces/t\xFF.foldtrace`). `-` is standard input.
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` when a named path does not exist.
  /// - Complexity: O(entries under the directories).
  static func traceFiles(in paths: [String]) throws -> Found {
    var walk = DirectoryWalk()
    for path in paths {
      if path == "-" {  // Standard input, read once (InputSource.standardInputTrace()).
        walk.files.insert(path)
        continue
      }
      let status: FileStatus
      do throws(Errno) {
        status = try FileSystem.status(path)
      } catch {
        throw TracecatError.io(file: path, reason: error.description)
      }
      guard status.kind == .directory else {
        walk.files.insert(path)
        continue
      }
      walk.search(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, status)
    }
    let files = walk.files.sorted()
    // A trace found under a directory can be where standard output goes (`replay D >> D/a.foldtrace`):
    // refused as a named one is, before anything is read or printed.
    do throws(TraceError) {
      try OutputFile.refuseStandardOutput(onto: files)
    } catch {
      throw TracecatError.io(file: InputSource.displayName(error.file), reason: error.reason)
    }
    return Found(files: files, unreadable: walk.unreadable)
  }

  /// A depth-first search for `*.foldtrace` files that records what it could not search.
  private struct DirectoryWalk {
    var files: Set<String> = []
    var unreadable: [TracecatError] = []
    /// The directories on the current path (device, inode), so a link back into one is not followed.
    private var ancestors: [FileStatus.Identity] = []

    mutating func search(_ directory: String, _ status: FileStatus) {
      guard !ancestors.contains(status.identity) else { return }
      // Sorted by name; a name that is not UTF-8 by its escaped form, so the order never depends on
      // the order the file system lists them.
      var entries: [(key: String, name: String?, bytes: [UInt8])] = []
      do throws(Errno) {
        for bytes in try FileSystem.entryNames(ofDirectory: directory) {
          let name = String(validating: bytes, as: UTF8.self)
          entries.append((name ?? DisplayText.bytes(bytes), name, bytes))
        }
      } catch {
        unreadable.append(.io(file: directory, reason: "cannot list this directory: \(error)"))
        return
      }
      entries.sort { $0.key < $1.key }
      ancestors.append(status.identity)
      defer { ancestors.removeLast() }
      for listed in entries {
        guard let name = listed.name else {
          searchNonUTF8(listed.bytes, in: directory)
          continue
        }
        let path = directory + "/" + name
        var entry: FileStatus
        do throws(Errno) {
          entry = try FileSystem.linkStatus(path)
        } catch {
          unreadable.append(.io(file: path, reason: error.description))
          continue
        }
        if entry.kind == .symbolicLink {
          do throws(Errno) {
            entry = try FileSystem.status(path)
          } catch {
            if error == .noSuchFileOrDirectory {
              if name.hasSuffix(".foldtrace") { files.insert(path) }
            } else {
              unreadable.append(.io(file: path, reason: error.description))
            }
            continue
          }
        }
        if entry.kind == .directory {
          if name != ReplayInputs.knownBadDirectory { search(path, entry) }
        } else if name.hasSuffix(".foldtrace") {
          files.insert(path)
        }
      }
    }

    /// An entry whose name is not UTF-8. A path is a `String` from here on, which would turn those
    /// bytes into U+FFFD and name another file (or none), so the entry is never opened: when the search
    /// would take it — a name ending in `.foldtrace`, or a directory (through a link or not) that may
    /// hold traces — it is reported as unreadable, named by the directory and its bytes escaped as an
    /// argument's are (`traces/t\xFF.foldtrace`). Any other such entry is skipped, as every file not
    /// named `*.foldtrace` is.
    private mutating func searchNonUTF8(_ name: [UInt8], in directory: String) {
      let shown = directory + "/" + DisplayText.bytes(name)
      func refuse(_ what: String) {
        unreadable.append(
          .io(
            file: shown,
            reason: "\(what): its name is not valid UTF-8 (file names are read as UTF-8); rename it, or name "
              + "it through a link whose name is UTF-8"))
      }
      if name.count >= 10 && name.suffix(10).elementsEqual(".foldtrace".utf8) {
        refuse("not read")
        return
      }
      do throws(Errno) {
        if try FileSystem.status(ofEntry: name, inDirectory: directory).kind == .directory {
          refuse("not searched")
        }
      } catch {
        // Neither a trace's name nor a directory that can be searched (a dangling link): nothing to read.
        if error != .noSuchFileOrDirectory { unreadable.append(.io(file: shown, reason: error.description)) }
      }
    }
  }

  /// Prints what could not be searched to standard error and, when nothing was found, says so.
  ///
  /// - Returns: The status so far: I/O (3) when anything could not be searched or nothing was found.
  static func report(_ found: Found, paths: [String], console: Console) -> ExitStatus {
    var status = ExitStatus.success
    for problem in found.unreadable { status = status.worse(ErrorRenderer.report(problem, to: console)) }
    if found.files.isEmpty {
      let none = TracecatError.io(file: paths.joined(separator: " "), reason: "no .foldtrace files found")
      status = status.worse(ErrorRenderer.report(none, to: console))
    }
    return status
  }

  /// The name of a directory a search skips: recordings kept because they fail.
  static let knownBadDirectory = "known-bad"

  /// The `index`-th (from 1) of `count` contiguous slices of `files`: slice k holds the files from
  /// ⌊(k−1)·n/count⌋ up to ⌊k·n/count⌋, so every file is in exactly one slice and sizes differ by at
  /// most one. The products are taken at double width, so any 1 ≤ index ≤ count up to `Int.max` is exact.
  ///
  /// - Complexity: O(n) to copy the slice.
  static func slice(_ files: [String], shard index: Int, of count: Int) -> [String] {
    precondition(1 <= index && index <= count, "the command validates 1 ≤ K ≤ N")
    func bound(_ k: Int) -> Int {
      // k·n/count ≤ n, so the quotient fits and dividingFullWidth cannot overflow.
      count.dividingFullWidth(k.multipliedFullWidth(by: files.count)).quotient
    }
    return Array(files[bound(index - 1)..<bound(index)])
  }
}
