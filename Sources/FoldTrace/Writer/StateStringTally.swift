/// The strings the session state holds — each connected scene's scroll anchor, selection, and last
/// layout's shape, presentation and element ids (an id counted at every element naming it) — and their
/// total: the state rule (``TraceEvent/maxStateStringBytes``) kept as events are applied, at O(1) per
/// event (O(log s) for s connected scenes when the scene differs from the last one's), never by encoding
/// the state a keyframe repeats.
///
/// The writer keeps one for its session, ``SessionRecorder`` one under its lock, and the reader one per
/// frame (its keyframe rebuilds the state), so all three refuse the same events. Why the strings, and
/// not the keyframe's bytes: they are the only part of the state whose size the other rules leave
/// unbounded, and counting them needs no encoding (a keyframe names an id shared by two layouts once,
/// so its bytes would depend on every other scene).
///
/// Invariant: `scenes` lists the connected scenes in ascending id, exactly those a ``SessionState``
/// fed the same events holds, each with the bytes of UTF-8 its last anchor, selection and layout hold
/// (0 before one, and for none), and `total` is their sum — except that while `hotScene` names a scene,
/// that scene's anchor is `hotAnchor`, not its entry's: scroll events, nine in ten of a session's, then
/// change two stored integers and touch no array (``admitAnchor(scene:bytes:)``, the recorder's fast
/// path under its lock).
struct StateStringTally {
  /// One connected scene's strings, in bytes of UTF-8.
  struct Scene {
    var id: SceneID
    var anchor = 0
    var item = 0
    var layout = 0

    var total: Int { anchor + item + layout }
  }

  /// What an event does to the tally: a plain value, found from the event once.
  struct Change: Equatable {
    /// What the event does.
    enum Kind: UInt8 {
      /// Nothing: the event holds no state strings.
      case none
      /// The scene connects, or connects afresh: its strings start at 0.
      case connect
      /// The scene disconnects: its strings leave the state.
      case disconnect
      /// A `scroll` event: the scene's anchor now holds `bytes`.
      case anchor
      /// A `selection` event: the scene's selected item now holds `bytes`.
      case item
      /// A `layout` event: the scene's layout now holds `bytes` (``RecordedLayout/stringBytes``).
      case layout
    }

    var kind: Kind
    var scene: SceneID
    /// The bytes of UTF-8 the string now holds, for `anchor`, `item` and `layout`; else 0.
    var bytes: Int

    static let none = Change(kind: .none, scene: SceneID(0), bytes: 0)

    /// A change packed in one word (``StateStringTally/packedChange(of:)``).
    @inline(__always)
    static func pack(_ kind: Kind, _ scene: SceneID, bytes: Int) -> UInt64 {
      UInt64(kind.rawValue) << 56 | UInt64(truncatingIfNeeded: bytes) << 32 | UInt64(scene.rawValue)
    }

    /// Whether the event replaces one of a scene's strings (a scene not connected keeps nothing).
    var setsString: Bool {
      @inline(__always) get { kind.rawValue >= Kind.anchor.rawValue }
    }

    /// The kind of event that makes the change, for a refusal's message.
    var eventKind: TraceEvent.Kind {
      switch kind {
      case .none: .marker
      case .connect: .sceneConnected
      case .disconnect: .sceneDisconnected
      case .anchor: .scroll
      case .item: .selection
      case .layout: .layout
      }
    }
  }

  /// The bytes of UTF-8 the connected scenes' strings hold together.
  private(set) var total = 0
  private var scenes: [Scene] = []
  /// The position in `scenes` of the scene last found: a session's events mostly name one scene.
  private var last = 0
  /// The scene whose anchor `hotAnchor` holds (its entry's is stale), as a raw id, or `noScene`.
  private var hotScene = noScene
  private var hotAnchor = 0
  /// A `hotScene` that names no scene (a scene id is 32 bits).
  private static let noScene = UInt64.max

  /// The scenes connected now.
  var connectedCount: Int { scenes.count }

