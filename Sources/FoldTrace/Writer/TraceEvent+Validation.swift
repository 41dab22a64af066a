extension TraceEvent {
  /// Why this event cannot be recorded, or nil when it is valid: the message of
  /// ``Payload/refusal``, the writer's rules.
  ///
  /// - Complexity: O(r) for r reserved regions or elements.
  public var validationFailure: String? { payload.refusal?.description }

  /// The longest string a record may carry, in bytes of UTF-8.
  package static let maxStringBytes = 64 * 1024

  /// The most bytes of UTF-8 the strings of one `layout` or `presented` event may hold together: its
  /// shape, its presentation and the id of every element, counted at each element that names it.
  ///
  /// The bound is the event's, not its record's: a record names an id its frame already holds by
  /// position, so the same event costs a few bytes in one frame and every id in full in another (a
  /// slice's or a pack's). Bounding the strings bounds every encoding: a record stays under
  /// ``TraceFormat/maxRecordBytes`` (at most 50 bytes of numbers, flags and references per element
  /// besides its id), and a JSON Lines line under the 4 MiB `tracecat pack` reads (escaping at most
  /// sextuples a byte: 3 MiB, and at most 160 bytes of numbers and keys per element).
  package static let maxRecordStringBytes = 512 * 1024

  /// The most bytes of UTF-8 the session state may hold in strings: every connected scene's scroll
  /// anchor, selection, and last layout's shape, presentation and element ids (an id counted at each
  /// element naming it), together.
  ///
  /// Every frame repeats the state in its keyframe, so the state is bounded as a whole, not per event:
  /// 128 scenes each holding a 512 KiB layout made a 64 MiB keyframe, a frame no reader reads. With
  /// the state's strings at most 4 MiB, and at most 15 577 bytes of anything else per connected scene
  /// (1.9 MiB for 128), a keyframe stays under 6 MiB; with the events a frame holds before a writer
  /// ends it (under 8 MiB and one record of under 1 MiB) a frame stays under 15 MiB, within the
  /// reader's 16 MiB (``TraceReaderLimits/maxFrameContentBytes``). Writers refuse an event that takes
  /// the state over it (``EventRefusal/stateStrings(bytes:)``), and readers a record that does.
  package static let maxStateStringBytes = 4 * 1024 * 1024

  /// The most bytes of UTF-8 the strings of one frame's `layout` and `presented` records may hold
  /// together, keyframe included: each record's shape, presentation and element ids, an id counted at
  /// every element naming it, by reference or in full.
  ///
  /// A record names an id its frame already holds by position, in a byte or two, so a frame of a few
  /// megabytes could otherwise name a 64 KiB id millions of times: gigabytes of text to every tool that
  /// shows, compares or re-encodes its events. Writers never break it: they end a frame once its records
  /// reach ``frameRecordStringThreshold``, and one record holds at most ``maxRecordStringBytes``.
  /// Readers refuse the record that takes its frame over it (`.limitExceeded`).
  package static let maxFrameRecordStringBytes = 16 * 1024 * 1024

  /// The strings at which a writer ends a frame after encoding an event (15.5 MiB): below it, one more
  /// record of at most ``maxRecordStringBytes`` keeps the frame within ``maxFrameRecordStringBytes``,
  /// and a new frame's keyframe starts it at most ``maxStateStringBytes`` in.
  static let frameRecordStringThreshold = maxFrameRecordStringBytes - maxRecordStringBytes
}

extension TraceEvent.Payload {
  /// The writer's rules, stated once: the first rule this payload breaks, or nil when a writer writes it.
  ///
  /// Sizes, insets and region widths and heights must be finite and ≥ 0 points; coordinates and scroll
  /// offsets finite; display scales finite and > 0; hinge angles finite and within 0…360°; strings at
  /// most 64 KiB of UTF-8 each, and the strings of a `layout` or `presented` event at most 512 KiB
  /// together (``TraceEvent/maxRecordStringBytes``: an id counts at every element naming it); at most
  /// 128 regions per event and 256 elements per `layout` or `presented` event, so that a frame stays
  /// within the reader's ``TraceReaderLimits/maxFrameRecords``. Recorded
  /// output: element frames with a finite origin and a finite size ≥ 0 pt, opacities within 0…1, column
  /// counts within 1…65 535, a finite `anchorTop`.
  ///
  /// The recorder applies it to every call and the reader to every record it decodes, so a valid payload
  /// costs comparisons only: a refusal is a small value, and its message is written only when reported.
  /// The rules on a session rather than one event — at most 128 scenes connected, at most
  /// ``TraceEvent/maxStateStringBytes`` of strings in their state — are kept by each of them apart,
  /// from the events before (``EventRefusal/stateStrings(bytes:)``).
  ///
  /// - Complexity: O(r) for r reserved regions or elements.
  @inline(__always)
  public var refusal: EventRefusal? { verdict() }

