/// The element ids a frame's `layout` and `presented` records named so far, and each one's last
/// presented sample (<doc:TraceFormat>, "Recorded output").
///
/// Invariant: `ids`, `last` and (when encoding) `index` describe the same elements: `ids[i]` was
/// first named by the frame's i-th new element reference, `index[ids[i]] == i`, and `last[i]` is that
/// element's last presented sample in the frame, or (0, 0, 0, 0, 1) before one.
struct ElementTable {
  var ids: [String] = []
  /// Position of each id in `ids`; kept by the encoder only.
  var index: [String: Int] = [:]
  var last: [PresentedValues] = []

  /// A presented sample's five values: frame (x, y, width, height, pt) and opacity.
  struct PresentedValues: Equatable {
    var x = 0.0
    var y = 0.0
    var width = 0.0
    var height = 0.0
    var opacity = 1.0
  }
}

extension RecordCodec {
  /// The most elements one `layout` or `presented` record may list.
  static let maxElementsPerRecord = 256

  /// Writes an element reference: 0 and the id for an id new to the frame, else its position + 1.
  private mutating func encodeReference(_ id: String, into w: inout ByteWriter) -> Int {
    recordStrings += id.utf8.count
    if let i = elements.index[id] {
      w.varint(UInt64(i) + 1)
      return i
    }
    w.varint(0)
    w.string(id)
    let i = elements.ids.count
    elements.ids.append(id)
    elements.index[id] = i
    elements.last.append(ElementTable.PresentedValues())
    return i
  }

  /// Reads an element reference (``encodeReference(_:into:)``) and returns the id's table position.
  private mutating func decodeReference(from r: inout ByteReader) throws(ByteReader.Failure) -> Int {
    let reference = try r.varint()
    if reference == 0 {
      let (start, count) = try r.stringBytes()
      let id = try r.string(at: start, count: count)
      recordStrings += count
      elements.ids.append(id)
      elements.last.append(ElementTable.PresentedValues())
      return elements.ids.count - 1
    }
    guard reference <= UInt64(elements.ids.count) else {
      throw ByteReader.Failure(
        reason: "element reference \(reference) names none of the frame's \(elements.ids.count) id"
          + (elements.ids.count == 1 ? "" : "s"))
    }
    let i = Int(reference - 1)
    recordStrings += elements.ids[i].utf8.count
    return i
  }

  /// `layout` body: scene, flags u8 (bit 0 shape, bit 1 presentation, bit 2 columns), the flagged
  /// fields, element count, then per element a reference, flags u8 (bit 0 interactive) and the frame
  /// as four doubles at the scene's scale.
  mutating func encodeLayout(scene: SceneID, _ layout: RecordedLayout, into w: inout ByteWriter) {
    let s = scale(of: scene)
    w.varint(UInt64(scene.rawValue))
    var flags: UInt8 = 0
    if layout.shape != nil { flags |= 1 }
    if layout.presentation != nil { flags |= 2 }
    if layout.columns != nil { flags |= 4 }
    w.u8(flags)
    if let shape = layout.shape {
      w.string(shape)
      recordStrings += shape.utf8.count
    }
    if let presentation = layout.presentation {
      w.string(presentation)
      recordStrings += presentation.utf8.count
    }
    if let columns = layout.columns { w.varint(UInt64(columns)) }
    w.varint(UInt64(layout.elements.count))
    for element in layout.elements {
      _ = encodeReference(element.id, into: &w)
      w.u8(element.isInteractive ? 1 : 0)
      w.double(element.frame.x, scale: s)
      w.double(element.frame.y, scale: s)
      w.double(element.frame.width, scale: s)
      w.double(element.frame.height, scale: s)
    }
  }

  mutating func decodeLayout(scale s: Double, from r: inout ByteReader, maxElements: Int, itemsRead: Int)
    throws(ByteReader.Failure) -> RecordedLayout
  {
    let flags = try r.u8()
    var layout = RecordedLayout(elements: [])
    if flags & 1 != 0 {
      let (start, count) = try r.stringBytes()
      layout.shape = try r.string(at: start, count: count)
      recordStrings += count
    }
    if flags & 2 != 0 {
      let (start, count) = try r.stringBytes()
      layout.presentation = try r.string(at: start, count: count)
      recordStrings += count
    }
    if flags & 4 != 0 {
      let columns = try r.varint()
      guard columns <= 65_535 else { throw ByteReader.Failure(reason: "column count \(columns) too large") }
      layout.columns = Int(columns)
    }
    let count = try elementCount(&r, minimumBytes: 6, maxElements: maxElements, itemsRead: itemsRead)
    layout.elements.reserveCapacity(count)
    for _ in 0..<count {
      let i = try decodeReference(from: &r)
      let interactive = try r.u8() & 1 != 0
      let frame = TraceRect(
        x: try r.double(scale: s), y: try r.double(scale: s), width: try r.double(scale: s),
        height: try r.double(scale: s))
      layout.elements.append(RecordedElement(id: elements.ids[i], frame: frame, isInteractive: interactive))
    }
    return layout
  }

