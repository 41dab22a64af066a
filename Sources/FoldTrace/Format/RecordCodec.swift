/// Encodes and decodes event records: tag, time delta, length, body (<doc:TraceFormat>, "Data frames").
///
/// The codec carries the scale of each connected scene, so geometry of a 3× display is stored in thirds
/// of a point. Encoder and decoder update it identically and start each frame empty.
struct RecordCodec {
  /// Display scale per connected scene, in pixels per point.
  ///
  /// The first few scenes live in a short list searched linearly: a session has one to three, and
  /// hashing a scene id on every geometry or scroll record cost more than encoding the record. Scenes
  /// beyond those go to a dictionary, so a hostile frame of many scenes stays linear to decode.
  private var scales: [(scene: SceneID, scale: Double)] = []
  private var moreScales: [SceneID: Double] = [:]
  private static let listedScenes = 8
  /// The last anchor and item id decoded, by where their bytes are in the content (decoding only).
  var lastAnchor = RecentString()
  private var lastItem = RecentString()
  /// The element ids of the frame's `layout` and `presented` records, in order of first use, and each
  /// one's last presented sample: what an element reference and a presented delta refer to
  /// (<doc:TraceFormat>, "Recorded output"). Starts empty in every frame, as the scales do.
  var elements = ElementTable()
  /// The strings the state holds, as the frame's records rebuild it (decoding only): the reader refuses
  /// a record that takes them over ``TraceEvent/maxStateStringBytes``, as the writer refuses its event.
  var stateStrings = StateStringTally()
  /// The strings of the frame's `layout` and `presented` records encoded or decoded so far, in bytes
  /// of UTF-8: each record's shape, presentation and element ids, an id counted at every element naming
  /// it, by reference or in full (``TraceEvent/maxFrameRecordStringBytes``). The writer ends a frame by
  /// it, the reader refuses a record that takes it over the rule.
  var recordStrings = 0
  /// False for a reader with format 1.0's semantics: `layout` and `presented` records are unknown
  /// kinds and a `scroll` record's `anchorTop` is an unread extra field (tests of compatibility).
  var readsFormat1_1 = true

  /// The scene the decoder last looked up and its scale (a frame's records mostly name one scene);
  /// cleared whenever a scale changes.
  private var lastLookup: (scene: SceneID, scale: Double)?

  /// `scale(of:)`, answered from `lastLookup` when the scene repeats.
  @inline(__always)
  mutating func cachedScale(of scene: SceneID) -> Double {
    if let last = lastLookup, last.scene == scene { return last.scale }
    let scale = scale(of: scene)
    lastLookup = (scene, scale)
    return scale
  }

  /// The scenes connected now: each is in the list or the dictionary, never both.
  var connectedSceneCount: Int { scales.count + moreScales.count }

  func scale(of scene: SceneID) -> Double {
    for entry in scales where entry.scene == scene { return entry.scale }
    return moreScales.isEmpty ? 1 : moreScales[scene] ?? 1
  }

  /// Appends one record for `payload` with time delta `delta` (ns).
  ///
  /// The body is encoded in place after a one-byte length, so recording allocates nothing; a body of
  /// 128 bytes or more (long strings, many regions) moves right to make room for its longer length.
  mutating func encode(_ payload: TraceEvent.Payload, delta: UInt64, into out: inout ByteWriter) {
    out.u8(TraceEvent(time: 0, payload).kind.rawValue)
    out.varint(delta)
    let lengthAt = out.bytes.count
    out.u8(0)
    encodeBody(payload, into: &out)
    let length = out.bytes.count - lengthAt - 1
    if length < 0x80 {
      out.bytes[lengthAt] = UInt8(length)
    } else {
      var prefix = ByteWriter()
      prefix.varint(UInt64(length))
      out.bytes.replaceSubrange(lengthAt..<lengthAt + 1, with: prefix.bytes)
    }
    track(payload)
  }

  private mutating func track(_ payload: TraceEvent.Payload) {
    lastLookup = nil
    switch payload {
    case .sceneConnected(let scene, _, let scale):
      if let i = scales.firstIndex(where: { $0.scene == scene }) {
        scales[i].scale = scale
      } else if scales.count < Self.listedScenes, moreScales.isEmpty || moreScales[scene] == nil {
        scales.append((scene, scale))
      } else {
        moreScales[scene] = scale
      }
    case .sceneDisconnected(let scene):
      scales.removeAll { $0.scene == scene }
      moreScales[scene] = nil
    default: break
    }
  }

