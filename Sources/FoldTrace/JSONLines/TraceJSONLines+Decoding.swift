extension TraceJSONLines {
  /// Decodes a parsed line by its `kind`.
  static func decodeLine(_ fields: JSONFieldReader) throws -> Line {
    let kindName = try fields.string("kind")
    if kindName == headerKind { return .header(try decodeHeader(fields)) }
    guard let kind = TraceEvent.Kind(name: kindName) else {
      let known = ([headerKind] + TraceEvent.Kind.allCases.map(\.name)).joined(separator: ", ")
      throw fields.failure("kind", "unknown kind \"\(kindName)\"; expected one of \(known)")
    }
    return .event(TraceEvent(time: try fields.unsigned("t"), try decodePayload(kind, fields)))
  }

  static func decodeHeader(_ fields: JSONFieldReader) throws -> TraceHeader {
    let versionText = try fields.string("version")
    let parts = versionText.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let major = UInt16(parts[0]), let minor = UInt16(parts[1]) else {
      throw fields.failure("version", "expected \"major.minor\", got \"\(versionText)\"")
    }
    var wallClock: Int64?
    if fields.has("wallClock") {
      guard case .number(let double?, let integer) = try fields.value("wallClock"),
        let value = integer.flatMap({ Int64(exactly: $0) }) ?? Int64(exactly: double)
      else { throw fields.failure("wallClock", "expected an integer number of nanoseconds") }
      wallClock = value
    }
    return TraceHeader(
      version: TraceFormatVersion(major: major, minor: minor), device: try fields.string("device"),
      app: try fields.string("app"), recorder: try fields.string("recorder"), wallClockStart: wallClock)
  }

  static func decodePayload(_ kind: TraceEvent.Kind, _ fields: JSONFieldReader) throws -> TraceEvent.Payload {
    switch kind {
    case .sceneConnected:
      return .sceneConnected(
        scene: try fields.scene(), display: try fields.choice("display", DisplayRole.self),
        scale: try fields.double("scale"))
    case .sceneDisconnected:
      return .sceneDisconnected(scene: try fields.scene())
    case .geometry:
      return .geometry(scene: try fields.scene(), try decodeGeometry(fields))
    case .hinge:
      let angle = fields.has("angle") ? try fields.double("angle") : nil
      return .hinge(HingeState(status: try fields.choice("status", HingeStatus.self), angle: angle))
    case .regions:
      let regions = try fields.objects("regions").map { region in
        ReservedRegion(
          kind: try region.choice("kind", ReservedRegion.Kind.self), frame: try region.rect("frame"),
          isActive: try region.bool("active"))
      }
      return .regions(scene: try fields.scene(), regions)
    case .traits:
      let traits = SceneTraits(
        contentSizeCategory: try fields.choice("dynamicType", ContentSizeCategory.self),
        reduceMotion: try fields.bool("reduceMotion"), prefersCrossFade: try fields.bool("crossFade"),
        reduceTransparency: try fields.bool("reduceTransparency"),
        layoutDirection: try fields.choice("direction", UserInterfaceLayoutDirection.self))
      return .traits(scene: try fields.scene(), traits)
    case .scroll:
      return .scroll(
        scene: try fields.scene(), offset: try fields.point("offset"),
        anchor: try fields.optionalString("anchor"),
        anchorTop: fields.has("anchorTop") ? try fields.double("anchorTop") : nil)
    case .selection:
      return .selection(scene: try fields.scene(), item: try fields.optionalString("item"))
    case .marker:
      return .marker(try fields.string("label"))
    case .dropped:
      return .dropped(count: try fields.unsigned("count"))
    case .layout:
      var columns: Int?
      if fields.has("columns") {
        let value = try fields.unsigned("columns")
        guard value >= 1 && value <= 65_535 else {
          throw fields.failure("columns", "expected a column count within 1…65535, got \(value)")
        }
        columns = Int(value)
      }
      let elements = try fields.objects("elements").map { element in
        RecordedElement(
          id: try element.string("id"), frame: try element.rect("frame"),
          isInteractive: try element.bool("interactive"))
      }
      return .layout(
        scene: try fields.scene(),
        RecordedLayout(
          shape: try fields.optionalString("shape"), presentation: try fields.optionalString("presentation"),
          columns: columns, elements: elements))
    case .presented:
      let elements = try fields.objects("elements").map { element in
        PresentedElement(
          id: try element.string("id"), frame: try element.rect("frame"),
          opacity: try element.double("opacity"))
      }
      return .presented(scene: try fields.scene(), elements)
    }
  }

  private static func decodeGeometry(_ fields: JSONFieldReader) throws -> SceneGeometry {
    let edge: VerticalBarEdge =
      fields.has("verticalBarEdge") ? try fields.choice("verticalBarEdge", VerticalBarEdge.self) : .none
    return SceneGeometry(
      size: try fields.size("size"), safeArea: try fields.insets("safeArea"),
      horizontal: try fields.choice("horizontal", UserInterfaceSizeClass.self),
      vertical: try fields.choice("vertical", UserInterfaceSizeClass.self),
      isInteractivelyResizing: try fields.bool("interactive"), verticalBarEdge: edge,
      minimumSize: fields.has("minSize") ? try fields.size("minSize") : nil,
      maximumSize: fields.has("maxSize") ? try fields.size("maxSize") : nil)
  }
}
