import FoldReplay
import FoldTrace
import LayoutCore

extension SceneGeometry {
  /// The layout shape LayoutCore derives from this geometry: `LayoutShape(horizontal:vertical:isWide:)`
  /// with `Size.isWide`, so tracecat embeds no layout rule of its own (`000_e528e4f7338d08ab.txt`,
  /// "쉐이프 5개로 묶기"; an unspecified size class is passed as nil, which LayoutCore counts as regular).
  /// The recorded values are converted by FoldReplay's `SizeClass.init?(_:)` and `Size.init(_:)`.
  var layoutShape: LayoutShape {
    LayoutShape(horizontal: SizeClass(horizontal), vertical: SizeClass(vertical), isWide: Size(size).isWide)
  }
}