  private mutating func encodeBody(_ payload: TraceEvent.Payload, into w: inout ByteWriter) {
    switch payload {
    case .sceneConnected(let scene, let display, let scale):
      w.varint(UInt64(scene.rawValue))
      w.u8(WireEnums.code(display, in: WireEnums.displays))
      w.double(scale, scale: 1)
    case .sceneDisconnected(let scene):
      w.varint(UInt64(scene.rawValue))
    case .geometry(let scene, let g):
      let s = scale(of: scene)
      w.varint(UInt64(scene.rawValue))
      let insets = g.safeArea
      w.double(g.size.width, scale: s)
      w.double(g.size.height, scale: s)
      w.double(insets.top, scale: s)
      w.double(insets.leading, scale: s)
      w.double(insets.bottom, scale: s)
      w.double(insets.trailing, scale: s)
      w.u8(WireEnums.code(g.horizontal, in: WireEnums.sizeClasses))
      w.u8(WireEnums.code(g.vertical, in: WireEnums.sizeClasses))
      var flags: UInt8 = g.isInteractivelyResizing ? 1 : 0
      if g.minimumSize != nil { flags |= 2 }
      if g.maximumSize != nil { flags |= 4 }
      w.u8(flags)
      w.u8(WireEnums.code(g.verticalBarEdge, in: WireEnums.barEdges))
      if let size = g.minimumSize {
        w.double(size.width, scale: s)
        w.double(size.height, scale: s)
      }
      if let size = g.maximumSize {
        w.double(size.width, scale: s)
        w.double(size.height, scale: s)
      }
    case .hinge(let hinge):
      w.u8(WireEnums.code(hinge.status, in: WireEnums.hingeStatuses))
      w.u8(hinge.angle == nil ? 0 : 1)
      if let angle = hinge.angle { w.double(angle, scale: 1) }
    case .regions(let scene, let regions):
      let s = scale(of: scene)
      w.varint(UInt64(scene.rawValue))
      w.varint(UInt64(regions.count))
      for region in regions {
        w.u8(WireEnums.code(region.kind, in: WireEnums.regionKinds))
        w.u8(region.isActive ? 1 : 0)
        w.double(region.frame.x, scale: s)
        w.double(region.frame.y, scale: s)
        w.double(region.frame.width, scale: s)
        w.double(region.frame.height, scale: s)
      }
    case .traits(let scene, let t):
      w.varint(UInt64(scene.rawValue))
      w.u8(WireEnums.code(t.contentSizeCategory, in: WireEnums.categories))
      var flags: UInt8 = 0
      if t.reduceMotion { flags |= 1 }
      if t.prefersCrossFade { flags |= 2 }
      if t.reduceTransparency { flags |= 4 }
      if t.layoutDirection == .rightToLeft { flags |= 8 }
      w.u8(flags)
    case .scroll(let scene, let offset, let anchor, let anchorTop):
      let s = scale(of: scene)
      w.varint(UInt64(scene.rawValue))
      w.double(offset.x, scale: s)
      w.double(offset.y, scale: s)
      w.optionalString(anchor)
      // Format 1.1: a flags byte, then the flagged fields; absent when there are none, so a scroll
      // record without `anchorTop` is the 1.0 record, byte for byte.
      if let anchorTop {
        w.u8(1)
        w.double(anchorTop, scale: s)
      }
    case .selection(let scene, let item):
      w.varint(UInt64(scene.rawValue))
      w.optionalString(item)
    case .marker(let label):
      w.string(label)
    case .dropped(let count):
      w.varint(count)
    case .cut:
      break
    case .layout(let scene, let layout):
      encodeLayout(scene: scene, layout, into: &w)
    case .presented(let scene, let elements):
      encodePresented(scene: scene, elements, into: &w)
    }
  }

