import FoldTrace

extension SessionSynthesizer {
  /// Plays seeded mixed use until `end` (nanoseconds): reading pauses of 0.8–6 s between gestures drawn
  /// from what the device allows in its current state (weights are assumptions: scrolling dominates,
  /// posture and window changes come every few gestures).
  /// - Parameter drain: Called after each gesture with the events published so far (it may take them);
  ///   returns false to stop early.
  /// - Complexity: O(events produced).
  mutating func mixedUse(until end: UInt64, draining drain: EventDrain) {
    while true {
      now += Self.nanoseconds(random.uniform(0.8...6.0))
      guard now < end else { break }
      let gesture = nextMixedGesture()
      // Every candidate is valid in the current state by construction; a refusal is skipped.
      try? perform(gesture, at: now)
      guard drain(&model.events) else { return }
    }
    now = max(now, end)
  }

  /// Draws one gesture valid for the device's current state. Scrolls stay within the content: a fling
  /// drawn past `item-399` (``contentItems``) stops with that row at the top of the viewport.
  mutating func nextMixedGesture() -> Gesture {
    let lastRow = Double(Self.contentItems - 1) * Self.rowHeight
    let fling = random.uniform(-1600...2400).rounded()
    var options: [(Double, Gesture)] = [
      (5, .scroll(.by(min(fling, max(0, lastRow - model.scrollOffset))), duration: nil, second: false)),
      (1, .scroll(.item(random.integer(0...300)), duration: nil, second: false)),
      (2, .select(item: "item-\(random.integer(0...300))", second: false)),
      (0.3, .traits(.dynamicType(ContentSizeCategory.allCases[random.integer(0...11)]))),
      (0.2, .traits(.reduceMotion(!model.traits.reduceMotion))),
    ]
    let profile = model.profile
    if profile.hinge != nil {
      options += duoOptions()
    } else if let window = profile.window, window.windowOnly {
      options.append((3, .resize(to: randomWindowSize(), duration: nil)))
      options.append((0.3, .secondScene(connect: model.secondScene == nil)))
    } else if profile.multitasking != nil {
      options += iPadOptions()
    } else {
      options.append((1, .rotate(to: nil)))
    }
    let total = options.reduce(0) { $0 + $1.0 }
    var draw = random.uniform(0...total)
    for (weight, gesture) in options {
      if draw < weight { return gesture }
      draw -= weight
    }
    return options[0].1
  }

  /// Candidates on a foldable.
  mutating func duoOptions() -> [(Double, Gesture)] {
    switch model.hingeStatus {
    case .closed?, nil:
      let via = random.unit() < 0.3 ? [random.uniform(80...140).rounded()] : []
      return [(2, .hinge(to: 180, via: via, duration: nil, pause: random.uniform(0.1...0.4)))]
    case .partiallyOpen?:
      return [
        (2, .hinge(to: 180, via: [], duration: nil, pause: 0)),
        (1, .hinge(to: 0, via: [], duration: nil, pause: 0)),
      ]
    case .fullyOpen?, .unknown?:
      var options: [(Double, Gesture)] = [
        (1.5, .hinge(to: random.uniform(85...150).rounded(), via: [], duration: nil, pause: 0)),
        (1.5, .hinge(to: 0, via: [], duration: nil, pause: 0)),
        (1, .rotate(to: nil)),
        (0.7, .camera(on: !model.cameraActive)),
        (0.4, .secondScene(connect: model.secondScene == nil)),
      ]
      switch model.arrangement {
      case .split:
        options.append((0.7, .splitView(.exit)))
      case .full:
        options.append(
          (0.6, .splitView(.enter(side: random.unit() < 0.5 ? .left : .right, width: .half))))
        options.append(
          (0.6, model.pipHeight == nil ? .pip(.pin(duration: nil)) : .pip(.unpin(duration: nil))))
      default: break
      }
      return options
    }
  }

  /// Candidates on an iPad.
  mutating func iPadOptions() -> [(Double, Gesture)] {
    var options: [(Double, Gesture)] = [(1, .rotate(to: nil))]
    let widths: [Gesture.SplitWidth] = [.oneThird, .half, .twoThirds]
    switch model.arrangement {
    case .full:
      options.append(
        (
          1,
          .splitView(.enter(side: random.unit() < 0.5 ? .left : .right, width: widths[random.integer(0...2)]))
        ))
      options.append((0.5, .slideOver(enter: true)))
      options.append((0.7, .window(enter: true, size: nil)))
    case .split:
      options.append((1, .splitView(.resize(widths[random.integer(0...2)], duration: nil))))
      options.append((0.7, .splitView(.exit)))
    case .slideOver:
      options.append((1, .slideOver(enter: false)))
    case .window:
      options.append((2, .resize(to: randomWindowSize(), duration: nil)))
      options.append((0.5, .window(enter: false, size: nil)))
    }
    return options
  }

  /// A random window size within the current limits.
  mutating func randomWindowSize() -> TraceSize {
    guard let (lo, hi) = windowLimits() else { return TraceSize(width: 600, height: 600) }
    return TraceSize(
      width: random.uniform(lo.width...hi.width).rounded(),
      height: random.uniform(lo.height...hi.height).rounded())
  }
}
