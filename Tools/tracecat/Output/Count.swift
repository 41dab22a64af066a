/// A count and its noun, singular for exactly one: `1 frame`, `3 frames`, `0 events`.
struct Count: CustomStringConvertible {
  var value: Int
  var noun: String

  init(_ value: Int, _ noun: String) {
    self.value = value
    self.noun = noun
  }

  var description: String { value == 1 ? "\(value) \(noun)" : "\(value) \(noun)s" }
}
