import FoldSim
import LayoutCore

/// Random layout contexts for property tests, from a seeded ``SplitMix64``.
///
/// The domain (documented in LayoutRules.md, "Property-test domain"): sizes 320…1400 × 320…1100 pt
/// (LayoutRules.md, "Resizable windows": widths are continuous from 320 pt); safe-area insets drawn
/// independently per edge (top 0…60, bottom 0…40, leading and trailing 0…60); any size classes,
/// including unspecified; `canFold` at random; with probability 0.3 an active vertical division (0, 10,
/// 20 or 30 pt wide, full height, its centre in the middle 30…70 % of the width); with probability 0.2
/// an active horizontal division (full width, centre at 30…70 % of the height); with probability 0.5 one
/// or two occlusions of 20…100 × 20…60 pt anywhere in the scene; any bar edge, direction and Dynamic
/// Type size.
package struct ContextGenerator {
  package var rng: SplitMix64

  package init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  package mutating func sizeClass() -> SizeClass? { rng.pick([SizeClass.compact, .regular, nil]) }

  package mutating func next() -> LayoutContext {
    let width = rng.double(in: 320...1400)
    let height = rng.double(in: 320...1100)
    let safe = EdgeInsets(
      top: rng.double(in: 0...60), leading: rng.double(in: 0...60), bottom: rng.double(in: 0...40),
      trailing: rng.double(in: 0...60))
    var divisions: [Rect] = []
    if rng.chance(0.3) {
      let w = rng.pick([0.0, 10, 20, 30])
      let mid = width * rng.double(in: 0.3...0.7)
      divisions.append(Rect(x: mid - w / 2, y: 0, width: w, height: height))
    }
    if rng.chance(0.2) {
      let h = rng.pick([0.0, 10, 20, 30])
      let mid = height * rng.double(in: 0.3...0.7)
      divisions.append(Rect(x: 0, y: mid - h / 2, width: width, height: h))
    }
    var occlusions: [Rect] = []
    if rng.chance(0.5) {
      for _ in 0..<(rng.chance(0.5) ? 1 : 2) {
        let w = rng.double(in: 20...100)
        let h = rng.double(in: 20...60)
        occlusions.append(
          Rect(x: rng.double(in: 0...(width - w)), y: rng.double(in: 0...(height - h)), width: w, height: h))
      }
    }
    return LayoutContext(
      horizontalSizeClass: sizeClass(), verticalSizeClass: sizeClass(),
      size: Size(width: width, height: height), safeArea: safe, activeDivisions: divisions,
      canFold: rng.chance(0.5) || !divisions.isEmpty, occlusions: occlusions,
      toolbarVerticalEdge: rng.pick([ToolbarVerticalEdge.leading, .trailing, nil]),
      layoutDirection: rng.pick(LayoutDirection.allCases),
      dynamicTypeSize: rng.pick(DynamicTypeSize.allCases))
  }
}

extension LayoutContext {
  /// This context with another shape (everything else equal).
  package func with(shape: LayoutShape) -> LayoutContext {
    var copy = self
    copy.shape = shape
    return copy
  }

  /// This context with another width; the shape follows the new aspect ratio as the guide derives it
  /// (regularTall ↔ regularWide), size classes otherwise kept.
  package func with(width: Double) -> LayoutContext {
    var copy = self
    copy.size.width = width
    if shape == .regularTall || shape == .regularWide {
      copy.shape = copy.size.isWide ? .regularWide : .regularTall
    }
    return copy
  }
}
