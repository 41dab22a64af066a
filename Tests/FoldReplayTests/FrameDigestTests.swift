import FoldTrace
import LayoutCore
import Testing

@testable import FoldReplay

/// The frame digest folds each element's id hash and numbers in as 64-bit words (FNV-1a's step with a
/// word in place of a byte); these tests hold it to a plain restatement of that definition and show that
/// every number it covers moves the hash.
@Suite struct FrameDigestTests {
  static let prime: UInt64 = 0x100_0000_01b3

  /// The definition, spelled out: per element the FNV-1a hash of the id's bytes as one word, then nine
  /// words.
  static func reference(_ sample: FrameSample, from start: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var hash = start
    for element in sample.elements {
      var id: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in element.id.utf8 { id = (id ^ UInt64(byte)) &* prime }
      let rects = [element.frame, element.target]
      let numbers =
        [Int64(bitPattern: id), Int64(bitPattern: sample.time), Int64(sample.scene.rawValue)]
        + rects.flatMap { [$0.x, $0.y, $0.width, $0.height].map { Int64(($0 * 1000).rounded()) } }
        + [Int64((element.opacity * 1000).rounded())]
      for number in numbers { hash = (hash ^ UInt64(bitPattern: number)) &* prime }
    }
    return hash
  }

  static func element(_ id: String, x: Double, opacity: Double = 1) -> ElementPresentation {
    ElementPresentation(
      id: id, frame: Rect(x: x, y: 20.25, width: 300.5, height: 44),
      target: Rect(x: 10, y: 20, width: 300, height: 44), velocity: RectVelocity(x: 5), opacity: opacity,
      phase: .present, outgoing: nil, isSettled: false)
  }

  static func sample(_ elements: [ElementPresentation], time: UInt64 = 1_008_333_333) -> FrameSample {
    FrameSample(
      scene: SceneID(rawValue: 2), time: time, eventIndex: 7, elements: elements, isSettled: false,
      reduceMotion: false, isInteractivelyResizing: false)
  }

  @Test func aFrameHashesAsTheDefinitionSays() {
    let sample = Self.sample([Self.element("toolbar", x: 12.3456), Self.element("list", x: -0.0005)])
    var digest = FNV1a64()
    digest.combine(sample)
    #expect(digest.value == Self.reference(sample))
    // Continuing from a previous state, as the verifier does record after record.
    var continued = FNV1a64()
    continued.combine("layout\n")
    let start = continued.value
    continued.combine(sample)
    #expect(continued.value == Self.reference(sample, from: start))
  }

  @Test func everyNumberAndTheOrderMoveTheHash() {
    func hash(_ sample: FrameSample) -> UInt64 {
      var digest = FNV1a64()
      digest.combine(sample)
      return digest.value
    }
    let base = hash(Self.sample([Self.element("a", x: 1), Self.element("b", x: 2)]))
    let variants = [
      Self.sample([Self.element("a", x: 1.001), Self.element("b", x: 2)]),
      Self.sample([Self.element("a", x: 1), Self.element("b", x: 2, opacity: 0.999)]),
      Self.sample([Self.element("b", x: 2), Self.element("a", x: 1)]),
      Self.sample([Self.element("a", x: 1), Self.element("c", x: 2)]),
      Self.sample([Self.element("a", x: 1), Self.element("b", x: 2)], time: 1_016_666_667),
    ]
    #expect(variants.map(hash).allSatisfy { $0 != base })
    // A change below the rounding (a ten-thousandth of a point) is not a change.
    #expect(hash(Self.sample([Self.element("a", x: 1.0001), Self.element("b", x: 2)])) == base)
  }

  /// The verifier hashes frames through ``FrameDigest``, which reuses each position's id word and
  /// thousandths while they repeat: over samples that repeat, change, reorder, grow and shrink, come
  /// from several scenes, settle and come back, it must give the hash the definition gives.
  @Test func theRememberingDigestEqualsTheDefinition() {
    let ids = ["toolbar", "list", "grid.column.12", "détail", "an.identifier.longer.than.16", "x", ""]
    var samples: [FrameSample] = []
    var time: UInt64 = 1_000_000_000
    for step in 0..<60 {
      let scene = SceneID(rawValue: UInt32(1 + step % 3 + (step >= 40 ? step % 7 : 0)))
      let count = 2 + step % 5
      let rotation = step / 10
      let elements = (0..<count).map { index -> ElementPresentation in
        var element = Self.element(
          ids[(index + rotation) % ids.count], x: step % 4 == 0 ? 12.5 : Double(step) * 0.37,
          opacity: step % 6 == 0 ? 0.5 : 1)
        if step % 9 == 0 { element.frame.y = -0.0 }
        if step % 13 == 0 { element.target.width = .nan }
        if step % 11 == 0 { element.target.x = Double(step) }
        return element
      }
      var sample = Self.sample(elements, time: time)
      sample.scene = scene
      sample.isSettled = step % 8 == 7
      samples.append(sample)
      time += 8_333_333
    }
    var reference = FNV1a64()
    var digest = FNV1a64()
    var remembering = FrameDigest()
    var agreed = 0
    for sample in samples {
      reference.combine(sample)
      remembering.combine(sample, into: &digest)
      if digest == reference { agreed += 1 }
    }
    #expect(agreed == samples.count)
  }

  /// An id written the other way at the same position ("é" as one scalar, then as e + U+0301) is the same
  /// Swift string but other bytes: the remembered word must not be reused for it.
  @Test func anIDWithOtherBytesButEqualIsHashedAfresh() {
    let composed = Self.sample([Self.element("d\u{E9}tail", x: 1)])
    let decomposed = Self.sample([Self.element("de\u{301}tail", x: 1)], time: 1_016_666_666)
    #expect(composed.elements[0].id == decomposed.elements[0].id)
    var reference = FNV1a64()
    var digest = FNV1a64()
    var remembering = FrameDigest()
    for sample in [composed, decomposed] {
      reference.combine(sample)
      remembering.combine(sample, into: &digest)
    }
    #expect(digest == reference)
  }
}
