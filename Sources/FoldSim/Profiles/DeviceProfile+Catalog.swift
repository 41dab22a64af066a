import FoldTrace

extension DeviceProfile {
  /// Every built-in profile, in the order `foldsim list` prints them.
  public static let all: [DeviceProfile] = [
    .iPhone, .iPhoneProMax, .iPad11, .iPad13, .macCatalyst, .iPhoneMirroring, .iPhoneDuo,
  ]

  /// The built-in profile with the given ``id``, if any.
  /// - Parameter id: A profile identifier such as `"ipad-11"`.
  public static func named(_ id: String) -> DeviceProfile? {
    all.first { $0.id == id }
  }

  /// The display a scene in `role` lives on, if the profile has one.
  public func display(for role: DisplayRole) -> DisplaySpec? {
    if let secondary, secondary.role == role { return secondary }
    return primary
  }
}

extension DeviceProfile {
  /// The Split View pane width in points for a preset or a number of points.
  /// - Parameters:
  ///   - width: A preset (one third, half, two thirds) or points; points are clamped between the narrow
  ///     pane and the display less the narrow pane and the 10 pt divider, and aligned to pixels.
  ///   - orientation: The display's orientation.
  ///   - display: The display the split is on.
  /// - Returns: The pane's width in points.
  public func splitWidth(_ width: Gesture.SplitWidth, orientation: Orientation, display: DisplaySpec)
    -> Double
  {
    guard let multitasking else { return display.size(orientation).width }
    let widths = multitasking.split.value[orientation]
    switch width {
    case .oneThird: return widths.oneThird
    case .half: return widths.half
    case .twoThirds: return widths.twoThirds
    case .points(let points):
      let total = display.size(orientation).width
      let clamped = min(total - widths.oneThird - 10, max(widths.oneThird, points))
      return (clamped * display.scale.value).rounded() / display.scale.value
    }
  }
}
