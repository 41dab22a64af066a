import FoldSim
import FoldTrace

#if canImport(Glibc)
  import Glibc
#endif

/// `crashrecorder soak`: the crash-soak driver (Tools/crash-soak). Starts `crashrecorder record`, kills
/// it with `SIGKILL` after a seeded random delay, and checks the trace it left:
///
/// 1. it opens (unless the child died before writing its header: then nothing may have been acknowledged);
/// 2. reading it returns at least every acknowledged event, before any torn tail;
/// 3. `tracecat recover` (or `TraceRecovery.recover` without `--tracecat`) succeeds, then
///    `tracecat verify` and `zstd -t` pass;
/// 4. the recovered trace holds exactly a prefix of the script the child followed, at least as long as the
///    last acknowledged count: no event acknowledged by a completed durable point is lost.
///
/// A new session is recorded through `SessionRecorder` and acknowledged after `synchronize()` returns;
/// every third run appends to the previous run's recovered trace instead, through
/// `TraceWriter(appendingTo:)`, acknowledged after `flush()` (``RecordCommand``).
enum SoakCommand {
  /// Totals over all kills.
  struct Tally {
    var kills = 0
    /// Events acknowledged by runs that recorded through `SessionRecorder` (the others appended).
    var acknowledgedByRecorder = 0
    var killedMidSession = 0
    var finishedBeforeKill = 0
    var beforeHeader = 0
    var emptyFiles = 0
    var appended = 0
    var readable = 0
    var recovered = 0
    var verified = 0
    var zstdOK = 0
    var acknowledged = 0
    var lostAfterFlush = 0
    var mismatched = 0
    var bytesDropped = 0
    var failures: [String] = []
  }

  /// Runs the soak.
  /// - Returns: Whether every check held.
  static func run(_ arguments: Arguments) throws -> Bool {
    let kills: Int = try arguments.integer("kills", default: 20)
    let seed: UInt64 = try arguments.integer("seed", default: 2026)
    let work = try arguments.string("work")
    let tracecat = arguments.flag("no-tracecat") ? nil : try? arguments.string("tracecat")
    let zstd = try arguments.string("zstd", default: "/usr/bin/zstd")
    let maxDelay: UInt32 = try arguments.integer("max-delay-us", default: 250_000)
    let child = ChildProcess.currentExecutable
    var random = SplitMix64(seed: seed)
    var tally = Tally()
    var previous: (path: String, events: [TraceEvent])?
    for kill in 0..<kills {
      let runSeed = random.next() >> 1
      let delay = UInt32(random.next() % UInt64(maxDelay))
      let append = kill % 3 == 2 && previous.map { !$0.events.isEmpty } == true
      let path = append ? previous!.path : "\(work)/soak-\(kill).foldtrace"
      let acks = "\(work)/soak-\(kill).acks"
      let before = append ? previous!.events : []
      var argv = [child, "record", "--out", path, "--acks", acks, "--seed", "\(runSeed)"]
      if append { argv.append("--append") }
      let process = try ChildProcess(argv, log: "\(work)/soak.log")
      usleep(delay)
      process.kill()
      let exit = process.wait()
      tally.kills += 1
      if exit == nil { tally.killedMidSession += 1 } else { tally.finishedBeforeKill += 1 }
      if append { tally.appended += 1 }
      let label = "kill \(kill) (seed \(runSeed), \(delay) µs\(append ? ", append" : ""))"
      let acknowledged = lastAcknowledged(acks)
      tally.acknowledged += acknowledged
      if !append { tally.acknowledgedByRecorder += acknowledged }
      let startTime = (before.last?.time).map { $0 + 1 } ?? 0
      let outcome = check(
        path: path, label: label, acknowledged: acknowledged, before: before,
        expected: { SessionScript.events(seed: runSeed, startTime: startTime, count: $0) },
        tracecat: tracecat, zstd: zstd, tally: &tally)
      if let old = previous?.path, old != path, !arguments.flag("keep") { unlink(old) }
      unlink(acks)
      previous = outcome.map { (path, $0) }
      if kill % 50 == 49 { print(summary(tally, seed: seed)) }
    }
    print(summary(tally, seed: seed))
    for failure in tally.failures.prefix(20) { printError("crash-soak: FAILED \(failure)") }
    return tally.failures.isEmpty
  }

  /// The last count the child acknowledged (0 without one).
  static func lastAcknowledged(_ path: String) -> Int {
    guard let bytes = try? TraceFileBytes.read(path) else { return 0 }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    return lines.last.flatMap { Int($0) } ?? 0
  }

