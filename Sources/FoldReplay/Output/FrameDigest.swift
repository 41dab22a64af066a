import FoldTrace
import LayoutCore

/// Hashes frame samples into an ``FNV1a64`` exactly as ``FNV1a64/combine(_:)-(FrameSample)`` does,
/// remembering per scene what each position of the previous sample held.
///
/// Tick after tick a scene's sample lists the same elements in the same order, and most of their numbers
/// repeat (targets change only at a retarget, opacity rests at 1, an element at rest repeats its frame).
/// So for each position the digest keeps the element's id with its UTF-8 bytes, and each number with its
/// thousandths: an id identical to the remembered one is hashed from the kept bytes, and a number equal
/// to the remembered one (`==`: +0 and −0 have the same thousandths) reuses its word. The hash is the
/// same; only the work to reach it shrinks.
///
/// Memory stays bounded by the scenes in motion: a scene's memory is dropped with its settled sample.
struct FrameDigest {
  /// What one position of a scene's previous sample held.
  private struct Slot {
    var id: String
    /// The id's UTF-8 bytes, little-endian, the first eight in `low` and the next eight in `high`, when
    /// it has at most 16 (`length`); `length` is −1 for a longer id, hashed from the string.
    var low: UInt64 = 0
    var high: UInt64 = 0
    var length = -1
    /// The frame, target and opacity last hashed here, and their thousandths.
    var frame = Quad(repeating: .nan)
    var frameWords = SIMD4<Int64>()
    var target = Quad(repeating: .nan)
    var targetWords = SIMD4<Int64>()
    var opacity = Double.nan
    var opacityWord: Int64 = 0

    /// A slot that matches nothing: its id is empty and its numbers are NaN (not equal to themselves).
    static let empty = Slot(id: "")

    /// Remembers `id` and its bytes.
    mutating func remember(_ id: String) {
      self.id = id
      var id = id
      let packed = id.withUTF8 { bytes -> (UInt64, UInt64, Int) in
        guard bytes.count <= 16 else { return (0, 0, -1) }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
          if index < 8 {
            low |= UInt64(byte) << (8 * UInt64(index))
          } else {
            high |= UInt64(byte) << (8 * UInt64(index - 8))
          }
        }
        return (low, high, bytes.count)
      }
      (low, high, length) = packed
    }
  }

  /// x, y, width and height.
  private typealias Quad = SIMD4<Double>

  /// Each scene's slots, the scene that started moving last at the end (one or two move at a time: a
  /// linear search from the end).
  private var scenes: [(scene: SceneID, slots: [Slot])] = []
  /// The scenes remembered at most: a scene that disconnects while it moves sends no settled sample, so
  /// the one that started moving first is forgotten beyond this (forgetting only costs recomputing).
  private static let sceneLimit = 4

  /// `value` after the low `count` bytes (at most 8) of `bytes`, least significant first: FNV-1a's step
  /// per byte.
  @inline(__always)
  private static func mixBytes(_ bytes: UInt64, count: Int, into value: UInt64) -> UInt64 {
    var value = value
    var bytes = bytes
    if count == 8 {
      // The whole word, unrolled.
      for _ in 0..<8 {
        value = (value ^ (bytes & 0xff)) &* FNV1a64.prime
        bytes &>>= 8
      }
      return value
    }
    for _ in 0..<count {
      value = (value ^ (bytes & 0xff)) &* FNV1a64.prime
      bytes &>>= 8
    }
    return value
  }

  /// The thousandths of four numbers (``FNV1a64/thousandths(_:)``).
  @inline(__always)
  private static func thousandths(_ numbers: Quad) -> SIMD4<Int64> {
    SIMD4(
      FNV1a64.thousandths(numbers[0]), FNV1a64.thousandths(numbers[1]), FNV1a64.thousandths(numbers[2]),
      FNV1a64.thousandths(numbers[3]))
  }

  /// Hashes `sample` into `hash`: per element its id's bytes and a 0 byte, then the tick time, the scene,
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
    sample.elements.withUnsafeBufferPointer { elements in
      slots.withUnsafeMutableBufferPointer { slots in
        guard let firstElement = elements.baseAddress, let firstSlot = slots.baseAddress else { return }
        for offset in 0..<count {
          let element = firstElement + offset
          let slot = firstSlot + offset
          if slot.pointee.id != element.pointee.id { slot.pointee.remember(element.pointee.id) }
          if slot.pointee.length >= 0 {
            value = Self.mixBytes(slot.pointee.low, count: min(slot.pointee.length, 8), into: value)
            if slot.pointee.length > 8 {
              value = Self.mixBytes(slot.pointee.high, count: slot.pointee.length - 8, into: value)
            }
          } else {
            var text = FNV1a64(value: value)
            text.combine(element.pointee.id)
            value = text.value
          }
          value = FNV1a64.mixWord(0, into: value)
          value = FNV1a64.mixWord(time, into: value)
          value = FNV1a64.mixWord(scene, into: value)
          let frame = element.pointee.frame
          let frameNumbers = Quad(frame.x, frame.y, frame.width, frame.height)
          if frameNumbers != slot.pointee.frame {
            slot.pointee.frame = frameNumbers
            slot.pointee.frameWords = Self.thousandths(frameNumbers)
          }
          let target = element.pointee.target
          let targetNumbers = Quad(target.x, target.y, target.width, target.height)
          if targetNumbers != slot.pointee.target {
            slot.pointee.target = targetNumbers
            slot.pointee.targetWords = Self.thousandths(targetNumbers)
          }
          let opacity = element.pointee.opacity
          if opacity != slot.pointee.opacity {
            slot.pointee.opacity = opacity
            slot.pointee.opacityWord = FNV1a64.thousandths(opacity)
          }
          let frameWords = slot.pointee.frameWords
          let targetWords = slot.pointee.targetWords
          value = FNV1a64.mixWord(frameWords[0], into: value)
          value = FNV1a64.mixWord(frameWords[1], into: value)
          value = FNV1a64.mixWord(frameWords[2], into: value)
          value = FNV1a64.mixWord(frameWords[3], into: value)
          value = FNV1a64.mixWord(targetWords[0], into: value)
          value = FNV1a64.mixWord(targetWords[1], into: value)
          value = FNV1a64.mixWord(targetWords[2], into: value)
          value = FNV1a64.mixWord(targetWords[3], into: value)
          value = FNV1a64.mixWord(slot.pointee.opacityWord, into: value)
        }
      }
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