  /// `presented` body: scene, element count, then per element a reference, a mask u8 (bits 0–4: x, y,
  /// width, height, opacity differ from the element's last sample in the frame) and one delta double
  /// per set bit, against that sample, on the grid of ``PresentedElement/frameGrid`` and
  /// ``PresentedElement/opacityGrid``.
  mutating func encodePresented(scene: SceneID, _ list: [PresentedElement], into w: inout ByteWriter) {
    w.varint(UInt64(scene.rawValue))
    w.varint(UInt64(list.count))
    let frameGrid = PresentedElement.frameGrid
    for element in list {
      let i = encodeReference(element.id, into: &w)
      let previous = elements.last[i]
      let values = ElementTable.PresentedValues(
        x: element.frame.x, y: element.frame.y, width: element.frame.width, height: element.frame.height,
        opacity: element.opacity)
      var mask: UInt8 = 0
      if values.x.bitPattern != previous.x.bitPattern { mask |= 1 }
      if values.y.bitPattern != previous.y.bitPattern { mask |= 2 }
      if values.width.bitPattern != previous.width.bitPattern { mask |= 4 }
      if values.height.bitPattern != previous.height.bitPattern { mask |= 8 }
      if values.opacity.bitPattern != previous.opacity.bitPattern { mask |= 16 }
      w.u8(mask)
      if mask & 1 != 0 { w.delta(values.x, from: previous.x, scale: frameGrid) }
      if mask & 2 != 0 { w.delta(values.y, from: previous.y, scale: frameGrid) }
      if mask & 4 != 0 { w.delta(values.width, from: previous.width, scale: frameGrid) }
      if mask & 8 != 0 { w.delta(values.height, from: previous.height, scale: frameGrid) }
      if mask & 16 != 0 {
        w.delta(values.opacity, from: previous.opacity, scale: PresentedElement.opacityGrid)
      }
      elements.last[i] = values
    }
  }

  mutating func decodePresented(from r: inout ByteReader, maxElements: Int, itemsRead: Int)
    throws(ByteReader.Failure) -> [PresentedElement]
  {
    let count = try elementCount(&r, minimumBytes: 2, maxElements: maxElements, itemsRead: itemsRead)
    var list: [PresentedElement] = []
    list.reserveCapacity(count)
    let frameGrid = PresentedElement.frameGrid
    for _ in 0..<count {
      let i = try decodeReference(from: &r)
      var values = elements.last[i]
      let mask = try r.u8()
      guard mask & 0xE0 == 0 else { throw ByteReader.Failure(reason: "invalid presented mask \(mask)") }
      if mask & 1 != 0 { values.x = try r.delta(from: values.x, scale: frameGrid) }
      if mask & 2 != 0 { values.y = try r.delta(from: values.y, scale: frameGrid) }
      if mask & 4 != 0 { values.width = try r.delta(from: values.width, scale: frameGrid) }
      if mask & 8 != 0 { values.height = try r.delta(from: values.height, scale: frameGrid) }
      if mask & 16 != 0 {
        values.opacity = try r.delta(from: values.opacity, scale: PresentedElement.opacityGrid)
      }
      elements.last[i] = values
      list.append(
        PresentedElement(
          id: elements.ids[i],
          frame: TraceRect(x: values.x, y: values.y, width: values.width, height: values.height),
          opacity: values.opacity))
    }
    return list
  }

  /// An element count, checked against the record's remaining bytes (`minimumBytes` per element), the
  /// per-record limit and the frame's remaining item budget (`maxElements`, after `itemsRead` items)
  /// before anything is allocated.
  private func elementCount(_ r: inout ByteReader, minimumBytes: Int, maxElements: Int, itemsRead: Int)
    throws(ByteReader.Failure) -> Int
  {
    let count = try r.count(limit: r.remaining / minimumBytes)
    guard count <= Self.maxElementsPerRecord else {
      throw ByteReader.Failure(reason: "\(count) elements, more than \(Self.maxElementsPerRecord)")
    }
    guard count <= maxElements else {
      throw Self.frameItemsExceeded(count, "elements", remaining: maxElements, read: itemsRead)
    }
    return count
  }
}

extension ByteWriter {
  /// A *delta double*: `value` as the even varint zigzag(n − m) << 1, where n / `scale` is `value` bit
  /// for bit and m is the numerator of `previous` (0 when `previous` has none); else `1` and the raw
  /// bits.
  mutating func delta(_ value: Double, from previous: Double, scale: Double) {
    if let n = CompactDouble.numerator(of: value, scale: scale) {
      let m = CompactDouble.numerator(of: previous, scale: scale) ?? 0
      varint(CompactDouble.zigzag(n - m) << 1)
    } else {
      varint(1)
      u64(value.bitPattern)
    }
  }
}

extension ByteReader {
  /// A delta double (``ByteWriter/delta(_:from:scale:)``) against `previous`.
  /// - Throws: ``ByteReader/Failure`` for an odd form other than 1, or a cut field.
  mutating func delta(from previous: Double, scale: Double) throws(Failure) -> Double {
    let u = try varint()
    if u == 1 { return Double(bitPattern: try u64()) }
    guard u & 1 == 0 else { throw Failure(reason: "invalid double form \(u)") }
    let m = CompactDouble.numerator(of: previous, scale: scale) ?? 0
    let (n, overflow) = m.addingReportingOverflow(CompactDouble.unzigzag(u &>> 1))
    guard !overflow else { throw Failure(reason: "presented delta overflows") }
    return CompactDouble.value(n, scale: scale)
  }
}
