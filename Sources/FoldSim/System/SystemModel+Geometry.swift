import FoldTrace

extension SystemModel {
  /// What the system reports for one scene: its frame on the display and its geometry and regions.
  struct SceneReport: Equatable {
    var frame: TraceRect
    var geometry: SceneGeometry
    var regions: [ReservedRegion]?
  }

  /// The report for the main scene in the current state.
  func mainReport() -> SceneReport {
    let display = activeDisplay
    let size = display.size(orientation)
    var frame = TraceRect(x: 0, y: 0, width: size.width, height: size.height)
    var rule = display.sizeClasses.value[orientation]
    var insets = display.safeArea.value[orientation]
    var bars = display.verticalBars.value[orientation]
    var minimum: TraceSize?
    var maximum: TraceSize?
    var hasRegions = true
    switch arrangement {
    case .full:
      if let pip = effectivePiPHeight(displaySize: size) {
        frame.y = pip
        frame.height = size.height - pip
        insets.top = max(0, insets.top - pip)
      }
    case .window(let windowSize):
      let window = profile.window!
      frame = TraceRect(x: 0, y: 0, width: windowSize.width, height: windowSize.height)
      rule = window.sizeClasses.value
      insets = window.safeArea.value
      bars = nil
      hasRegions = false
      if window.reportsRestrictions {
        minimum = window.minimumSize.value
        maximum = window.maximumSize.value
      }
    case .split(let side, let width):
      let multitasking = profile.multitasking!
      frame.width = width
      frame.x = side == .left ? 0 : size.width - width
      rule = multitasking.sizeClasses.value
      let outer = max(insets.left, insets.right)
      insets = multitasking.safeArea.value
      if multitasking.barsOnOuterEdge, bars != nil {
        bars = side
        if side == .left { insets.left = outer } else { insets.right = outer }
      } else {
        bars = nil
      }
    case .slideOver:
      let multitasking = profile.multitasking!
      let width = multitasking.slideOverWidth?.value ?? size.width
      let inset = multitasking.slideOverInset.value
      frame = TraceRect(
        x: size.width - width - inset / 2, y: inset / 2, width: width, height: size.height - inset)
      rule = multitasking.sizeClasses.value
      insets = .zero
      bars = nil
    }
    let sceneSize = TraceSize(width: frame.width, height: frame.height)
    let (h, v) = rule.classes(for: sceneSize)
    let geometry = SceneGeometry(
      size: sceneSize, safeArea: directional(insets), horizontal: h, vertical: v,
      isInteractivelyResizing: isInteractivelyResizing, verticalBarEdge: directional(bars),
      minimumSize: minimum, maximumSize: maximum)
    let regions = hasRegions ? self.regions(display: display, displaySize: size, sceneFrame: frame) : nil
    return SceneReport(frame: frame, geometry: geometry, regions: regions)
  }

  /// The report for a second scene full-screen on `role`'s display (Duo) or in a window.
  func secondReport(role: DisplayRole) -> SceneReport {
    if role == .window || role == .mirroring, let window = profile.window {
      let size = window.initialSize.value
      let (h, v) = window.sizeClasses.value.classes(for: size)
      let frame = TraceRect(x: 0, y: 0, width: size.width, height: size.height)
      return SceneReport(
        frame: frame,
        geometry: SceneGeometry(
          size: size, safeArea: directional(window.safeArea.value), horizontal: h, vertical: v), regions: nil)
    }
    let display = profile.display(for: role) ?? profile.primary
    let orientation = Orientation.portrait
    let size = display.size(orientation)
    let frame = TraceRect(x: 0, y: 0, width: size.width, height: size.height)
    let (h, v) = display.sizeClasses.value[orientation].classes(for: size)
    let geometry = SceneGeometry(
      size: size, safeArea: directional(display.safeArea.value[orientation]), horizontal: h, vertical: v,
      verticalBarEdge: directional(display.verticalBars.value[orientation]))
    return SceneReport(
      frame: frame, geometry: geometry,
      regions: regions(display: display, displaySize: size, sceneFrame: frame, hingeApplies: false))
  }

  /// The PiP video's height over the app, in points: the half above a horizontal fold while partially
  /// open, else the pinned height (LayoutCore's LayoutRules, "iPhone Duo": folded, the video fills half the
  /// display).
  func effectivePiPHeight(displaySize: TraceSize) -> Double? {
    guard let pipHeight else { return nil }
    if hingeStatus == .partiallyOpen, activeDisplay.division != nil,
      displaySize.height > displaySize.width
    {
      return displaySize.height / 2
    }
    return pipHeight
  }

  /// The natural pinned PiP height on the active display: full width at the video's aspect, at most half
  /// the display.
  public var naturalPiPHeight: Double {
    let size = activeDisplay.size(orientation)
    let aspect = profile.pip?.aspect.value ?? 16.0 / 9.0
    return pixelAligned(min(size.width / aspect, size.height / 2))
  }

  /// The display's reserved regions in the scene's coordinates: the camera when it overlaps the scene,
  /// the division when it touches it. Nil when the display has neither.
  func regions(
    display: DisplaySpec, displaySize: TraceSize, sceneFrame: TraceRect, hingeApplies: Bool = true
  ) -> [ReservedRegion]? {
    guard display.camera != nil || display.division != nil else { return nil }
    var result: [ReservedRegion] = []
    if let division = display.division {
      let partial = hingeApplies && hingeStatus == .partiallyOpen
      let band = division.frame(displaySize: displaySize, partiallyOpen: partial)
      if let local = Self.clip(band, to: sceneFrame) {
        result.append(ReservedRegion(kind: .division, frame: local, isActive: partial))
      }
    }
    if let camera = display.camera {
      let displayOrientation = display.role == activeDisplay.role ? orientation : .portrait
      var rect = camera.frame.value[displayOrientation]
      if liveActivity, let expanded = camera.liveActivityFrame { rect = expanded.value[displayOrientation] }
      if let local = Self.clip(rect, to: sceneFrame), local.width > 0, local.height > 0 {
        result.append(
          ReservedRegion(kind: .occlusion, frame: local, isActive: camera.alwaysActive || cameraActive))
      }
    }
    return result
  }

  /// `rect` clipped to `frame` and moved into `frame`'s coordinates; nil when they do not even touch.
  static func clip(_ rect: TraceRect, to frame: TraceRect) -> TraceRect? {
    let x0 = max(rect.x, frame.x)
    let y0 = max(rect.y, frame.y)
    let x1 = min(rect.x + rect.width, frame.x + frame.width)
    let y1 = min(rect.y + rect.height, frame.y + frame.height)
    guard x1 >= x0, y1 >= y0 else { return nil }
    return TraceRect(x: x0 - frame.x, y: y0 - frame.y, width: x1 - x0, height: y1 - y0)
  }

  /// Physical insets as top, leading, bottom, trailing for the current layout direction.
  func directional(_ insets: PhysicalInsets) -> TraceInsets {
    traits.layoutDirection == .leftToRight
      ? TraceInsets(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
      : TraceInsets(top: insets.top, leading: insets.right, bottom: insets.bottom, trailing: insets.left)
  }

  /// A physical bar edge as leading/trailing for the current layout direction.
  func directional(_ edge: PhysicalEdge?) -> VerticalBarEdge {
    guard let edge else { return .none }
    let isLeft = edge == .left
    return (isLeft == (traits.layoutDirection == .leftToRight)) ? .leading : .trailing
  }
}