  /// Reads the body of one record whose tag and length the caller read, and appends its event, stamped
  /// `time`, to `events` (<doc:TraceFormat>, "Event bodies"). Bytes after the fields this version knows
  /// are left unread, so a newer writer may append fields.
  ///
  /// The event is built where it is appended, not returned: a returned payload (up to 113 bytes) was
  /// copied twice more per record, through memory the callee had just written in other widths.
  ///
  /// A string equal, byte for byte, to the one the previous `scroll` (anchor) or `selection` (item)
  /// record of the same content held is that record's string again: it is neither validated nor copied
  /// a second time. So `r` must read the same content for every call on this codec (the reader makes one
  /// codec per frame).
  ///
  /// - Parameters:
  ///   - tag: The record's wire tag (``TraceEvent/Kind/rawValue``).
  ///   - r: A reader of the body alone.
  ///   - time: The event's time, in nanoseconds.
  ///   - events: Where the event goes.
  ///   - maxRegions: The most regions a `regions` record, or elements a `layout` or `presented` record,
  ///     may list; more throws a failure that ``ByteReader/Failure/exceedsLimit``, before anything is
  ///     allocated for them, naming the frame's limit (`maxRegions + items`).
  ///   - items: The items (records and listed regions) the frame has read, this record included;
  ///     increased by the number of regions or elements the record lists.
  /// - Returns: False for a tag this reader does not know (nothing appended).
  /// - Throws: ``ByteReader/Failure`` when the body is malformed or lists too many regions; nothing is
  ///   appended then.
  @inline(__always)
  mutating func decodeRecord(
    tag: UInt8, from r: inout ByteReader, time: UInt64, into events: inout EventSink,
    maxRegions: Int, items: inout Int
  ) throws(ByteReader.Failure) -> Bool {
    // Scroll and hinge records are nine in ten of a session's (120 Hz samples); they are decoded here,
    // inlined into the reader's record loop, and the other kinds in one outlined call.
    switch tag {
    case TraceEvent.Kind.scroll.rawValue:
      let id = try scene(&r)
      let s = cachedScale(of: id)
      let x = try r.double(scale: s)
      let y = try r.double(scale: s)
      let anchor = try r.optionalString(reusing: &lastAnchor)
      var anchorTop: Double?
      if readsFormat1_1 && !r.isAtEnd {
        let flags = try r.u8()
        if flags & 1 != 0 { anchorTop = try r.double(scale: s) }
      }
      events.append(
        TraceEvent(
          time: time,
          .scroll(scene: id, offset: TracePoint(x: x, y: y), anchor: anchor, anchorTop: anchorTop)))
      return true
    case TraceEvent.Kind.hinge.rawValue:
      let status = try WireEnums.hingeStatus(try r.u8())
      let angle = try r.u8() & 1 != 0 ? try r.double(scale: 1) : nil
      events.append(TraceEvent(time: time, .hinge(HingeState(status: status, angle: angle))))
      return true
    default:
      return try decodeOtherRecord(
        tag: tag, from: &r, time: time, into: &events, maxRegions: maxRegions, items: &items)
    }
  }

  /// ``decodeRecord(tag:from:time:into:maxRegions:items:)`` for the kinds other than scroll and hinge.
  @inline(never)
  private mutating func decodeOtherRecord(
    tag: UInt8, from r: inout ByteReader, time: UInt64, into events: inout EventSink,
    maxRegions: Int, items: inout Int
  ) throws(ByteReader.Failure) -> Bool {
    switch tag {
    case TraceEvent.Kind.geometry.rawValue:
      let id = try scene(&r)
      let s = cachedScale(of: id)
      let size = TraceSize(width: try r.double(scale: s), height: try r.double(scale: s))
      let insets = TraceInsets(
        top: try r.double(scale: s), leading: try r.double(scale: s), bottom: try r.double(scale: s),
        trailing: try r.double(scale: s))
      let horizontal = try WireEnums.sizeClass(try r.u8())
      let vertical = try WireEnums.sizeClass(try r.u8())
      let flags = try r.u8()
      let edge = try WireEnums.barEdge(try r.u8())
      let minimum =
        flags & 2 != 0 ? TraceSize(width: try r.double(scale: s), height: try r.double(scale: s)) : nil
      let maximum =
        flags & 4 != 0 ? TraceSize(width: try r.double(scale: s), height: try r.double(scale: s)) : nil
      events.append(
        TraceEvent(
          time: time,
          .geometry(
            scene: id,
            SceneGeometry(
              size: size, safeArea: insets, horizontal: horizontal, vertical: vertical,
              isInteractivelyResizing: flags & 1 != 0, verticalBarEdge: edge, minimumSize: minimum,
              maximumSize: maximum))))
    case TraceEvent.Kind.sceneConnected.rawValue:
      let id = try scene(&r)
      let display = try WireEnums.value(try r.u8(), in: WireEnums.displays, "display role")
      let scale = try r.double(scale: 1)
      let payload = TraceEvent.Payload.sceneConnected(scene: id, display: display, scale: scale)
      track(payload)
      events.append(TraceEvent(time: time, payload))
    case TraceEvent.Kind.sceneDisconnected.rawValue:
      let payload = TraceEvent.Payload.sceneDisconnected(scene: try scene(&r))
      track(payload)
      events.append(TraceEvent(time: time, payload))
    case TraceEvent.Kind.regions.rawValue:
      let id = try scene(&r)
      let s = cachedScale(of: id)
      let count = try r.count(limit: r.remaining / 6)
      guard count <= maxRegions else {
        throw Self.frameItemsExceeded(count, "regions", remaining: maxRegions, read: items)
      }
      var regions: [ReservedRegion] = []
      regions.reserveCapacity(count)
      for _ in 0..<count {
        let kind = try WireEnums.value(try r.u8(), in: WireEnums.regionKinds, "region kind")
        let active = try r.bool()
        let frame = TraceRect(
          x: try r.double(scale: s), y: try r.double(scale: s), width: try r.double(scale: s),
          height: try r.double(scale: s))
        regions.append(ReservedRegion(kind: kind, frame: frame, isActive: active))
      }
      items += count
      events.append(TraceEvent(time: time, .regions(scene: id, regions)))
    case TraceEvent.Kind.traits.rawValue:
      let id = try scene(&r)
      let category = try WireEnums.value(try r.u8(), in: WireEnums.categories, "content size category")
      let flags = try r.u8()
      events.append(
        TraceEvent(
          time: time,
          .traits(
            scene: id,
            SceneTraits(
              contentSizeCategory: category, reduceMotion: flags & 1 != 0, prefersCrossFade: flags & 2 != 0,
              reduceTransparency: flags & 4 != 0,
              layoutDirection: flags & 8 != 0 ? .rightToLeft : .leftToRight))))
    case TraceEvent.Kind.selection.rawValue:
      let id = try scene(&r)
      events.append(
        TraceEvent(time: time, .selection(scene: id, item: try r.optionalString(reusing: &lastItem))))
    case TraceEvent.Kind.marker.rawValue:
      let (start, count) = try r.stringBytes()
      events.append(TraceEvent(time: time, .marker(try r.string(at: start, count: count))))
    case TraceEvent.Kind.dropped.rawValue:
      events.append(TraceEvent(time: time, .dropped(count: try r.varint())))
    case TraceEvent.Kind.cut.rawValue:
      events.append(TraceEvent(time: time, .cut))
    case TraceEvent.Kind.layout.rawValue where readsFormat1_1:
      let id = try scene(&r)
      let layout = try decodeLayout(
        scale: cachedScale(of: id), from: &r, maxElements: maxRegions, itemsRead: items)
      items += layout.elements.count
      events.append(TraceEvent(time: time, .layout(scene: id, layout)))
    case TraceEvent.Kind.presented.rawValue where readsFormat1_1:
      let id = try scene(&r)
      let elements = try decodePresented(from: &r, maxElements: maxRegions, itemsRead: items)
      items += elements.count
      events.append(TraceEvent(time: time, .presented(scene: id, elements)))
    default:
      return false
    }
    return true
  }

