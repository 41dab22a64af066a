import LayoutCore

/// How replay output writes numbers and times, so every run and every platform prints the same bytes.
public enum ReplayFormat {
  /// A number in points rounded to 1/1000 pt, written in the shortest form that reads back exactly
  /// (`12.5`, `375`, `-0.125`); `-0` prints as `0`. For sentences and pictures: a non-finite value (a
  /// frame whose x + width overflows) prints as `inf`, `-inf` or `nan`; JSON uses ``json(_:)``.
  ///
  /// Rounding hides last-bit differences between platforms' `exp` and `cos`, so digests agree
  /// everywhere.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
    return finite(value)
  }

  /// ``number(_:)`` as a JSON value: a non-finite value, which JSON cannot write, is `null`.
  public static func json(_ value: Double) -> String {
    value.isFinite ? finite(value) : "null"
  }

  private static func finite(_ value: Double) -> String {
    // From 2⁵³ on every double is a whole number: nothing to round, and `value * 1000` could overflow
    // to infinity (a frame recorded at 1.7e308 pt is printed as such).
    guard abs(value) < 0x1p53 else { return String(value) }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == 0 { return "0" }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
  }

  /// A trace time in seconds with millisecond precision, for messages: `1.250 s`.
  public static func seconds(_ nanoseconds: UInt64) -> String {
    let milliseconds = nanoseconds / 1_000_000
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
  }

  /// A rectangle as `[x, y, w, h]` in points.
  public static func rect(_ rect: Rect) -> String {
    "[\(number(rect.x)), \(number(rect.y)), \(number(rect.width)), \(number(rect.height))]"
  }
}
