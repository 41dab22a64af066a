// A test-only copy of the reader as it was before the decode speed-up of issue 8 (commit 8208fb7):
// RecordCodec, decoding side. The comparison tests (ReaderComparisonTests) require today's reader to give, for every
// input, exactly what this copy gives. Do not optimize this file; it is the yardstick.

@testable import FoldTrace

/// Encodes and decodes event records: tag, time delta, length, body (<doc:TraceFormat>, "Data frames").
///
/// The codec carries the scale of each connected scene, so geometry of a 3× display is stored in thirds
/// of a point. Encoder and decoder update it identically and start each frame empty.
struct ReferenceRecordCodec {
  /// Display scale per connected scene, in pixels per point.
  ///
  /// The first few scenes live in a short list searched linearly: a session has one to three, and
  /// hashing a scene id on every geometry or scroll record cost more than encoding the record. Scenes
  /// beyond those go to a dictionary, so a hostile frame of many scenes stays linear to decode.
  private var scales: [(scene: SceneID, scale: Double)] = []
  private var moreScales: [SceneID: Double] = [:]
  private static let listedScenes = 8
  /// The last anchor and item id decoded, by where their bytes are in the content (decoding only).
  private var lastAnchor = ReferenceRecentString()
  private var lastItem = ReferenceRecentString()

  func scale(of scene: SceneID) -> Double {
    for entry in scales where entry.scene == scene { return entry.scale }
    return moreScales.isEmpty ? 1 : moreScales[scene] ?? 1
  }

