/// A deterministic text-measurement model: how many lines a run of body text wraps to at a width and a
/// Dynamic Type size, and how tall that is.
///
/// There is no font engine in LayoutCore, so text is measured with a documented model, exact in Double
/// arithmetic:
///
/// - the body point size and line height per Dynamic Type size are the iOS Body row of the HIG's Dynamic
///   Type sizes table (Human Interface Guidelines, Typography, "Dynamic Type sizes"): xSmall 14/19,
///   small 15/20, medium 16/21, large 17/22, xLarge 19/24, xxLarge 21/26, xxxLarge 23/29, AX1 28/34,
///   AX2 33/40, AX3 40/48, AX4 47/56, AX5 53/62 (point size / line height, points);
/// - every character advances ``characterWidthEm`` × the point size (0.5 em by default, the average advance
///   of proportional Latin text), so characters per line = ⌊width / (point size × em)⌋, at least 1;
/// - lines = ⌈characters / characters per line⌉ (0 characters take 0 lines); height = lines × line height.
///
/// Text wraps by whole characters (no hyphenation, no word breaking): the model only has to move the way real
/// text moves — narrower or larger text gets taller in steps of one line — and be the same on every run.
///
/// The layout rules' text model (`TextMetrics`, readable width) uses the same point sizes and 0.5 em advance;
/// this one takes the line heights from the HIG table instead of a ratio, so scroll heights are whole points
/// and every anchoring test can state its expected offset exactly.
public struct ScrollTextMetrics: Sendable, Hashable {
  /// Average character advance as a fraction of the point size (em).
  public var characterWidthEm: Double

  /// Creates a model.
  ///
  /// - Parameter characterWidthEm: Average advance per character in em; must be positive. Default 0.5.
  public init(characterWidthEm: Double = 0.5) {
    precondition(characterWidthEm > 0, "characterWidthEm must be positive")
    self.characterWidthEm = characterWidthEm
  }

  /// The default model (0.5 em per character).
  public static let standard = ScrollTextMetrics()

  /// The body point size at `size`, in points (HIG Typography, Dynamic Type sizes, iOS Body).
  public static func pointSize(_ size: DynamicTypeSize) -> Double {
    switch size {
    case .xSmall: 14
    case .small: 15
    case .medium: 16
    case .large: 17
    case .xLarge: 19
    case .xxLarge: 21
    case .xxxLarge: 23
    case .accessibility1: 28
    case .accessibility2: 33
    case .accessibility3: 40
    case .accessibility4: 47
    case .accessibility5: 53
    }
  }

  /// The body line height (leading) at `size`, in points (HIG Typography, Dynamic Type sizes, iOS Body).
  public static func lineHeight(_ size: DynamicTypeSize) -> Double {
    switch size {
    case .xSmall: 19
    case .small: 20
    case .medium: 21
    case .large: 22
    case .xLarge: 24
    case .xxLarge: 26
    case .xxxLarge: 29
    case .accessibility1: 34
    case .accessibility2: 40
    case .accessibility3: 48
    case .accessibility4: 56
    case .accessibility5: 62
    }
  }

  /// The average advance of one character at `size`, in points.
  public func characterWidth(_ size: DynamicTypeSize) -> Double {
    Self.pointSize(size) * characterWidthEm
  }

  /// How many characters fit on one line `width` points wide; at least 1.
  ///
  /// - Complexity: O(1).
  public func charactersPerLine(width: Double, size: DynamicTypeSize) -> Int {
    guard width > 0 else { return 1 }
    let fit = (width / characterWidth(size)).rounded(.down)
    return fit >= 1 ? Int(min(fit, Double(Int32.max))) : 1
  }

  /// How many lines `characters` characters wrap to at `width` points.
  ///
  /// - Complexity: O(1).
  public func lineCount(characters: Int, width: Double, size: DynamicTypeSize) -> Int {
    guard characters > 0 else { return 0 }
    let perLine = charactersPerLine(width: width, size: size)
    return (characters + perLine - 1) / perLine
  }

  /// The height of `characters` characters of body text wrapped at `width` points, in points.
  ///
  /// - Complexity: O(1).
  public func height(characters: Int, width: Double, size: DynamicTypeSize) -> Double {
    Double(lineCount(characters: characters, width: width, size: size)) * Self.lineHeight(size)
  }
}