  /// The rules, written once for either verdict: `Bool` (true when a writer writes the payload: the
  /// recorder's and the reader's fast path, comparisons only) or `EventRefusal?` (which rule and value).
  @inline(__always)
  func verdict<Verdict: RuleVerdict>() -> Verdict {
    switch self {
    case .sceneConnected(_, _, let scale):
      return scale > 0 && scale < .infinity ? .accepted : .refused(.displayScale(scale))
    case .sceneDisconnected, .dropped, .traits, .cut:
      return .accepted
    case .geometry(_, let g):
      if !EventRefusal.isSize(g.size) { return .refused(.size(.size, g.size)) }
      let insets = g.safeArea
      // Checked one by one: a list of (value, edge) pairs would allocate on every geometry event.
      if !EventRefusal.isInset(insets.top) { return .refused(.inset(.top, insets.top)) }
      if !EventRefusal.isInset(insets.leading) { return .refused(.inset(.leading, insets.leading)) }
      if !EventRefusal.isInset(insets.bottom) { return .refused(.inset(.bottom, insets.bottom)) }
      if !EventRefusal.isInset(insets.trailing) { return .refused(.inset(.trailing, insets.trailing)) }
      if let minimum = g.minimumSize, !EventRefusal.isSize(minimum) {
        return .refused(.size(.minimumSize, minimum))
      }
      if let maximum = g.maximumSize, !EventRefusal.isSize(maximum) {
        return .refused(.size(.maximumSize, maximum))
      }
      return .accepted
    case .hinge(let hinge):
      return EventRefusal.hinge(hinge)
    case .regions(_, let regions):
      guard regions.count <= TraceFormat.maxRegionsPerRecord else {
        return .refused(.regionCount(regions.count))
      }
      for (index, region) in regions.enumerated() {
        let f = region.frame
        guard f.x.isFinite, f.y.isFinite else { return .refused(.regionOrigin(index: index, x: f.x, y: f.y)) }
        let size = TraceSize(width: f.width, height: f.height)
        if !EventRefusal.isSize(size) { return .refused(.size(.region(index), size)) }
      }
      return .accepted
    case .scroll(_, let offset, let anchor, let anchorTop):
      return EventRefusal.scroll(offset: offset, anchor: anchor, anchorTop: anchorTop)
    case .layout(_, let layout):
      let shape: Verdict = EventRefusal.string(layout.shape, .shape)
      guard shape.isAccepted else { return shape }
      let presentation: Verdict = EventRefusal.string(layout.presentation, .presentation)
      guard presentation.isAccepted else { return presentation }
      if let columns = layout.columns, columns < 1 || columns > 65_535 { return .refused(.columns(columns)) }
      guard layout.elements.count <= RecordCodec.maxElementsPerRecord else {
        return .refused(.elementCount(layout.elements.count))
      }
      // Each string is at most 64 KiB here, and there are at most 258: the sum cannot overflow.
      var stringBytes = (layout.shape?.utf8.count ?? 0) + (layout.presentation?.utf8.count ?? 0)
      for element in layout.elements {
        let verdict: Verdict = EventRefusal.element(element.id, element.frame)
        guard verdict.isAccepted else { return verdict }
        stringBytes += element.id.utf8.count
      }
      return EventRefusal.stringTotal(stringBytes)
    case .presented(_, let elements):
      guard elements.count <= RecordCodec.maxElementsPerRecord else {
        return .refused(.elementCount(elements.count))
      }
      var stringBytes = 0
      for element in elements {
        let verdict: Verdict = EventRefusal.element(element.id, element.frame)
        guard verdict.isAccepted else { return verdict }
        guard element.opacity >= 0 && element.opacity <= 1 else {
          return .refused(.opacity(id: element.id, element.opacity))
        }
        stringBytes += element.id.utf8.count
      }
      return EventRefusal.stringTotal(stringBytes)
    case .selection(_, let item):
      return EventRefusal.string(item, .item)
    case .marker(let label):
      return EventRefusal.string(label, .label)
    }
  }
}

