import FoldTrace
import LayoutCore

/// Hashes frame samples into an ``FNV1a64`` exactly as ``FNV1a64/combine(_:)-(FrameSample)`` does,
/// remembering per scene what each position of the previous sample held.
///
/// Tick after tick a scene's sample lists the same elements in the same order, and most of their numbers
/// repeat (targets change only at a retarget, opacity rests at 1, an element at rest repeats its frame).
/// So for each position the digest keeps the element's id with the word it enters the hash as, and each
/// number with its thousandths: an id identical to the remembered one reuses its word, and so does a
/// number equal to the remembered one (`==`: +0 and −0 have the same thousandths). The hash is the
/// same; only the work to reach it shrinks.
///
/// Memory stays bounded by the scenes in motion: a scene's memory is dropped with its settled sample.
struct FrameDigest {
  /// What one position of a scene's previous sample held.
  private struct Slot {
    var id: String
    /// The word the id enters the hash as (``FNV1a64/idWord(_:)``).
    var idWord: Int64 = 0
    /// Whether the id's bytes are all ASCII (see ``FrameDigest/holdsBytes(of:_:isASCII:)``).
    var idIsASCII = true
    /// The frame, target and opacity last hashed here, and their thousandths.
    var frame = Self.unmatched
    var frameWords = SIMD4<Int64>()
    var target = Self.unmatched
    var targetWords = SIMD4<Int64>()
    var opacity = Double.nan
    var opacityWord: Int64 = 0

    /// A slot that matches nothing: its id is empty and its numbers are NaN (not equal to themselves).
    static let empty = Slot(id: "", idWord: FNV1a64.idWord(""))
    /// A rect of NaNs, equal to no rect.
    static let unmatched = Rect(x: .nan, y: .nan, width: .nan, height: .nan)
  }

  /// Each scene's slots, the scene that started moving last at the end (one or two move at a time: a
  /// linear search from the end).
  private var scenes: [(scene: SceneID, slots: [Slot])] = []
  /// The scenes remembered at most: a scene that disconnects while it moves sends no settled sample, so
  /// the one that started moving first is forgotten beyond this (forgetting only costs recomputing).
  private static let sceneLimit = 4

  /// True when `id` has the same UTF-8 bytes as a slot's id, `slotID`. `==` alone would not do: it equates
  /// canonically equivalent ids, whose bytes (and so words) differ.
  ///
  /// Without reading bytes in the usual case: ids that are `==` with the same UTF-8 count, one of them
  /// all ASCII, have the same bytes. (A string equivalent to an ASCII one normalises to it; the only
  /// non-ASCII scalars that do, singletons such as the Kelvin sign U+212A → "K", take 2 or 3 bytes for
  /// the ASCII one's 1, so the counts differ.) A non-ASCII slot id is compared byte by byte. The usual
  /// case, a position holding the id it held at the tick before, is answered by `==`'s own first test:
  /// the same storage, or the same bytes held inline.
  @inline(__always)
  private static func holdsBytes(of id: String, _ slotID: String, isASCII: Bool) -> Bool {
    guard slotID == id, slotID.utf8.count == id.utf8.count else { return false }
    return isASCII || IDIndex.sameBytes(slotID, id)
  }

  /// The thousandths of x, y, width and height (``FNV1a64/thousandths(_:)``).
  @inline(__always)
  private static func thousandths(_ rect: Rect) -> SIMD4<Int64> {
    SIMD4(
      FNV1a64.thousandths(rect.x), FNV1a64.thousandths(rect.y), FNV1a64.thousandths(rect.width),
      FNV1a64.thousandths(rect.height))
  }

  /// True when each number of `a` is `==` the same one of `b` (NaN equals nothing).
  @inline(__always)
  private static func isSame(_ a: Rect, _ b: Rect) -> Bool {
    a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
  }

  /// `hash` after element `offset` of a sample at `time` (ns) in `scene`: the words of its id, the tick
  /// time, the scene, its frame, target and opacity, each reused from `slot` when the slot holds the same
  /// value, and `slot` holding them afterwards.
  @inline(__always)
  private static func combine(
    _ elements: [ElementPresentation], at offset: Int, _ slot: inout Slot, time: Int64, scene: Int64,
    into hash: UInt64
  ) -> UInt64 {
    // Bytes, not `==`: the word is the hash of the bytes, and canonically equivalent ids differ there.
    if !holdsBytes(of: elements[offset].id, slot.id, isASCII: slot.idIsASCII) {
      let id = elements[offset].id
      slot.id = id
      slot.idWord = FNV1a64.idWord(id)
      slot.idIsASCII = id.utf8.allSatisfy { $0 < 0x80 }
    }
    var value = FNV1a64.mixWord(slot.idWord, into: hash)
    value = FNV1a64.mixWord(time, into: value)
    value = FNV1a64.mixWord(scene, into: value)
    let frame = elements[offset].frame
    if !isSame(frame, slot.frame) {
      slot.frame = frame
      slot.frameWords = thousandths(frame)
    }
    let target = elements[offset].target
    if !isSame(target, slot.target) {
      slot.target = target
      slot.targetWords = thousandths(target)
    }
    let opacity = elements[offset].opacity
    if opacity != slot.opacity {
      slot.opacity = opacity
      slot.opacityWord = FNV1a64.thousandths(opacity)
    }
    value = FNV1a64.mixWord(slot.frameWords[0], into: value)
    value = FNV1a64.mixWord(slot.frameWords[1], into: value)
    value = FNV1a64.mixWord(slot.frameWords[2], into: value)
    value = FNV1a64.mixWord(slot.frameWords[3], into: value)
    value = FNV1a64.mixWord(slot.targetWords[0], into: value)
    value = FNV1a64.mixWord(slot.targetWords[1], into: value)
    value = FNV1a64.mixWord(slot.targetWords[2], into: value)
    value = FNV1a64.mixWord(slot.targetWords[3], into: value)
    return FNV1a64.mixWord(slot.opacityWord, into: value)
  }

  /// Hashes `sample` into `hash`: per element its id's word, then the tick time, the scene,
  /// the frame, the target and the opacity (see ``FNV1a64/combine(_:)-(FrameSample)``).
  ///
  /// - Complexity: O(e) in the sample's elements.
  mutating func combine(_ sample: FrameSample, into hash: inout FNV1a64) {
    // The scene's slots are taken out of the list (swapped for an empty array, so they stay uniquely
    // referenced) and put back in the same place.
    var slots: [Slot] = []
    let position = scenes.indices.last { scenes[$0].scene == sample.scene }
    if let position { swap(&slots, &scenes[position].slots) }
    let count = sample.elements.count
    if slots.count < count {
      slots.append(contentsOf: repeatElement(.empty, count: count - slots.count))
    }
    let time = Int64(bitPattern: sample.time)
    let scene = Int64(sample.scene.rawValue)
    var value = hash.value
    // Each presentation is read in place, field by field, and its slot changed in place.
    for offset in 0..<count {
      value = Self.combine(sample.elements, at: offset, &slots[offset], time: time, scene: scene, into: value)
    }
    hash = FNV1a64(value: value)
    // A settled sample is the scene's last until its next retarget: forget it, as the motion check does.
    if let position {
      if sample.isSettled {
        scenes.remove(at: position)
      } else {
        swap(&slots, &scenes[position].slots)
      }
    } else if !sample.isSettled {
      if scenes.count >= Self.sceneLimit { scenes.removeFirst() }
      scenes.append((sample.scene, slots))
    }
  }
}
