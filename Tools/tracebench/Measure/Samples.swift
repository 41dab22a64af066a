/// Repeated measurements of one figure: the median and the range.
struct Samples: Sendable {
  /// The measured values, in measurement order.
  var values: [Double]

  init(_ values: [Double]) { self.values = values }

  /// The median (the mean of the middle two for an even count).
  var median: Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The smallest value.
  var min: Double { values.min() ?? .nan }
  /// The largest value.
  var max: Double { values.max() ?? .nan }

  /// Runs `body` `runs` times and collects the value it returns each time.
  static func collect(runs: Int, _ body: () throws -> Double) rethrows -> Samples {
    var values: [Double] = []
    for _ in 0..<Swift.max(runs, 1) { values.append(try body()) }
    return Samples(values)
  }
}
