import FoldTrace
import LayoutCore

extension SceneGeometry {
  /// The layout shape LayoutCore derives from this geometry: `LayoutShape(horizontal:vertical:isWide:)`
  /// with `Size.isWide`, so tracecat embeds no layout rule of its own (`000_e528e4f7338d08ab.txt`,
  /// "쉐이프 5개로 묶기"; an unspecified size class is passed as nil, which LayoutCore counts as regular).
  var layoutShape: LayoutShape {
    LayoutShape(
      horizontal: horizontal.layoutSizeClass, vertical: vertical.layoutSizeClass,
      isWide: Size(width: size.width, height: size.height).isWide)
  }
}

extension UserInterfaceSizeClass {
  /// LayoutCore's size class, or nil for unspecified.
  var layoutSizeClass: SizeClass? {
    switch self {
    case .compact: .compact
    case .regular: .regular
    case .unspecified: nil
    }
  }
}
