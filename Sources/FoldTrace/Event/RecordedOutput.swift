/// One element of the app's layout at rest: a view the app placed, as its layout pass left it.
///
/// FoldTrace does not know what a layout is; an element is an id the app chose (for example
/// `"action.compose"` or `"item-42"`), a frame and whether the user can interact with it.
public struct RecordedElement: Sendable, Equatable {
  /// The element's id, stable across layout passes (at most 64 KiB of UTF-8).
  public var id: String
  /// The element's frame at rest in the scene's coordinates, in points (x, y, width, height); origin
  /// finite, size finite and ≥ 0.
  public var frame: TraceRect
  /// True when the user can interact with the element (a button, a text field, a cell).
  public var isInteractive: Bool

  /// Creates an at-rest element.
  public init(id: String, frame: TraceRect, isInteractive: Bool) {
    self.id = id
    self.frame = frame
    self.isInteractive = isInteractive
  }
}

/// The app's layout after a layout pass that changed something: the decisions it made, when it makes
/// them, and its elements at rest.
///
/// `shape`, `presentation` and `columns` are the app's own words (for example `"regularWide"`,
/// `"split"`, 2), carried as recorded; nil when the app does not decide them.
public struct RecordedLayout: Sendable, Equatable {
  /// The layout shape the app chose, if it decides one (at most 64 KiB of UTF-8).
  public var shape: String?
  /// The presentation the app chose (for example `"split"`, `"stack"`), if it decides one.
  public var presentation: String?
  /// The grid's column count, 1…65 535, if the app lays out a grid.
  public var columns: Int?
  /// The elements at rest, at most 256, in the app's order; their ids, with ``shape`` and
  /// ``presentation``, hold at most 512 KiB of UTF-8 together, and a scene's last layout counts
  /// towards the 4 MiB of strings the whole session state may hold (<doc:TraceFormat>, "Keyframes").
  public var elements: [RecordedElement]

  /// Creates a recorded layout.
  public init(
    shape: String? = nil, presentation: String? = nil, columns: Int? = nil, elements: [RecordedElement]
  ) {
    self.shape = shape
    self.presentation = presentation
    self.columns = columns
    self.elements = elements
  }

  /// The element with id `id`, if the layout has one.
  /// - Complexity: O(n) for n elements.
  public func element(_ id: String) -> RecordedElement? { elements.first { $0.id == id } }
}

/// One element's on-screen (presentation-layer) state at one display refresh, while it moves.
public struct PresentedElement: Sendable, Equatable {
  /// The element's id, as in ``RecordedElement/id``.
  public var id: String
  /// The frame on screen in the scene's coordinates, in points (x, y, width, height); origin finite,
  /// size finite and ≥ 0.
  public var frame: TraceRect
  /// The opacity on screen, 0…1.
  public var opacity: Double

  /// Creates a presented element.
  public init(id: String, frame: TraceRect, opacity: Double = 1) {
    self.id = id
    self.frame = frame
    self.opacity = opacity
  }

  /// The grid presented frames are stored on compactly: 1/1536 pt, which holds every pixel edge of 1×,
  /// 2× and 3× displays (1536 = 512 × 3), so a frame at rest on the pixel grid stays exact.
  public static let frameGrid: Double = 1536
  /// The grid presented opacities are stored on compactly: 1/1024.
  public static let opacityGrid: Double = 1024

  /// This element with its frame rounded to 1/``frameGrid`` pt and its opacity to 1/``opacityGrid``
  /// (to nearest, ties away from zero): what ``SessionRecorder/recordPresented(scene:_:)`` records, so
  /// that presentation-layer values, which are arbitrary doubles mid-animation, cost a few bytes.
  /// A value already on the grid is unchanged, bit for bit; a value that is not finite is left as is
  /// (and refused by validation).
  /// - Complexity: O(1).
  public func quantized() -> PresentedElement {
    var element = self
    element.quantize()
    return element
  }

  /// Rounds this element in place, as ``quantized()`` describes.
  /// - Complexity: O(1).
  @inline(__always)
  public mutating func quantize() {
    frame.x = Self.round(frame.x, Self.frameGrid)
    frame.y = Self.round(frame.y, Self.frameGrid)
    frame.width = Self.round(frame.width, Self.frameGrid)
    frame.height = Self.round(frame.height, Self.frameGrid)
    opacity = Self.round(opacity, Self.opacityGrid)
  }

  @inline(__always)
  private static func round(_ value: Double, _ grid: Double) -> Double {
    let scaled = (value * grid).rounded()
    guard scaled.isFinite, abs(scaled) < CompactDouble.limit else { return value }
    return scaled / grid
  }
}