  /// What `payload` does to the tally.
  /// - Complexity: O(1), and O(n) for a `layout` event of n elements.
  @inline(__always)
  static func change(of payload: borrowing TraceEvent.Payload) -> Change {
    switch payload {
    case .sceneConnected(let scene, _, _): Change(kind: .connect, scene: scene, bytes: 0)
    case .sceneDisconnected(let scene): Change(kind: .disconnect, scene: scene, bytes: 0)
    case .scroll(let scene, _, let anchor, _):
      Change(kind: .anchor, scene: scene, bytes: anchor?.utf8.count ?? 0)
    case .selection(let scene, let item): Change(kind: .item, scene: scene, bytes: item?.utf8.count ?? 0)
    case .layout(let scene, let layout): Change(kind: .layout, scene: scene, bytes: layout.stringBytes)
    case .geometry, .hinge, .regions, .traits, .marker, .dropped, .presented, .cut: .none
    }
  }

  /// What `payload` does to the tally, packed in one word for the recorder's locked path
  /// (``Change/init(packed:)``): 0 for none, else the kind in bits 56–63, the bytes in bits 32–55 and
  /// the scene in bits 0–31. A payload the rules accept holds at most 512 KiB in any string it sets,
  /// so the bytes fit.
  /// - Complexity: O(1), and O(n) for a `layout` event of n elements.
  @inline(__always)
  static func packedChange(of payload: borrowing TraceEvent.Payload) -> UInt64 {
    // Scroll and hinge events, nine in ten, inline; the rest outlined.
    switch payload {
    case .scroll(let scene, _, let anchor, _): Change.pack(.anchor, scene, bytes: anchor?.utf8.count ?? 0)
    case .hinge: 0
    default: packedOtherChange(of: payload)
    }
  }

  /// ``packedChange(of:)`` for the kinds other than scroll and hinge.
  @inline(never)
  static func packedOtherChange(of payload: borrowing TraceEvent.Payload) -> UInt64 {
    let change = change(of: payload)
    return change.kind == .none ? 0 : Change.pack(change.kind, change.scene, bytes: change.bytes)
  }

  /// Whether scene `id` is connected.
  /// - Complexity: O(1) for the scene last found, else O(log s).
  mutating func contains(_ id: SceneID) -> Bool {
    UInt64(id.rawValue) == hotScene || find(id) != nil
  }

  /// Applies `change` unless it takes the state over the rule.
  /// - Returns: nil when applied; the total it would have made when refused (nothing changed then).
  /// - Complexity: O(1) for the scene last found, else O(log s); O(s) to connect or disconnect one.
  @inline(__always)
  mutating func admit(_ change: Change) -> Int? {
    change.kind == .anchor ? admitAnchor(scene: change.scene, bytes: change.bytes) : admitOther(change)
  }

  /// ``admit(_:)`` for a scroll event's anchor of `bytes` bytes in `scene`: two integers when the
  /// scene is the last one a scroll named.
  /// - Returns: nil when applied; the total it would have made when refused.
  @inline(__always)
  mutating func admitAnchor(scene: SceneID, bytes: Int) -> Int? {
    guard UInt64(scene.rawValue) == hotScene else { return admitColdAnchor(scene: scene, bytes: bytes) }
    let after = total &- hotAnchor &+ bytes
    if after > TraceEvent.maxStateStringBytes { return after }
    hotAnchor = bytes
    total = after
    return nil
  }

  /// ``admitAnchor(scene:bytes:)`` for a scene other than the hot one, which becomes the hot one when it
  /// is connected and the anchor is admitted.
  @inline(never)
  private mutating func admitColdAnchor(scene: SceneID, bytes: Int) -> Int? {
    settleHotAnchor()
    guard let index = find(scene) else { return nil }  // not connected: the state ignores it
    let after = total - scenes[index].anchor + bytes
    if after > TraceEvent.maxStateStringBytes { return after }
    total = after
    hotScene = UInt64(scene.rawValue)
    hotAnchor = bytes
    return nil
  }