/// The rules shared by several kinds, and by the reader's fast path for scroll and hinge records.
extension EventRefusal {
  /// The rules for a `scroll` event: a finite offset, a finite `anchorTop`, an anchor of at most
  /// ``TraceEvent/maxStringBytes``.
  @inline(__always)
  static func scroll<Verdict: RuleVerdict>(offset: TracePoint, anchor: String?, anchorTop: Double?) -> Verdict
  {
    guard offset.x.isFinite, offset.y.isFinite else {
      return .refused(.scrollOffset(x: offset.x, y: offset.y))
    }
    if let anchorTop, !anchorTop.isFinite { return .refused(.anchorTop(anchorTop)) }
    return string(anchor, .anchor)
  }

  /// The rule for a `hinge` event: an angle, when known, within 0…360° (NaN fails both bounds).
  @inline(__always)
  static func hinge<Verdict: RuleVerdict>(_ hinge: HingeState) -> Verdict {
    guard let angle = hinge.angle, !(angle >= 0 && angle <= 360) else { return .accepted }
    return .refused(.hingeAngle(angle))
  }

  /// The rules for an element: an id of at most ``TraceEvent/maxStringBytes``, a finite origin and a
  /// finite size ≥ 0.
  @inline(__always)
  static func element<Verdict: RuleVerdict>(_ id: String, _ f: TraceRect) -> Verdict {
    let verdict: Verdict = string(id, .elementID)
    guard verdict.isAccepted else { return verdict }
    guard f.x.isFinite, f.y.isFinite else { return .refused(.elementOrigin(id: id, x: f.x, y: f.y)) }
    let size = TraceSize(width: f.width, height: f.height)
    return isSize(size) ? .accepted : .refused(.size(.element(id), size))
  }

  /// A string of at most ``TraceEvent/maxStringBytes`` bytes of UTF-8 (or none).
  @inline(__always)
  static func string<Verdict: RuleVerdict>(_ value: String?, _ field: StringField) -> Verdict {
    guard let count = value?.utf8.count, count > TraceEvent.maxStringBytes else { return .accepted }
    return .refused(.string(field, bytes: count))
  }

  /// The rule for the strings of a `layout` or `presented` event together: at most
  /// ``TraceEvent/maxRecordStringBytes`` bytes of UTF-8.
  @inline(__always)
  static func stringTotal<Verdict: RuleVerdict>(_ bytes: Int) -> Verdict {
    bytes <= TraceEvent.maxRecordStringBytes ? .accepted : .refused(.stringTotal(bytes: bytes))
  }

  /// Finite and ≥ 0 points in both dimensions.
  @inline(__always)
  static func isSize(_ size: TraceSize) -> Bool {
    isInset(size.width) && isInset(size.height)
  }

  /// Finite and ≥ 0, −0 included: the bit patterns of +0 up to the largest finite double lie below
  /// +∞'s (IEEE 754 orders non-negative doubles as their bit patterns), and every other pattern with the
  /// sign bit clear is +∞ or a NaN; with the sign bit set, only −0 passes.
  ///
  /// Two integer comparisons, where `value >= 0 && value < .infinity` compiled to a classification of
  /// about twelve instructions per value, run for six to ten values per geometry event on the recorder's
  /// hot path.
  @inline(__always)
  static func isInset(_ value: Double) -> Bool {
    let bits = value.bitPattern
    return bits < Double.infinity.bitPattern || bits == (-0.0 as Double).bitPattern
  }
}

/// How the rules report: `Bool` (true when accepted) or `EventRefusal?` (nil when accepted). Written
/// once, generic over it, the rules compile to comparisons alone for `Bool`: a refusal is built only by
/// the `EventRefusal?` verdict, whose message is written only when reported.
protocol RuleVerdict {
  /// The verdict of a payload that breaks no rule.
  static var accepted: Self { get }
  /// The verdict of a payload that breaks the rule `refusal` names (evaluated only when needed).
  static func refused(_ refusal: @autoclosure () -> EventRefusal) -> Self
  /// Whether this verdict accepts.
  var isAccepted: Bool { get }
}

extension Bool: RuleVerdict {
  @inline(__always) static var accepted: Bool { true }
  @inline(__always) static func refused(_ refusal: @autoclosure () -> EventRefusal) -> Bool { false }
  @inline(__always) var isAccepted: Bool { self }
}

extension Optional: RuleVerdict where Wrapped == EventRefusal {
  @inline(__always) static var accepted: EventRefusal? { nil }
  @inline(__always) static func refused(_ refusal: @autoclosure () -> EventRefusal) -> EventRefusal? {
    refusal()
  }
  @inline(__always) var isAccepted: Bool { self == nil }
}