  private mutating func track(_ payload: TraceEvent.Payload) {
    switch payload {
    case .sceneConnected(let scene, _, let scale):
      if let i = scales.firstIndex(where: { $0.scene == scene }) {
        scales[i].scale = scale
      } else if scales.count < Self.listedScenes {
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

  /// Reads the body of one record whose tag and length the caller read (<doc:TraceFormat>, "Event
  /// bodies"). Bytes after the fields this version knows are left unread, so a newer writer may append
  /// fields.
  ///
  /// A string equal, byte for byte, to the one the previous `scroll` (anchor) or `selection` (item)
  /// record of the same content held is that record's string again: it is neither validated nor copied
  /// a second time. So `r` must read the same content for every call on this codec (the reader makes one
  /// codec per frame).
  ///
  /// - Parameters:
  ///   - tag: The record's wire tag (``TraceEvent/Kind/rawValue``).
  ///   - r: A reader of the body alone.
  ///   - maxRegions: The most regions a `regions` record may list; more throws a failure that
  ///     ``ByteReader/Failure/exceedsLimit``, before anything is allocated for them.
  ///   - items: Increased by the number of regions a `regions` record lists.
  /// - Returns: The payload, or nil for a tag this reader does not know.
  /// - Throws: ``ByteReader/Failure`` when the body is malformed or lists too many regions.
  mutating func decodeBody(
    tag: UInt8, from r: inout ReferenceByteReader, maxRegions: Int, items: inout Int
  ) throws(ByteReader.Failure) -> TraceEvent.Payload? {
    switch tag {
    case TraceEvent.Kind.sceneConnected.rawValue:
      let id = try scene(&r)
      let display = try WireEnums.value(try r.u8(), in: WireEnums.displays, "display role")
      let scale = try r.double(scale: 1)
      let payload = TraceEvent.Payload.sceneConnected(scene: id, display: display, scale: scale)
      track(payload)
      return payload
    case TraceEvent.Kind.sceneDisconnected.rawValue:
      let payload = TraceEvent.Payload.sceneDisconnected(scene: try scene(&r))
      track(payload)
      return payload
    case TraceEvent.Kind.geometry.rawValue:
      let id = try scene(&r)
      let s = scale(of: id)
      let size = TraceSize(width: try r.double(scale: s), height: try r.double(scale: s))
      let insets = TraceInsets(
        top: try r.double(scale: s), leading: try r.double(scale: s), bottom: try r.double(scale: s),
        trailing: try r.double(scale: s))
      let horizontal = try WireEnums.value(try r.u8(), in: WireEnums.sizeClasses, "size class")
      let vertical = try WireEnums.value(try r.u8(), in: WireEnums.sizeClasses, "size class")
      let flags = try r.u8()
      let edge = try WireEnums.value(try r.u8(), in: WireEnums.barEdges, "vertical bar edge")
      let minimum =
        flags & 2 != 0 ? TraceSize(width: try r.double(scale: s), height: try r.double(scale: s)) : nil
      let maximum =
        flags & 4 != 0 ? TraceSize(width: try r.double(scale: s), height: try r.double(scale: s)) : nil
      return .geometry(
        scene: id,
        SceneGeometry(
          size: size, safeArea: insets, horizontal: horizontal, vertical: vertical,
          isInteractivelyResizing: flags & 1 != 0, verticalBarEdge: edge, minimumSize: minimum,
          maximumSize: maximum))
    case TraceEvent.Kind.hinge.rawValue:
      let status = try WireEnums.value(try r.u8(), in: WireEnums.hingeStatuses, "hinge status")
      let angle = try r.u8() & 1 != 0 ? try r.double(scale: 1) : nil
      return .hinge(HingeState(status: status, angle: angle))
    case TraceEvent.Kind.regions.rawValue:
      let id = try scene(&r)
      let s = scale(of: id)
      let count = try r.count(limit: r.remaining / 6)
      guard count <= maxRegions else {
        throw ByteReader.Failure(reason: "\(count) regions exceed the reader's limit", exceedsLimit: true)
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
      return .regions(scene: id, regions)
    case TraceEvent.Kind.traits.rawValue:
      let id = try scene(&r)
      let category = try WireEnums.value(try r.u8(), in: WireEnums.categories, "content size category")
      let flags = try r.u8()
      return .traits(
        scene: id,
        SceneTraits(
          contentSizeCategory: category, reduceMotion: flags & 1 != 0, prefersCrossFade: flags & 2 != 0,
          reduceTransparency: flags & 4 != 0, layoutDirection: flags & 8 != 0 ? .rightToLeft : .leftToRight))
    case TraceEvent.Kind.scroll.rawValue:
      let id = try scene(&r)
      let s = scale(of: id)
      let offset = TracePoint(x: try r.double(scale: s), y: try r.double(scale: s))
      return .scroll(scene: id, offset: offset, anchor: try r.referenceOptionalString(reusing: &lastAnchor))
    case TraceEvent.Kind.selection.rawValue:
      let id = try scene(&r)
      return .selection(scene: id, item: try r.referenceOptionalString(reusing: &lastItem))
    case TraceEvent.Kind.marker.rawValue:
      let (start, count) = try r.stringBytes()
      return .marker(try r.string(at: start, count: count))
    case TraceEvent.Kind.dropped.rawValue:
      return .dropped(count: try r.varint())
    default:
      return nil
    }
  }

  private func scene(_ r: inout ReferenceByteReader) throws(ByteReader.Failure) -> SceneID {
    let raw = try r.varint()
    guard raw <= UInt64(UInt32.max) else { throw ByteReader.Failure(reason: "scene id \(raw) too large") }
    return SceneID(UInt32(raw))
  }
}

/// A string a record held, and where its bytes are in the content being read.
struct ReferenceRecentString {
  /// The offset of the string's bytes in the content; meaningless while `count` is -1.
  var start = 0
  /// The string's length in bytes, or -1 before any string.
  var count = -1
  var string = ""
}

extension ReferenceByteReader {
  /// An optional string (tag 0: none; n + 1: n bytes), reusing `recent` when the bytes repeat it, and
  /// remembering it otherwise.
  /// - Throws: ``ByteReader/Failure`` when the string overruns the body or is not valid UTF-8.
  fileprivate mutating func referenceOptionalString(reusing recent: inout ReferenceRecentString)
    throws(ByteReader.Failure)
    -> String?
  {
    guard let (start, count) = try optionalStringBytes() else { return nil }
    if recent.count == count && bytesEqual(recent.start, start, count: count) { return recent.string }
    let string = try string(at: start, count: count)
    recent.start = start
    recent.count = count
    recent.string = string
    return string
  }
}