  /// ``admit(_:)`` for a change other than an anchor's.
  @inline(never)
  private mutating func admitOther(_ change: Change) -> Int? {
    settleHotAnchor()
    guard change.setsString else {
      apply(change)
      return nil
    }
    guard let index = find(change.scene) else { return nil }  // not connected: the state ignores it
    let after = total - scenes[index][change.kind] + change.bytes
    if after > TraceEvent.maxStateStringBytes { return after }
    scenes[index][change.kind] = change.bytes
    total = after
    return nil
  }

  /// Writes the hot scene's anchor back to its entry: `scenes` alone holds the state again.
  private mutating func settleHotAnchor() {
    guard hotScene != Self.noScene else { return }
    let index = find(SceneID(UInt32(truncatingIfNeeded: hotScene)))!  // connected while hot
    scenes[index].anchor = hotAnchor
    hotScene = Self.noScene
  }

  /// Applies `change`, whatever the total it makes: for events a reader already checked.
  /// - Complexity: O(1) for the scene last found, else O(log s); O(s) to connect or disconnect one.
  mutating func apply(_ change: Change) {
    settleHotAnchor()
    switch change.kind {
    case .none:
      return
    case .connect:
      connect(change.scene)
    case .disconnect:
      disconnect(change.scene)
    case .anchor, .item, .layout:
      guard let index = find(change.scene) else { return }
      total += change.bytes - scenes[index][change.kind]
      scenes[index][change.kind] = change.bytes
    }
  }

  /// Connects scene `id`, or connects it afresh: it holds no strings.
  @inline(never)
  private mutating func connect(_ id: SceneID) {
    if let index = find(id) {
      total -= scenes[index].total
      scenes[index] = Scene(id: id)
    } else {
      last = position(of: id)
      scenes.insert(Scene(id: id), at: last)
    }
  }

  /// Disconnects scene `id`: its strings leave the state.
  @inline(never)
  private mutating func disconnect(_ id: SceneID) {
    guard let index = find(id) else { return }
    total -= scenes[index].total
    scenes.remove(at: index)
    last = 0
  }

  /// The position of connected scene `id`, remembered in `last`, or nil.
  @inline(__always)
  private mutating func find(_ id: SceneID) -> Int? {
    if last < scenes.count && scenes[last].id == id { return last }
    return search(id)
  }

  @inline(never)
  private mutating func search(_ id: SceneID) -> Int? {
    let index = position(of: id)
    guard index < scenes.count && scenes[index].id == id else { return nil }
    last = index
    return index
  }

  /// The position of the first scene whose id is not less than `id` (binary search).
  private func position(of id: SceneID) -> Int {
    var low = 0
    var high = scenes.count
    while low < high {
      let middle = (low + high) / 2
      if scenes[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension StateStringTally.Change {
  /// Unpacks ``pack(_:_:bytes:)``.
  init(packed: UInt64) {
    self.init(
      kind: Kind(rawValue: UInt8(truncatingIfNeeded: packed >> 56)) ?? .none,
      scene: SceneID(UInt32(truncatingIfNeeded: packed)), bytes: Int(packed >> 32 & 0xFF_FFFF))
  }
}

extension StateStringTally.Scene {
  /// The bytes the string a change of `kind` replaces holds (`anchor`, `item` or `layout`).
  subscript(kind: StateStringTally.Change.Kind) -> Int {
    @inline(__always) get {
      switch kind {
      case .anchor: anchor
      case .item: item
      default: layout
      }
    }
    @inline(__always) set {
      switch kind {
      case .anchor: anchor = newValue
      case .item: item = newValue
      default: layout = newValue
      }
    }
  }
}

extension RecordedLayout {
  /// The bytes of UTF-8 its shape, presentation and element ids hold together, an id counted at every
  /// element naming it: what the 512 KiB rule bounds and the state rule counts.
  /// - Complexity: O(n) for n elements.
  var stringBytes: Int {
    var bytes = (shape?.utf8.count ?? 0) + (presentation?.utf8.count ?? 0)
    for element in elements { bytes += element.id.utf8.count }
    return bytes
  }
}
