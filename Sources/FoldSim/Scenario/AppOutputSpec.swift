import FoldTrace

/// What a scenario's `appOutput` key asks for: the app's recorded output (`layout`, `presented`,
/// scroll `anchorTop`, format 1.1) synthesized beside the system's events.
///
/// FoldSim plays "the system" and never lays anything out: this is only the request. The `FoldSimApp`
/// module plays "the app" — it runs the named layout and LayoutCore's spring animator on the session and
/// samples them at ``rate`` with display-link jitter and dropped frames, all drawn from the scenario's
/// seed — and the `foldsim` executable links it (the Scenarios article, "The app's output").
public struct AppOutputSpec: Sendable, Equatable {
  /// A way the synthesized app misbehaves, so a known-bad recording shows what a failure looks like.
  public enum Fault: String, Sendable, CaseIterable {
    /// The app moves its elements without animating: one refresh later they are at their new frames.
    case snap
    /// The app floats its compose button at the bottom centre of the scene and never moves it off an
    /// active division: folded as a book, the button rests on the fold.
    case buttonOnFold
    /// When the Duo opens, the new scene starts at the top of its content instead of keeping the anchor
    /// item where the closed scene showed it.
    case loseAnchor
    /// The app decides split or stack from the raw width against ``AppOutputSpec/paneThreshold``, with
    /// no hysteresis: near the threshold its panes flap.
    case flapPanes
    /// The app slides its elements under Reduce Motion instead of cross-fading them.
    case ignoreReduceMotion
  }

  /// The layout the app runs: `"reference"` (the example app's record-list screen), the only one.
  public var layout: String
  /// Display refreshes per second: 60 or 120 Hz.
  public var rate: Int
  /// The most a refresh's timestamp comes late after its vsync, in nanoseconds (default 1 ms): the
  /// display link's callback runs late by a uniform draw in 0…jitter, while the presentation values are
  /// those of the vsync.
  public var jitter: UInt64
  /// The share of refreshes dropped, 0…0.5 (default 0.02): a dropped refresh records no sample.
  public var dropRate: Double
  /// The misbehaviour, if any (default none: the app is the model).
  public var fault: Fault?
  /// With ``Fault/flapPanes``: the width, in points, under which the app stacks its panes.
  public var paneThreshold: Double?

  /// Creates a request.
  public init(
    layout: String = "reference", rate: Int = 120, jitter: UInt64 = 1_000_000, dropRate: Double = 0.02,
    fault: Fault? = nil, paneThreshold: Double? = nil
  ) {
    self.layout = layout
    self.rate = rate
    self.jitter = jitter
    self.dropRate = dropRate
    self.fault = fault
    self.paneThreshold = paneThreshold
  }

  /// The layouts FoldSimApp can run.
  public static let layouts = ["reference"]

  /// Reads `appOutput`: `{"layout": "reference", "rate": 120, "jitter": 1, "dropRate": 0.02,
  /// "fault": "snap", "paneThreshold": 700}`, every key optional (`jitter` in milliseconds).
  static func parse(_ field: ScenarioField) throws(ScenarioError) -> AppOutputSpec {
    let f = try field.members(allowed: ["layout", "rate", "jitter", "dropRate", "fault", "paneThreshold"])
    var spec = AppOutputSpec()
    if let layout = f["layout"] { spec.layout = try layout.choice(layouts.map { ($0, $0) }) }
    if let rate = f["rate"] { spec.rate = try rate.choice([("60", 60), ("120", 120)], number: true) }
    if let jitter = f["jitter"] {
      spec.jitter = UInt64((try jitter.number(0...4, unit: "milliseconds") * 1e6).rounded())
    }
    if let drop = f["dropRate"] { spec.dropRate = try drop.number(0...0.5, unit: "of the refreshes") }
    if let fault = f["fault"] { spec.fault = try fault.choice(Fault.allCases.map { ($0.rawValue, $0) }) }
    if let threshold = f["paneThreshold"] {
      guard spec.fault == .flapPanes else {
        throw threshold.error("paneThreshold is read only with \"fault\": \"flapPanes\"")
      }
      spec.paneThreshold = try threshold.number(100...5000, unit: "points")
    } else if spec.fault == .flapPanes {
      throw field.error("\"fault\": \"flapPanes\" needs \"paneThreshold\" (points)")
    }
    return spec
  }
}

extension ScenarioField {
  /// One of the listed numbers, written as a JSON number.
  fileprivate func choice<T>(_ options: [(String, T)], number: Bool) throws(ScenarioError) -> T {
    guard kind == .number, let match = options.first(where: { $0.0 == document.tape.numberText(index) })
    else {
      throw error("expected one of \(options.map(\.0).joined(separator: ", ")), found \(typeName)")
    }
    return match.1
  }
}
