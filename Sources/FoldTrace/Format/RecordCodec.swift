/// Encodes and decodes event records: tag, time delta, length, body (<doc:TraceFormat>, "Data frames").
///
/// The codec carries the scale of each connected scene, so geometry of a 3× display is stored in thirds
/// of a point. Encoder and decoder update it identically and start each frame empty.
struct RecordCodec {
  /// Display scale per connected scene, in pixels per point.
  private(set) var scales: [SceneID: Double] = [:]

  func scale(of scene: SceneID) -> Double { scales[scene] ?? 1 }

  /// Appends one record for `payload` with time delta `delta` (ns).
  mutating func encode(_ payload: TraceEvent.Payload, delta: UInt64, into out: inout ByteWriter) {
    var body = ByteWriter()
    encodeBody(payload, into: &body)
    out.u8(TraceEvent(time: 0, payload).kind.rawValue)
    out.varint(delta)
    out.varint(UInt64(body.bytes.count))
    out.bytes.append(contentsOf: body.bytes)
    track(payload)
  }

  private mutating func track(_ payload: TraceEvent.Payload) {
    switch payload {
    case .sceneConnected(let scene, _, let scale): scales[scene] = scale
    case .sceneDisconnected(let scene): scales[scene] = nil
    default: break
    }
  }

  private func encodeBody(_ payload: TraceEvent.Payload, into w: inout ByteWriter) {
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
      for value in [g.size.width, g.size.height, insets.top, insets.leading, insets.bottom, insets.trailing] {
        w.double(value, scale: s)
      }
      w.u8(WireEnums.code(g.horizontal, in: WireEnums.sizeClasses))
      w.u8(WireEnums.code(g.vertical, in: WireEnums.sizeClasses))
      var flags: UInt8 = g.isInteractivelyResizing ? 1 : 0
      if g.minimumSize != nil { flags |= 2 }
      if g.maximumSize != nil { flags |= 4 }
      w.u8(flags)
      w.u8(WireEnums.code(g.verticalBarEdge, in: WireEnums.barEdges))
      for size in [g.minimumSize, g.maximumSize].compactMap({ $0 }) {
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
        for value in [region.frame.x, region.frame.y, region.frame.width, region.frame.height] {
          w.double(value, scale: s)
        }
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
    case .scroll(let scene, let offset, let anchor):
      let s = scale(of: scene)
      w.varint(UInt64(scene.rawValue))
      w.double(offset.x, scale: s)
      w.double(offset.y, scale: s)
      w.optionalString(anchor)
    case .selection(let scene, let item):
      w.varint(UInt64(scene.rawValue))
      w.optionalString(item)
    case .marker(let label):
      w.string(label)
    case .dropped(let count):
      w.varint(count)
    }
  }

  /// One decoded record: a known payload, or the tag of a kind this reader does not know.
  enum Decoded {
    case event(delta: UInt64, TraceEvent.Payload)
    case unknown(delta: UInt64, tag: UInt8)
  }

  /// Reads one record.
  /// - Parameter maxRegions: The most regions a `regions` record may list; more throws a failure that
  ///   ``ByteReader/Failure/exceedsLimit``, before anything is allocated for them.
  /// - Throws: ``ByteReader/Failure`` when the record is malformed or lists too many regions.
  mutating func decode(from r: inout ByteReader, maxRegions: Int = .max) throws(ByteReader.Failure) -> Decoded
  {
    let tag = try r.u8()
    let delta = try r.varint()
    let length = try r.count(limit: r.remaining)
    var body = ByteReader(try r.take(length))
    guard let kind = TraceEvent.Kind(rawValue: tag) else { return .unknown(delta: delta, tag: tag) }
    let payload = try decodeBody(kind, from: &body, maxRegions: maxRegions)
    track(payload)
    return .event(delta: delta, payload)
  }

  private func scene(_ r: inout ByteReader) throws(ByteReader.Failure) -> SceneID {
    let raw = try r.varint()
    guard raw <= UInt64(UInt32.max) else { throw ByteReader.Failure(reason: "scene id \(raw) too large") }
    return SceneID(UInt32(raw))
  }

  private func decodeBody(
    _ kind: TraceEvent.Kind, from r: inout ByteReader, maxRegions: Int
  ) throws(ByteReader.Failure) -> TraceEvent.Payload {
    switch kind {
    case .sceneConnected:
      let id = try scene(&r)
      let display = try WireEnums.value(try r.u8(), in: WireEnums.displays, "display role")
      return .sceneConnected(scene: id, display: display, scale: try r.double(scale: 1))
    case .sceneDisconnected:
      return .sceneDisconnected(scene: try scene(&r))
    case .geometry:
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
    case .hinge:
      let status = try WireEnums.value(try r.u8(), in: WireEnums.hingeStatuses, "hinge status")
      let angle = try r.u8() & 1 != 0 ? try r.double(scale: 1) : nil
      return .hinge(HingeState(status: status, angle: angle))
    case .regions:
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
      return .regions(scene: id, regions)
    case .traits:
      let id = try scene(&r)
      let category = try WireEnums.value(try r.u8(), in: WireEnums.categories, "content size category")
      let flags = try r.u8()
      return .traits(
        scene: id,
        SceneTraits(
          contentSizeCategory: category, reduceMotion: flags & 1 != 0, prefersCrossFade: flags & 2 != 0,
          reduceTransparency: flags & 4 != 0, layoutDirection: flags & 8 != 0 ? .rightToLeft : .leftToRight))
    case .scroll:
      let id = try scene(&r)
      let s = scale(of: id)
      let offset = TracePoint(x: try r.double(scale: s), y: try r.double(scale: s))
      return .scroll(scene: id, offset: offset, anchor: try r.optionalString())
    case .selection:
      let id = try scene(&r)
      return .selection(scene: id, item: try r.optionalString())
    case .marker:
      return .marker(try r.string())
    case .dropped:
      return .dropped(count: try r.varint())
    }
  }
}