  /// Checks one killed run; returns the recovered trace's events, or nil when the run left no trace.
  static func check(
    path: String, label: String, acknowledged: Int, before: [TraceEvent], expected: (Int) -> [TraceEvent],
    tracecat: String?, zstd: String, tally: inout Tally
  ) -> [TraceEvent]? {
    func fail(_ reason: String) -> [TraceEvent]? {
      tally.failures.append("\(label): \(reason)")
      return nil
    }
    let size = (try? TraceFileBytes.read(path).count) ?? 0
    if size == 0 && before.isEmpty {
      tally.beforeHeader += 1
      if access(path, F_OK) == 0 { tally.emptyFiles += 1 }
      return acknowledged == 0 ? nil : fail("no trace, but \(acknowledged) events were acknowledged")
    }
    // 1–2. It opens, and reading returns every acknowledged event before any torn tail.
    let torn: [TraceEvent]
    do {
      let reader = try TraceReader(path: path)
      var events: [TraceEvent] = []
      do {
        while let frame = try reader.nextFrame() { events += frame.events }
      } catch {
        guard error.code == .truncated || error.code == .corrupt else { return fail("read: \(error)") }
      }
      torn = events
    } catch {
      return fail("does not open: \(error)")
    }
    tally.readable += 1
    // 3. Recover, verify, zstd -t.
    var repaired = false
    if let tracecat {
      // 0: nothing to repair; 4: repaired (a torn tail dropped or a seek table appended); 1: refused.
      let status = try? ChildProcess.run([tracecat, "recover", path])
      guard status == 0 || status == 4 else {
        return fail("tracecat recover exited \(status.map(String.init) ?? "by a signal")")
      }
      repaired = status == 4
    } else {
      do {
        tally.bytesDropped += try TraceRecovery.recover(path: path).bytesDropped
      } catch {
        return fail("recover: \(error)")
      }
    }
    tally.recovered += 1
    if let tracecat {
      guard (try? ChildProcess.run([tracecat, "verify", path])) == 0 else {
        return fail("tracecat verify failed")
      }
    }
    var recovered: [TraceEvent]
    do {
      recovered = try TraceReader.readAll(path: path).events
    } catch {
      return fail("the recovered trace does not read: \(error)")
    }
    tally.verified += 1
    guard (try? ChildProcess.run([zstd, "-t", "-q", path])) == 0 else { return fail("zstd -t failed") }
    tally.zstdOK += 1
    // 4. Nothing acknowledged is lost; nothing else changed. `tracecat recover` ends a trace it
    // repaired with a `cut` record (the session stopped there), which the next session appends after.
    let marked = recovered
    if repaired {
      guard recovered.last?.payload == .cut else { return fail("tracecat recover did not mark the cut") }
      recovered.removeLast()
    }
    guard recovered == torn else {
      return fail("recover changed the events (\(torn.count) → \(recovered.count))")
    }
    guard recovered.count >= before.count, Array(recovered.prefix(before.count)) == before else {
      tally.mismatched += 1
      return fail("the previous session's \(before.count) events are not intact")
    }
    let new = Array(recovered.dropFirst(before.count))
    if new.count < acknowledged {
      tally.lostAfterFlush += acknowledged - new.count
      return fail("\(acknowledged) events acknowledged, \(new.count) in the trace")
    }
    guard new == expected(new.count) else {
      tally.mismatched += 1
      return fail("the trace's events differ from the script")
    }
    return marked
  }

  static func summary(_ t: Tally, seed: UInt64) -> String {
    """
    crash-soak seed \(seed): \(t.kills) kills (\(t.killedMidSession) by SIGKILL, \(t.finishedBeforeKill) finished \
    first, \(t.beforeHeader) before the header (\(t.emptyFiles) left an empty file), \(t.appended) appending to a recovered trace)
      traces readable \(t.readable)/\(t.kills - t.beforeHeader), recovered \(t.recovered), verify ok \(t.verified), \
    zstd -t ok \(t.zstdOK)
      events acknowledged \(t.acknowledged) (\(t.acknowledgedByRecorder) by SessionRecorder.synchronize(), \
    \(t.acknowledged - t.acknowledgedByRecorder) by TraceWriter.flush() when appending), lost after \
    acknowledgement \(t.lostAfterFlush), mismatched \(t.mismatched), failures \(t.failures.count)
    """
  }
}

/// Whole-file reads for the harness.
enum TraceFileBytes {
  /// The bytes of the file at `path`.
  /// - Throws: ``HarnessError`` when it cannot be opened.
  static func read(_ path: String) throws -> [UInt8] {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { throw HarnessError("cannot open \(path)") }
    defer { close(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      guard let n = try? FileDescriptor(rawValue: file).read(into: &chunk), n > 0 else { break }
      bytes += chunk[..<n]
    }
    return bytes
  }
}