  @inline(__always)
  /// The failure of a record listing `count` regions or elements (`noun`) when only `remaining` more
  /// items fit in its frame, `read` items (records and regions, this record included) having been read:
  /// it names the limit, ``TraceReaderLimits/maxFrameRecords`` (`remaining + read`), and what was left.
  static func frameItemsExceeded(_ count: Int, _ noun: String, remaining: Int, read: Int)
    -> ByteReader.Failure
  {
    ByteReader.Failure(
      reason: "\(count) \(noun) exceed the reader's limit of \(remaining + read) records and regions per "
        + "frame (TraceReaderLimits.maxFrameRecords): \(remaining) more fit",
      exceedsLimit: true)
  }

  func scene(_ r: inout ByteReader) throws(ByteReader.Failure) -> SceneID {
    let raw = try r.varint()
    guard raw <= UInt64(UInt32.max) else { throw ByteReader.Failure(reason: "scene id \(raw) too large") }
    return SceneID(UInt32(raw))
  }
}

/// A string a record held, and where its bytes are in the content being read.
struct RecentString {
  /// The offset of the string's bytes in the content; meaningless while `count` is -1.
  var start = 0
  /// The string's length in bytes, or -1 before any string.
  var count = -1
  var string = ""
}

extension ByteReader {
  /// An optional string (tag 0: none; n + 1: n bytes), reusing `recent` when the bytes repeat it, and
  /// remembering it otherwise.
  /// - Throws: ``ByteReader/Failure`` when the string overruns the body or is not valid UTF-8.
  @inline(__always)
  fileprivate mutating func optionalString(reusing recent: inout RecentString) throws(ByteReader.Failure)
    -> String?
  {
    guard let (start, count) = try optionalStringBytes() else { return nil }
    return try string(at: start, count: count, reusing: &recent)
  }

  /// The string in `count` bytes at `start`: `recent`'s when the bytes repeat it, else a new one that
  /// `recent` then remembers.
  /// - Throws: ``ByteReader/Failure`` when the bytes are not valid UTF-8.
  @inline(__always)
  func string(at start: Int, count: Int, reusing recent: inout RecentString) throws(ByteReader.Failure)
    -> String
  {
    if recent.count == count && bytesEqual(recent.start, start, count: count) { return recent.string }
    return try newString(at: start, count: count, remembering: &recent)
  }

  /// The string in `count` bytes at `start`, which `recent` then remembers (outlined: a new anchor
  /// comes about once in four scroll records).
  @inline(never)
  private func newString(at start: Int, count: Int, remembering recent: inout RecentString)
    throws(ByteReader.Failure) -> String
  {
    let string = try string(at: start, count: count)
    recent.start = start
    recent.count = count
    recent.string = string
    return string
  }
}
