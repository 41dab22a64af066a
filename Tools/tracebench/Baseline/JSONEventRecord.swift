import FoldTrace

/// The baseline a team would write instead of FoldTrace: one `Codable` struct per JSON Lines record,
/// encoded with Foundation's `JSONEncoder` and decoded with `JSONDecoder`, one line per event.
///
/// The keys follow FoldTrace's JSON Lines contract (`t`, `kind`, `scene`, then the kind's fields; sizes
/// `[w, h]`, rects `[x, y, w, h]`, insets `[top, leading, bottom, trailing]`, all in points), with
/// absent fields omitted, so the baseline's bytes compare like for like with the binary trace.
struct JSONEventRecord: Codable, Sendable {
  var t: UInt64
  var kind: String
  var scene: UInt32?
  var display: String?
  var scale: Double?
  var size: [Double]?
  var safeArea: [Double]?
  var horizontal: String?
  var vertical: String?
  var interactive: Bool?
  var verticalBarEdge: String?
  var minimumSize: [Double]?
  var maximumSize: [Double]?
  var status: String?
  var angle: Double?
  var regions: [Region]?
  var contentSize: String?
  var reduceMotion: Bool?
  var crossFade: Bool?
  var reduceTransparency: Bool?
  var direction: String?
  var offset: [Double]?
  var anchor: String?
  var item: String?
  var label: String?
  var count: UInt64?

  /// One reserved region.
  struct Region: Codable, Sendable {
    var kind: String
    var frame: [Double]
    var active: Bool
  }

  /// Why a record does not describe an event.
  struct Invalid: Error, CustomStringConvertible {
    var description: String
  }
}

extension JSONEventRecord {
  /// The record of an event.
  init(_ event: TraceEvent) {
    t = event.time
    kind = event.kind.name
    scene = event.scene?.rawValue
    switch event.payload {
    case .sceneConnected(_, let role, let scale):
      display = role.rawValue
      self.scale = scale
    case .sceneDisconnected: break
    case .geometry(_, let g):
      size = [g.size.width, g.size.height]
      safeArea = [g.safeArea.top, g.safeArea.leading, g.safeArea.bottom, g.safeArea.trailing]
      horizontal = g.horizontal.rawValue
      vertical = g.vertical.rawValue
      interactive = g.isInteractivelyResizing
      verticalBarEdge = g.verticalBarEdge.rawValue
      minimumSize = g.minimumSize.map { [$0.width, $0.height] }
      maximumSize = g.maximumSize.map { [$0.width, $0.height] }
    case .hinge(let hinge):
      status = hinge.status.rawValue
      angle = hinge.angle
    case .regions(_, let list):
      regions = list.map {
        Region(
          kind: $0.kind.rawValue, frame: [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height],
          active: $0.isActive)
      }
    case .traits(_, let traits):
      contentSize = traits.contentSizeCategory.rawValue
      reduceMotion = traits.reduceMotion
      crossFade = traits.prefersCrossFade
      reduceTransparency = traits.reduceTransparency
      direction = traits.layoutDirection.rawValue
    case .scroll(_, let point, let anchor, _):
      offset = [point.x, point.y]
      self.anchor = anchor
    case .selection(_, let item):
      self.item = item
    case .marker(let text):
      label = text
    case .dropped(let dropped):
      count = dropped
    case .layout, .presented, .cut:
      break  // The baseline's workload holds none.
    }
  }

  /// The event the record describes.
  /// - Throws: ``Invalid`` when a field is missing or out of range.
  func event() throws -> TraceEvent {
    TraceEvent(time: t, try payload())
  }

  private func payload() throws -> TraceEvent.Payload {
    guard let kind = TraceEvent.Kind(name: kind) else { throw Invalid(description: "kind \(self.kind)") }
    let id = SceneID(scene ?? 0)
    switch kind {
    case .sceneConnected:
      return .sceneConnected(scene: id, display: try value(display, DisplayRole.init), scale: scale ?? 1)
    case .sceneDisconnected:
      return .sceneDisconnected(scene: id)
    case .geometry:
      let size = try pair(self.size)
      let insets = try quad(safeArea)
      return .geometry(
        scene: id,
        SceneGeometry(
          size: TraceSize(width: size.0, height: size.1),
          safeArea: TraceInsets(top: insets.0, leading: insets.1, bottom: insets.2, trailing: insets.3),
          horizontal: try value(horizontal, UserInterfaceSizeClass.init),
          vertical: try value(vertical, UserInterfaceSizeClass.init),
          isInteractivelyResizing: interactive ?? false,
          verticalBarEdge: try value(verticalBarEdge, VerticalBarEdge.init),
          minimumSize: try minimumSize.map {
            let p = try pair($0); return TraceSize(width: p.0, height: p.1)
          },
          maximumSize: try maximumSize.map {
            let p = try pair($0); return TraceSize(width: p.0, height: p.1)
          }))
    case .hinge:
      return .hinge(HingeState(status: try value(status, HingeStatus.init), angle: angle))
    case .regions:
      return .regions(
        scene: id,
        try (regions ?? []).map { region in
          let frame = try quad(region.frame)
          return ReservedRegion(
            kind: try value(region.kind, ReservedRegion.Kind.init),
            frame: TraceRect(x: frame.0, y: frame.1, width: frame.2, height: frame.3), isActive: region.active
          )
        })
    case .traits:
      return .traits(
        scene: id,
        SceneTraits(
          contentSizeCategory: try value(contentSize, ContentSizeCategory.init),
          reduceMotion: reduceMotion ?? false, prefersCrossFade: crossFade ?? false,
          reduceTransparency: reduceTransparency ?? false,
          layoutDirection: try value(direction, UserInterfaceLayoutDirection.init)))
    case .scroll:
      let point = try pair(offset)
      return .scroll(scene: id, offset: TracePoint(x: point.0, y: point.1), anchor: anchor)
    case .selection:
      return .selection(scene: id, item: item)
    case .marker:
      return .marker(label ?? "")
    case .dropped:
      return .dropped(count: count ?? 0)
    case .cut:
      return .cut
    case .layout, .presented:
      throw Invalid(description: "the baseline has no \(kind.name) form")
    }
  }

  private func value<T>(_ raw: String?, _ make: (String) -> T?) throws -> T {
    guard let raw, let value = make(raw) else { throw Invalid(description: "bad value \(raw ?? "nil")") }
    return value
  }

  private func pair(_ values: [Double]?) throws -> (Double, Double) {
    guard let values, values.count == 2 else { throw Invalid(description: "expected 2 numbers") }
    return (values[0], values[1])
  }

  private func quad(_ values: [Double]?) throws -> (Double, Double, Double, Double) {
    guard let values, values.count == 4 else { throw Invalid(description: "expected 4 numbers") }
    return (values[0], values[1], values[2], values[3])
  }
}
