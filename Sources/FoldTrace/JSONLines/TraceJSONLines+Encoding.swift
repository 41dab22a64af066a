extension TraceJSONLines {
  /// The header's key/value pairs in contract order.
  static func headerPairs(_ header: TraceHeader) -> [(String, JSONValue)] {
    var pairs: [(String, JSONValue)] = [
      ("kind", .string(headerKind)),
      ("version", .string(header.version.description)),
      ("device", .string(header.device)),
      ("app", .string(header.app)),
      ("recorder", .string(header.recorder)),
    ]
    if let wallClock = header.wallClockStart {
      pairs.append(("wallClock", .signed(wallClock)))
    }
    return pairs
  }

  /// An event's key/value pairs in contract order: `t`, `kind`, `scene` where it applies, then fields.
  static func eventPairs(_ event: TraceEvent) -> [(String, JSONValue)] {
    var pairs: [(String, JSONValue)] = [("t", .integer(event.time)), ("kind", .string(event.kind.name))]
    if let scene = event.scene { pairs.append(("scene", .integer(UInt64(scene.rawValue)))) }
    switch event.payload {
    case .sceneConnected(_, let display, let scale):
      pairs += [("display", .string(display.rawValue)), ("scale", .number(scale))]
    case .sceneDisconnected:
      break
    case .geometry(_, let geometry):
      pairs += geometryPairs(geometry)
    case .hinge(let hinge):
      pairs.append(("status", .string(hinge.status.rawValue)))
      if let angle = hinge.angle { pairs.append(("angle", .number(angle))) }
    case .regions(_, let regions):
      pairs.append(("regions", .array(regions.map(regionValue))))
    case .traits(_, let traits):
      pairs += [
        ("dynamicType", .string(traits.contentSizeCategory.rawValue)),
        ("reduceMotion", .bool(traits.reduceMotion)),
        ("crossFade", .bool(traits.prefersCrossFade)),
        ("reduceTransparency", .bool(traits.reduceTransparency)),
        ("direction", .string(traits.layoutDirection.rawValue)),
      ]
    case .scroll(_, let offset, let anchor, let anchorTop):
      pairs.append(("offset", .numbers(offset.x, offset.y)))
      if let anchor { pairs.append(("anchor", .string(anchor))) }
      if let anchorTop { pairs.append(("anchorTop", .number(anchorTop))) }
    case .selection(_, let item):
      pairs.append(("item", item.map(JSONValue.string) ?? .null))
    case .marker(let label):
      pairs.append(("label", .string(label)))
    case .dropped(let count):
      pairs.append(("count", .integer(count)))
    case .cut:
      break
    case .layout(_, let layout):
      if let shape = layout.shape { pairs.append(("shape", .string(shape))) }
      if let presentation = layout.presentation { pairs.append(("presentation", .string(presentation))) }
      if let columns = layout.columns { pairs.append(("columns", .integer(UInt64(columns)))) }
      pairs.append(("elements", .array(layout.elements.map(elementValue))))
    case .presented(_, let elements):
      pairs.append(("elements", .array(elements.map(presentedValue))))
    }
    return pairs
  }

  private static func elementValue(_ element: RecordedElement) -> JSONValue {
    let frame = element.frame
    return .object([
      ("id", .string(element.id)),
      ("frame", .numbers(frame.x, frame.y, frame.width, frame.height)),
      ("interactive", .bool(element.isInteractive)),
    ])
  }

  private static func presentedValue(_ element: PresentedElement) -> JSONValue {
    let frame = element.frame
    return .object([
      ("id", .string(element.id)),
      ("frame", .numbers(frame.x, frame.y, frame.width, frame.height)),
      ("opacity", .number(element.opacity)),
    ])
  }

  private static func geometryPairs(_ geometry: SceneGeometry) -> [(String, JSONValue)] {
    let insets = geometry.safeArea
    var pairs: [(String, JSONValue)] = [
      ("size", sizeValue(geometry.size)),
      ("safeArea", .numbers(insets.top, insets.leading, insets.bottom, insets.trailing)),
      ("horizontal", .string(geometry.horizontal.rawValue)),
      ("vertical", .string(geometry.vertical.rawValue)),
      ("interactive", .bool(geometry.isInteractivelyResizing)),
    ]
    if geometry.verticalBarEdge != .none {
      pairs.append(("verticalBarEdge", .string(geometry.verticalBarEdge.rawValue)))
    }
    if let minimum = geometry.minimumSize { pairs.append(("minSize", sizeValue(minimum))) }
    if let maximum = geometry.maximumSize { pairs.append(("maxSize", sizeValue(maximum))) }
    return pairs
  }

  private static func sizeValue(_ size: TraceSize) -> JSONValue { .numbers(size.width, size.height) }

  private static func regionValue(_ region: ReservedRegion) -> JSONValue {
    let frame = region.frame
    return .object([
      ("kind", .string(region.kind.rawValue)),
      ("frame", .numbers(frame.x, frame.y, frame.width, frame.height)),
      ("active", .bool(region.isActive)),
    ])
  }
}

extension TraceJSONLines {
  /// An event's fields after `t`, `kind` and `scene`, each as its key and its JSON text, in contract
  /// order. Text renderings (`tracecat`'s columns) use it so they name and print values exactly as the
  /// JSON Lines form does.
  ///
  /// - Parameter event: The event.
  /// - Returns: Pairs such as `("size", "[390,844]")`, `("label", "\"step 3\"")`.
  public static func fields(of event: TraceEvent) -> [(key: String, json: String)] {
    eventPairs(event).dropFirst(event.scene == nil ? 2 : 3).map { ($0.0, $0.1.rendered()) }
  }
}
