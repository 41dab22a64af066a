import FoldSim

/// The text of `foldsim list`: every device with its metrics and their sources
/// (``DeviceProfile/metrics``), then every gesture with its parameters.
enum Listing {
  static func render() -> String {
    var out = "DEVICES\n"
    for profile in DeviceProfile.all {
      out += "\n\(profile.id) — \(profile.summary)\n"
      var section = ""
      for metric in profile.metrics {
        if metric.section != section {
          section = metric.section
          out += "  \(section):\n"
        }
        out += "    \(metric.name): \(metric.value)\n      \(metric.source)\n"
      }
    }
    out += "\nGESTURES (every step also takes: gesture, at, after, label)\n"
    for spec in GestureSpec.all {
      out += "\n\(spec.name) — \(spec.summary)\n"
      for p in spec.parameters {
        out += "    \(p.name)\(p.required ? " (required)" : ""): \(p.type) — \(p.summary)\n"
      }
    }
    return out
  }
}
