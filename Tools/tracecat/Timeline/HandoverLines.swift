import FoldReplay
import FoldTrace

/// A connection of a shown scene placed in a plot's lane, as handover lines name it: 32 bytes.
struct PlacedConnection: Sendable, Equatable {
  /// Its place in the order connections were placed in lanes (by start, scene, connection).
  var index: Int
  /// When it connected, in nanoseconds (stamped the filter's `from` when earlier).
  var start: UInt64
  var scene: SceneID
  /// Its lane's index in ``SessionTimeline/plotLanes`` (the order lanes opened).
  var lane: UInt16
  /// Its lane's number on its display (1 for the display's first lane).
  var laneNumber: UInt16
  /// ``DisplayRole/allCases`` index of its display.
  var displayIndex: UInt8

  var display: DisplayRole { DisplayRole.allCases[Int(displayIndex)] }

  /// Where its lane is drawn among the lanes: displays in ``DisplayRole`` order, then by number (the
  /// order of ``TimelinePlot/laneOrder(_:)``), so a lower rank is drawn higher up.
  var laneRank: (UInt8, UInt16) { (displayIndex, laneNumber) }
}

/// A dashed line of the plot between the scene bands of two lanes: one handover, or the handovers
/// within 4 units of the first of them gathered.
enum HandoverLine: Sendable, Equatable {
  /// One handover, at `time` (ns), from the connection that ended to the one that took its place.
  case single(from: PlacedConnection, to: PlacedConnection, time: UInt64)
  /// `count` handovers from `first` to `last` (ns), drawn at `first` from the bottom of the scene band
  /// of lane `top` to the top of the scene band of lane `bottom` (``SessionTimeline/plotLanes`` indexes).
  case gathered(first: UInt64, last: UInt64, count: Int, top: UInt16, bottom: UInt16)
}

/// Finds a plot's handover lines while the trace is read, in time order, and gathers them as they are
/// found, so a plot keeps O(plot width) lines and no log of its connections.
///
/// A handover joins a connection that ended (at `gone`) on one display to:
/// - the first connection, in placement order, on another display that started within 1 s of `gone`
///   (its *successor*: iPhone Duo opening or closing), at the later of `gone` and its start;
/// - its scene's next connection when that is on another display and is not the successor, at that
///   connection's start.
/// Handovers within 4 units of the first of an open group join it (``HandoverLine/gathered``); a group
/// of one is drawn as ``HandoverLine/single``.
///
/// Every handover is found at the instant it happens: a successor that started by `gone` is among the
/// connections of the last second on its display, a later one is the next connection placed on another
/// display, and a scene's next connection finds its last one among the scenes that left. So lines come
/// in time order and only the open group is held. The connections of the last second are held per
/// display (at most ``crowdLimit``; past it the earliest are forgotten, and a handover whose successor
/// was forgotten goes to the earliest remembered), as are the connections that ended in the last second
/// waiting for a successor (at most ``crowdLimit``; past it the earliest are forgotten and draw no
/// line); the scenes that left are held for their next connection while fewer than ``departedLimit``
/// others left after them (a scene that comes back later draws no line of its own).
struct HandoverFinder: Sendable {
  /// The most connections held per display, of those that started in the last second and of those that
  /// ended in it waiting for a successor.
  static let crowdLimit = 4_096
  /// The most scenes that left held for their next connection: ``FoldReplay/ReplaySummary/sceneLimit``.
  static let departedLimit = ReplaySummary.sceneLimit
  /// How far from the end of a connection its successor may start, in nanoseconds.
  static let reach: UInt64 = 1_000_000_000

  /// A connection that ended, with what its handovers need.
  private struct Ended: Sendable {
    var connection: PlacedConnection
    /// When it ended, in nanoseconds.
    var gone: UInt64
    /// Its successor's ``PlacedConnection/index``, once found.
    var successor: Int?
  }

