import FoldTrace

extension SessionSynthesizer {
  /// Rotates the device; Split View keeps its preset, windows are clamped to the rotated display.
  mutating func rotate(to target: Orientation?) throws(SimulationError) {
    if model.profile.isWindowOnly {
      throw SimulationError("\(model.profile.name) windows do not rotate; resize them instead")
    }
    let next = target ?? model.orientation.rotated
    guard next != model.orientation else { return }
    if case .split(let side, let width) = model.arrangement, let widths = model.profile.multitasking?.split {
      let old = widths.value[model.orientation]
      let new = widths.value[next]
      let mapped =
        width == old.oneThird ? new.oneThird : width == old.twoThirds ? new.twoThirds : new.half
      model.arrangement = .split(side: side, width: mapped)
    }
    model.orientation = next
    if case .window(let size) = model.arrangement { model.arrangement = .window(clampedWindow(size)) }
    model.publish(at: now)
  }

  /// The window limits now: the profile's minimum, and its maximum clamped to the display.
  func windowLimits() -> (min: TraceSize, max: TraceSize)? {
    guard let window = model.profile.window else { return nil }
    var maximum = window.maximumSize.value
    if !window.windowOnly {
      let display = model.activeDisplay.size(model.orientation)
      maximum = TraceSize(
        width: min(maximum.width, display.width), height: min(maximum.height, display.height))
    }
    return (window.minimumSize.value, maximum)
  }

  /// `size` clamped to the window limits and the pixel grid.
  func clampedWindow(_ size: TraceSize) -> TraceSize {
    guard let (lo, hi) = windowLimits() else { return size }
    return TraceSize(
      width: model.pixelAligned(min(hi.width, max(lo.width, size.width))),
      height: model.pixelAligned(min(hi.height, max(lo.height, size.height))))
  }

  /// Drags a window edge (or corner) to `target`, sampled at 120 Hz, finger down throughout.
  mutating func resize(to target: TraceSize, duration: Double?) throws(SimulationError) {
    guard case .window(let from) = model.arrangement else {
      throw SimulationError(
        "\(model.profile.name): resize needs a free-form window (use the window gesture first)")
    }
    let to = clampedWindow(target)
    let length = humanDuration(duration, 0.4...1.0)
    model.isInteractivelyResizing = true
    model.publish(at: now)
    animate(duration: length) { model, p, time in
      let size = TraceSize(
        width: model.pixelAligned(from.width + (to.width - from.width) * p),
        height: model.pixelAligned(from.height + (to.height - from.height) * p))
      model.arrangement = .window(size)
      model.publish(at: time)
    }
    model.isInteractivelyResizing = false
    model.publish(at: now)
  }

  /// The Split View width in points for a preset or a number, on the current orientation.
  func splitWidth(_ width: Gesture.SplitWidth) -> Double {
    model.profile.splitWidth(width, orientation: model.orientation, display: model.activeDisplay)
  }

  /// Enters, resizes or leaves Split View.
  mutating func splitView(_ action: Gesture.SplitAction) throws(SimulationError) {
    guard model.profile.multitasking != nil else {
      throw SimulationError("\(model.profile.name) has no Split View")
    }
    if model.profile.secondary != nil, !model.onSecondary {
      throw SimulationError("\(model.profile.name): Split View needs the internal display (open it first)")
    }
    switch action {
    case .enter(let side, let width):
      model.arrangement = .split(side: side, width: splitWidth(width))
      model.pipHeight = nil
      model.publish(at: now)
    case .resize(let width, let duration):
      guard case .split(let side, let from) = model.arrangement else {
        throw SimulationError("\(model.profile.name): not in Split View")
      }
      let to = splitWidth(width)
      model.isInteractivelyResizing = true
      model.publish(at: now)
      animate(duration: humanDuration(duration, 0.4...0.9)) { model, p, time in
        model.arrangement = .split(side: side, width: model.pixelAligned(from + (to - from) * p))
        model.publish(at: time)
      }
      model.isInteractivelyResizing = false
      model.publish(at: now)
    case .exit:
      model.arrangement = .full
      model.publish(at: now)
    }
  }

  /// Enters or leaves Slide Over.
  mutating func slideOver(enter: Bool) throws(SimulationError) {
    guard model.profile.multitasking?.slideOverWidth != nil else {
      throw SimulationError("\(model.profile.name) has no Slide Over")
    }
    model.arrangement = enter ? .slideOver : .full
    model.publish(at: now)
  }

  /// Enters or leaves a free-form window on a device that also has full screen.
  mutating func window(enter: Bool, size: TraceSize?) throws(SimulationError) {
    guard let window = model.profile.window, !window.windowOnly else {
      throw SimulationError("\(model.profile.name) has no full-screen/window switch")
    }
    model.arrangement = enter ? .window(clampedWindow(size ?? window.initialSize.value)) : .full
    model.publish(at: now)
  }

  /// Pins, resizes or unpins a PiP video at the top; the app's height follows the finger.
  mutating func pip(_ action: Gesture.PiPAction) throws(SimulationError) {
    guard model.profile.pip != nil else {
      throw SimulationError("\(model.profile.name) has no PiP pinned at the top")
    }
    guard model.arrangement == .full else {
      throw SimulationError("\(model.profile.name): PiP needs the app full screen")
    }
    let height = model.activeDisplay.size(model.orientation).height
    let from = model.pipHeight ?? 0
    let to: Double
    let duration: Double?
    switch action {
    case .pin(let d):
      to = model.naturalPiPHeight
      duration = d
    case .resize(let h, let d):
      guard model.pipHeight != nil else { throw SimulationError("no PiP video is pinned") }
      to = model.pixelAligned(min(height * 0.6, max(80, h)))
      duration = d
    case .unpin(let d):
      guard model.pipHeight != nil else { throw SimulationError("no PiP video is pinned") }
      to = 0
      duration = d
    }
    model.pipHeight = from
    model.isInteractivelyResizing = true
    model.publish(at: now)
    animate(duration: humanDuration(duration, 0.3...0.7)) { model, p, time in
      model.pipHeight = model.pixelAligned(from + (to - from) * p)
      model.publish(at: time)
    }
    model.isInteractivelyResizing = false
    if to == 0 { model.pipHeight = nil }
    model.publish(at: now)
  }
}
