/// A small, documented model of body text size: how wide a run of characters is and how tall a
/// wrapped paragraph is, at a Dynamic Type size.
///
/// LayoutCore cannot measure glyphs (no fonts on Linux, no UIKit), so it uses a model that is exact about
/// the point sizes and deliberately simple about the rest:
/// - the body font's point size per Dynamic Type size is Apple's published Body style table (HIG,
///   Typography, "Dynamic Type sizes", iOS): 14, 15, 16, 17, 19, 21, 23 pt, then 28, 33, 40, 47, 53 pt for
///   the five accessibility sizes;
/// - one character advances ``averageAdvanceRatio`` × point size (0.5 em: the mean advance of mixed-case
///   Latin text in San Francisco Text is 0.47–0.52 em);
/// - a line is the Body style's leading from the same table: 19, 20, 21, 22, 24, 26, 29 pt, then 34, 40,
///   48, 56, 62 pt;
/// - wrapping is greedy by character count: `floor(width / characterWidth)` characters per line.
///
/// It is LayoutCore's only text model: the readable-width rule (``readableWidth(characters:)``), the
/// control rows and the scroll model's text items (`ScrollItem.Content.text`) all measure with it.
///
/// Source: LayoutRules, "Readable width and Dynamic Type" (a line over 85 characters is a readability bug;
/// Dynamic Type is an axis orthogonal to the shape).
public struct TextMetrics: Sendable, Hashable {
  /// A character's mean advance as a fraction of the point size (0.5 em).
  public static let averageAdvanceRatio = 0.5
  /// The longest readable line, in characters (LayoutRules, "Readable width and Dynamic Type").
  public static let readableCharacterLimit = 85

  /// The Dynamic Type size this model measures at.
  public var dynamicTypeSize: DynamicTypeSize

  /// Creates the model for a Dynamic Type size.
  public init(dynamicTypeSize: DynamicTypeSize) {
    self.dynamicTypeSize = dynamicTypeSize
  }

  /// The Body text style's point size at ``dynamicTypeSize`` (HIG Typography table, iOS).
  public var pointSize: Double {
    switch dynamicTypeSize {
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

  /// One character's mean advance, in points.
  public var characterWidth: Double { pointSize * Self.averageAdvanceRatio }

  /// The Body text style's line height (leading) at ``dynamicTypeSize``, in points (HIG Typography table,
  /// iOS).
  public var lineHeight: Double {
    switch dynamicTypeSize {
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

  /// The width of `count` characters on one line, in points.
  ///
  /// - Complexity: O(1).
  public func width(ofCharacters count: Int) -> Double { Double(max(0, count)) * characterWidth }

  /// The widest a body text column may be, in points: `characters` characters at this size.
  ///
  /// - Parameter characters: The line length limit; 85 by default.
  /// - Returns: `characters × characterWidth`, for example 722.5 pt at `.large`.
  /// - Complexity: O(1).
  public func readableWidth(characters: Int = TextMetrics.readableCharacterLimit) -> Double {
    width(ofCharacters: characters)
  }

  /// How many characters fit on one line of `width` points (at least 1).
  ///
  /// - Complexity: O(1).
  public func charactersPerLine(width: Double) -> Int {
    max(1, wholeCount(width / characterWidth))
  }

  /// The number of lines `count` characters wrap to in a column `width` points wide (0 for no text).
  ///
  /// - Complexity: O(1).
  public func lineCount(characters count: Int, width: Double) -> Int {
    guard count > 0 else { return 0 }
    let perLine = charactersPerLine(width: width)
    return (count + perLine - 1) / perLine
  }

  /// The height of a paragraph of `count` characters wrapped in a column `width` points wide, in points.
  ///
  /// - Complexity: O(1).
  public func height(ofCharacters count: Int, width: Double) -> Double {
    Double(lineCount(characters: count, width: width)) * lineHeight
  }
}