  /// A queue that drops from its front without moving the rest (compacted when half is dropped).
  private struct Queue<Element: Sendable>: Sendable {
    private var items: [Element] = []
    private var head = 0
    var first: Element? { head < items.count ? items[head] : nil }
    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }
    var elements: ArraySlice<Element> { items[head...] }
    mutating func append(_ item: Element) { items.append(item) }
    mutating func removeFirst() {
      head += 1
      if head == items.count {
        items.removeAll(keepingCapacity: true)
        head = 0
      } else if head >= 1024, head * 2 >= items.count {
        items.removeFirst(head)
        head = 0
      }
    }
    mutating func removeAll() {
      items.removeAll(keepingCapacity: true)
      head = 0
    }
    /// Keeps only the elements `keep` accepts, in order.
    mutating func filter(_ keep: (Element) -> Bool) {
      items = items[head...].filter(keep)
      head = 0
    }
  }

  private let grid: TimeGrid
  /// Per display, the connections that started in the last second, in placement order.
  private var recent = [Queue<PlacedConnection>](
    repeating: Queue(), count: DisplayRole.allCases.count)
  /// Per display, the connections that ended without a successor yet, in the order they ended.
  private var waiting = [Queue<Ended>](repeating: Queue(), count: DisplayRole.allCases.count)
  /// The scenes that left, by scene, each with its last connection, for its next connection.
  private var departed: [SceneID: Ended] = [:]
  /// The scenes in ``departed`` in the order they left (with the index of the connection that left, so
  /// an entry of a scene that has since come back is told apart and skipped).
  private var departures = Queue<(scene: SceneID, index: Int)>()
  /// The lines found and closed, in time order.
  private(set) var lines: [HandoverLine] = []
  /// The open group: its x, first and last time, count, the highest upper lane and the lowest lower
  /// lane of its handovers (as ``PlacedConnection``), and its one handover while it has one.
  private var open:
    (
      x: Double, first: UInt64, last: UInt64, count: Int, top: PlacedConnection, bottom: PlacedConnection,
      single: (from: PlacedConnection, to: PlacedConnection)?
    )?

  init(grid: TimeGrid) { self.grid = grid }

  /// What the finder holds: the connections of the last second and those waiting for a successor (all
  /// displays), and the scenes that left; for tests of its bounds.
  var held: (recent: Int, waiting: Int, departed: Int) {
    (recent.map(\.count).reduce(0, +), waiting.map(\.count).reduce(0, +), departed.count)
  }

  /// A connection was placed in a lane (connections come in placement order, at their start): it is the
  /// successor of the connections on other displays waiting for one, and follows its scene's last
  /// connection.
  /// - Complexity: O(w) for the w connections it is the successor of; O(1) amortized otherwise.
  mutating func placed(_ connection: PlacedConnection) {
    let now = connection.start
    for display in waiting.indices {
      expire(display, at: now)
      guard display != Int(connection.displayIndex) else { continue }
      for ended in waiting[display].elements {
        add(time: now, from: ended.connection, to: connection)
        if departed[ended.connection.scene]?.connection.index == ended.connection.index {
          departed[ended.connection.scene]?.successor = connection.index
        }
      }
      waiting[display].removeAll()
    }
    if let last = departed.removeValue(forKey: connection.scene),
      last.connection.displayIndex != connection.displayIndex, last.successor != connection.index
    {
      add(time: max(last.gone, now), from: last.connection, to: connection)
    }
    let display = Int(connection.displayIndex)
    forget(before: now - min(now, Self.reach))
    recent[display].append(connection)
    if recent[display].count > Self.crowdLimit { recent[display].removeFirst() }
  }

  /// A placed connection ended at `gone` (ns; ends come in time order, after the placements of earlier
  /// instants): its successor is found among the last second's connections on other displays, or it
  /// waits for the next one placed on another display within 1 s.
  /// - Complexity: O(1) amortized.
  mutating func ended(_ connection: PlacedConnection, at gone: UInt64) {
    forget(before: gone - min(gone, Self.reach))
    var successor: PlacedConnection?
    for display in recent.indices where display != Int(connection.displayIndex) {
      guard let first = recent[display].first else { continue }
      if successor.map({ first.index < $0.index }) ?? true { successor = first }
    }
    var entry = Ended(connection: connection, gone: gone)
    if let successor {
      // A connection of the last second started by now: the handover is now.
      add(time: max(gone, successor.start), from: connection, to: successor)
      entry.successor = successor.index
    } else {
      let display = Int(connection.displayIndex)
      expire(display, at: gone)
      waiting[display].append(entry)
      if waiting[display].count > Self.crowdLimit { waiting[display].removeFirst() }
    }
    departed[connection.scene] = entry
    departures.append((connection.scene, connection.index))
    while departed.count > Self.departedLimit, let oldest = departures.first {
      departures.removeFirst()
      if isHeld(oldest) { departed[oldest.scene] = nil }
    }
    // Scenes that came back leave their departures behind: dropped once they are half of them.
    if departures.count > 2 * Self.departedLimit { departures.filter(isHeld) }
  }

  /// Whether `departure` is the one ``departed`` holds of its scene (it has not come back since).
  private func isHeld(_ departure: (scene: SceneID, index: Int)) -> Bool {
    departed[departure.scene]?.connection.index == departure.index
  }

  /// Closes the open group: every line is found (the trace is read).
  mutating func finish() {
    close()
  }

  /// Forgets the connections of the last second that started before `time` (ns): no connection that
  /// ends from now on reaches back to them.
  private mutating func forget(before time: UInt64) {
    for display in recent.indices {
      while let first = recent[display].first, first.start < time { recent[display].removeFirst() }
    }
  }

  /// Drops the connections waiting for a successor on `display` that ended more than 1 s before `time`.
  private mutating func expire(_ display: Int, at time: UInt64) {
    while let first = waiting[display].first, time - min(time, first.gone) > Self.reach {
      waiting[display].removeFirst()
    }
  }

  /// Adds a handover at `time` (ns; handovers come in time order) to the open group, or closes it and
  /// opens one with it.
  private mutating func add(time: UInt64, from: PlacedConnection, to: PlacedConnection) {
    let x = grid.x(time)
    let (upper, lower) = from.laneRank < to.laneRank ? (from, to) : (to, from)
    if var group = open, abs(x - group.x) < 4 {
      group.last = max(group.last, time)
      group.first = min(group.first, time)
      group.count += 1
      if upper.laneRank < group.top.laneRank { group.top = upper }
      if lower.laneRank > group.bottom.laneRank { group.bottom = lower }
      group.single = nil
      open = group
      return
    }
    close()
    open = (x, time, time, 1, upper, lower, (from, to))
  }

  private mutating func close() {
    guard let group = open else { return }
    open = nil
    if let single = group.single {
      lines.append(.single(from: single.from, to: single.to, time: group.first))
    } else {
      lines.append(
        .gathered(
          first: group.first, last: group.last, count: group.count, top: group.top.lane,
          bottom: group.bottom.lane))
    }
  }
}
