extension SessionRecorder {
  /// Records the app's layout after a layout pass that changed something (format 1.1).
  ///
  /// Call it from the layout pass (`viewDidLayoutSubviews`, a SwiftUI `onGeometryChange`) with the
  /// frames the pass left at rest, not on every pass: only when the shape, presentation, columns or a
  /// frame changed. See <doc:RecordingOutput> for an integration sketch.
  ///
  /// - Parameters:
  ///   - scene: The scene, as ``connectScene(_:display:scale:)`` numbered it.
  ///   - layout: The decisions and at-rest frames, in points.
  /// - Returns: True when recorded, false when dropped (the buffer was full).
  /// - Throws: As ``record(_:)``: ``SessionRecorderError/invalidEvent(kind:reason:)`` for a value no
  ///   trace may hold (more than 256 elements, a frame not finite, a column count outside 1…65 535, a
  ///   string over 64 KiB, or over 512 KiB of UTF-8 in the shape, presentation and ids together), a
  ///   header that declares format 1.0, or a layout that would take the strings of the state every
  ///   keyframe repeats — each connected scene's anchor, selection and last layout — over 4 MiB
  ///   (``TraceEvent/maxStateStringBytes``; the scene's previous layout no longer counts).
  /// - Complexity: O(n) validation for n elements; the elements are moved, not copied.
  @discardableResult
  public func recordLayout(scene: SceneID, _ layout: consuming RecordedLayout) throws -> Bool {
    try record(.layout(scene: scene, layout))
  }

  /// Records one display refresh of the elements that moved (format 1.1): their on-screen frames and
  /// opacities, rounded to the presented grid (``PresentedElement/quantized()``: 1/1536 pt, 1/1024).
  ///
  /// Call it once per display refresh while anything animates (a `CADisplayLink` callback), with the
  /// presentation layers' values of the elements that moved since the last sample, and once more when
  /// they come to rest. The array is moved into the trace: keep one per sample, built with
  /// `reserveCapacity`, and the per-refresh path allocates that array alone — nothing per element
  /// (the ids are the views' own strings, retained; the values are rounded in place).
  ///
  /// - Parameters:
  ///   - scene: The scene, as ``connectScene(_:display:scale:)`` numbered it.
  ///   - elements: The moving elements' frames (points, scene coordinates) and opacities (0…1).
  /// - Returns: True when recorded, false when dropped (the buffer was full).
  /// - Throws: As ``recordLayout(scene:_:)``; an opacity outside 0…1 is refused, and ids totalling
  ///   over 512 KiB of UTF-8 (an id counts at every element naming it).
  /// - Complexity: O(n) for n elements.
  @discardableResult
  public func recordPresented(scene: SceneID, _ elements: consuming [PresentedElement]) throws -> Bool {
    var sample = elements
    for i in sample.indices { sample[i].quantize() }
    return try record(.presented(scene: scene, sample))
  }
}
