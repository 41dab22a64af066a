import FoldReplay
import FoldTrace
import LayoutCore

extension SceneGeometry {
  /// The layout shape LayoutCore derives from this geometry, through FoldReplay's
  /// `LayoutShape.init(_:)` (the same conversion replay's `LayoutContext` uses), so tracecat embeds no
  /// layout rule of its own (`000_e528e4f7338d08ab.txt`, "쉐이프 5개로 묶기").
  var layoutShape: LayoutShape { LayoutShape(self) }
}
