import FoldReplay
import FoldTrace
import LayoutCore

extension SceneGeometry {
  /// The layout shape LayoutCore derives from this geometry, through FoldReplay's
  /// `LayoutShape.init(_:)` (the same conversion replay's `LayoutContext` uses), so tracecat embeds no
  /// layout rule of its own (LayoutCore's LayoutRules, "L1: shape and presentation").
  var layoutShape: LayoutShape { LayoutShape(self) }
}
