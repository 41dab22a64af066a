/// Identifies a scene within one trace: a small integer the recorder assigns when the scene connects
/// (for example in `scene(_:willConnectTo:options:)`), stable for the scene's life. UIKit's string
/// `persistentIdentifier` is mapped to it by the recorder; traces never carry it.
public struct SceneID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The scene number.
  public var rawValue: UInt32
  /// Creates a scene id.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Creates a scene id.
  public init(_ rawValue: UInt32) { self.rawValue = rawValue }
  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
  /// The scene number in decimal.
  public var description: String { String(rawValue) }
}

/// The display a scene is shown on.
public enum DisplayRole: String, Sendable, Hashable, CaseIterable {
  /// iPhone Duo's external (cover) display.
  case external
  /// iPhone Duo's internal (foldable) display.
  case `internal`
  /// A resizable window: iPad windowing, Mac Catalyst.
  case window
  /// iPhone Mirroring on a Mac.
  case mirroring
  /// An external monitor attached to the device.
  case externalMonitor
}

/// UIKit's `UIUserInterfaceSizeClass`: the system's judgement of the space in one axis.
public enum UserInterfaceSizeClass: String, Sendable, Hashable, CaseIterable {
  /// Constrained space.
  case compact
  /// Expansive space.
  case regular
  /// Not reported. Layout treats it as regular (LayoutCore's LayoutRules, "L1: shape and presentation").
  case unspecified
}

/// Where the system places bars that can stand vertically (UIKit `verticalBarEdge`, SwiftUI
/// `toolbarVerticalEdge`).
public enum VerticalBarEdge: String, Sendable, Hashable, CaseIterable {
  /// Bars are horizontal (the trait is nil).
  case none
  /// Bars stand along the leading edge.
  case leading
  /// Bars stand along the trailing edge.
  case trailing
}

/// A scene's geometry as the system last reported it (`windowScene(_:didUpdateEffectiveGeometry:)`).
public struct SceneGeometry: Sendable, Equatable {
  /// The scene's size, in points. Width and height are finite and ≥ 0.
  public var size: TraceSize
  /// Safe-area insets, in points (top, leading, bottom, trailing), each finite and ≥ 0.
  public var safeArea: TraceInsets
  /// Horizontal size class.
  public var horizontal: UserInterfaceSizeClass
  /// Vertical size class.
  public var vertical: UserInterfaceSizeClass
  /// True while the user drags the window's size (`isInteractivelyResizing`; LayoutCore's LayoutRules,
  /// "Resizable windows").
  public var isInteractivelyResizing: Bool
  /// Where vertical bars stand, if they do.
  public var verticalBarEdge: VerticalBarEdge
  /// The minimum window size the app declared (`sizeRestrictions`), in points, if any.
  public var minimumSize: TraceSize?
  /// The maximum window size the app declared, in points, if any.
  public var maximumSize: TraceSize?

  /// Creates a geometry report.
  public init(
    size: TraceSize, safeArea: TraceInsets = .zero, horizontal: UserInterfaceSizeClass,
    vertical: UserInterfaceSizeClass, isInteractivelyResizing: Bool = false,
    verticalBarEdge: VerticalBarEdge = .none, minimumSize: TraceSize? = nil, maximumSize: TraceSize? = nil
  ) {
    self.size = size
    self.safeArea = safeArea
    self.horizontal = horizontal
    self.vertical = vertical
    self.isInteractivelyResizing = isInteractivelyResizing
    self.verticalBarEdge = verticalBarEdge
    self.minimumSize = minimumSize
    self.maximumSize = maximumSize
  }
}

/// The hinge's posture (`hinge.status`). For interaction and effects only: layout decides from reserved
/// regions, never from the hinge (LayoutCore's LayoutRules, "Three layers", L3).
public enum HingeStatus: String, Sendable, Hashable, CaseIterable {
  /// Folded shut.
  case closed
  /// Partly open, as a book or in tabletop.
  case partiallyOpen
  /// Flat.
  case fullyOpen
  /// Not reported.
  case unknown
}

/// A hinge report.
public struct HingeState: Sendable, Equatable {
  /// The hinge's posture.
  public var status: HingeStatus
  /// The opening angle in degrees (0 closed, 180 flat), when the device reports it. Effects only.
  public var angle: Double?

  /// Creates a hinge report.
  public init(status: HingeStatus, angle: Double? = nil) {
    self.status = status
    self.angle = angle
  }
}

/// A region of the scene that the system reserves (iOS 27.1 `reservedRegions(kind:)`).
public struct ReservedRegion: Sendable, Equatable {
  /// The kind of reservation.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The fold's division: a line (zero width when flat) that splits the display in two.
    case division
    /// A hardware occlusion, such as the internal camera.
    case occlusion
  }

  /// The kind of reservation.
  public var kind: Kind
  /// The region's frame in the scene's coordinates, in points (x, y, width, height).
  public var frame: TraceRect
  /// True when the region is in effect now (a division is active only while partially open).
  public var isActive: Bool

  /// Creates a region.
  public init(kind: Kind, frame: TraceRect, isActive: Bool) {
    self.kind = kind
    self.frame = frame
    self.isActive = isActive
  }
}

/// UIKit's `UIContentSizeCategory`, the Dynamic Type size, smallest first.
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable, Comparable {
  case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
  case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
  case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

  /// True for the five accessibility sizes.
  public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

  public static func < (a: Self, b: Self) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// UIKit's `UIUserInterfaceLayoutDirection`.
public enum UserInterfaceLayoutDirection: String, Sendable, Hashable, CaseIterable {
  /// Left to right.
  case leftToRight = "ltr"
  /// Right to left.
  case rightToLeft = "rtl"
}

/// The traits of a scene that affect layout.
public struct SceneTraits: Sendable, Equatable {
  /// Dynamic Type size.
  public var contentSizeCategory: ContentSizeCategory
  /// Reduce Motion is on.
  public var reduceMotion: Bool
  /// Prefer Cross-Fade Transitions is on.
  public var prefersCrossFade: Bool
  /// Reduce Transparency is on.
  public var reduceTransparency: Bool
  /// Layout direction.
  public var layoutDirection: UserInterfaceLayoutDirection

  /// Creates a trait report. The defaults are the system's defaults.
  public init(
    contentSizeCategory: ContentSizeCategory = .large, reduceMotion: Bool = false,
    prefersCrossFade: Bool = false, reduceTransparency: Bool = false,
    layoutDirection: UserInterfaceLayoutDirection = .leftToRight
  ) {
    self.contentSizeCategory = contentSizeCategory
    self.reduceMotion = reduceMotion
    self.prefersCrossFade = prefersCrossFade
    self.reduceTransparency = reduceTransparency
    self.layoutDirection = layoutDirection
  }
}
