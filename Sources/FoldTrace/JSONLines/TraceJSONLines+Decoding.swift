extension TraceJSONLines {
  /// Decodes a parsed line by its `kind`.
  static func decodeLine<M>(_ fields: JSONFieldReader<M>) throws -> Line {
    let kindName = try fields.string("kind")
    if kindName == headerKind { return .header(try decodeHeader(fields)) }
    guard let kind = TraceEvent.Kind(name: kindName) else {
      let known = ([headerKind] + TraceEvent.Kind.allCases.map(\.name)).joined(separator: ", ")
      throw fields.failure(
        "kind", "unknown kind \"\(JSONValue.excerpt(kindName))\"; expected one of \(known)")
    }
    return .event(
      TraceEvent(
        time: try fields.unsigned("t", "an integer number of nanoseconds"), try decodePayload(kind, fields)))
  }

  static func decodeHeader<M>(_ fields: JSONFieldReader<M>) throws -> TraceHeader {
    let versionText = try fields.string("version")
    guard let version = TraceFormatVersion(jsonText: versionText) else {
      throw fields.failure(
        "version",
        "expected \"major.minor\" (digits only, each 0 … 65535), got \"\(JSONValue.excerpt(versionText))\"")
    }
    let wallClock =
      fields.has("wallClock") ? try fields.signed("wallClock", "an integer number of nanoseconds") : nil
    return TraceHeader(
      version: version, device: try fields.string("device"),
      app: try fields.string("app"), recorder: try fields.string("recorder"), wallClockStart: wallClock)
  }

  static func decodePayload<M>(
    _ kind: TraceEvent.Kind, _ fields: JSONFieldReader<M>
  ) throws -> TraceEvent.Payload {
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
      let regions = try fields.objects(
        "regions", limit: TraceFormat.maxRegionsPerRecord, noun: "regions"
      ) { region in
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
      return .dropped(count: try fields.unsigned("count", "an integer count"))
    case .cut:
      return .cut
    case .layout:
      var columns: Int?
      if fields.has("columns") {
        columns = Int(
          try fields.unsigned("columns", "an integer column count", in: 1...65_535, bounds: "1 … 65535"))
      }
      let elements = try fields.objects(
        "elements", limit: RecordCodec.maxElementsPerRecord, noun: "elements"
      ) { element in
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
      let elements = try fields.objects(
        "elements", limit: RecordCodec.maxElementsPerRecord, noun: "elements"
      ) { element in
        PresentedElement(
          id: try element.string("id"), frame: try element.rect("frame"),
          opacity: try element.double("opacity"))
      }
      return .presented(scene: try fields.scene(), elements)
    }
  }

  private static func decodeGeometry<M>(_ fields: JSONFieldReader<M>) throws -> SceneGeometry {
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

extension TraceFormatVersion {
  /// Reads `"major.minor"` as the JSON Lines header writes it: two runs of ASCII digits, each at most
  /// 65535, joined by one dot. Signs, spaces and empty parts (`"+1.+0"`, `"1."`) are refused.
  init?(jsonText text: String) {
    let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 2, let major = Self.component(parts[0]), let minor = Self.component(parts[1]) else {
      return nil
    }
    self.init(major: major, minor: minor)
  }

  private static func component(_ digits: Substring.UTF8View.SubSequence) -> UInt16? {
    guard !digits.isEmpty, digits.count <= 5 else { return nil }
    var value: UInt32 = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + UInt32(byte - UInt8(ascii: "0"))
    }
    return UInt16(exactly: value)
  }
}
