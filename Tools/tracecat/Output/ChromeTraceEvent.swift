import Foundation

/// One event of the Chrome Trace Event format ("Trace Event Format", Google, the JSON object form that
/// chrome://tracing and Perfetto UI open): `ph` is the phase — `M` metadata, `X` complete slice, `C`
/// counter, `i` instant; `ts` and `dur` are in microseconds.
struct ChromeTraceEvent: Encodable, Sendable {
  /// An argument value: text, a number, or a count.
  enum Argument: Encodable, Sendable, Equatable {
    case text(String)
    case number(Double)
    /// A whole count, written as its exact decimal digits up to 2⁶⁴ − 1 (a `Double` keeps 53 bits and
    /// spells 10²⁰ as `1e+20`).
    case count(UInt64)

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .text(let text): try container.encode(text)
      case .number(let number): try container.encode(number)
      case .count(let count): try container.encode(count)
      }
    }
  }

  /// An event's arguments in the order of their keys' UTF-8 bytes — the order `JSONEncoder` writes them
  /// in with sorted keys — written as a dictionary literal. A single argument, what most events carry,
  /// is held inline: no allocation, no hashing.
  struct Arguments: Encodable, Sendable, ExpressibleByDictionaryLiteral {
    private enum Storage: Sendable {
      case one(String, Argument)
      /// Two or more, keys distinct, in order.
      case many([(String, Argument)])
    }
    private let storage: Storage

    /// The arguments, in any order; sorted here.
    ///
    /// - Precondition: The keys are distinct.
    /// - Complexity: O(a log a) for a arguments.
    init(_ elements: [(String, Argument)]) {
      if elements.count == 1 {
        storage = .one(elements[0].0, elements[0].1)
      } else {
        let sorted = elements.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        precondition(zip(sorted, sorted.dropFirst()).allSatisfy { $0.0 != $1.0 }, "duplicate argument keys")
        storage = .many(sorted)
      }
    }

    /// The arguments of a literal, in any order.
    init(dictionaryLiteral elements: (String, Argument)...) { self.init(elements) }

    /// Calls `body` with each argument, in key order.
    func forEach(_ body: (_ key: String, _ value: Argument) throws -> Void) rethrows {
      switch storage {
      case .one(let key, let value): try body(key, value)
      case .many(let pairs): for (key, value) in pairs { try body(key, value) }
      }
    }

    /// Encoded as the dictionary it stands for, so that `JSONEncoder` writes (and, for a non-finite
    /// number, refuses) exactly what it did for a `[String: Argument]`.
    func encode(to encoder: any Encoder) throws {
      var dictionary: [String: Argument] = [:]
      forEach { dictionary[$0] = $1 }
      try dictionary.encode(to: encoder)
    }
  }

  /// The slice's, counter's or metadata record's name.
  var name: String
  /// The category, for filtering in the viewer.
  var cat: String?
  /// The phase: `M`, `X`, `C` or `i`.
  var ph: String
  /// Microseconds since session start.
  var ts: Double
  /// Microseconds, for `X` slices.
  var dur: Double?
  /// The process: 1 for the device, 1000 + n (modulo 2³²) for scene n.
  var pid: Int
  /// The thread (track) within the process.
  var tid: Int
  /// Scope of an instant event: `g` global, `p` process, `t` thread.
  var s: String?
  /// Arguments: metadata names, counter values.
  var args: Arguments?

  /// Microseconds from nanoseconds, exactly as far as a Double carries them.
  static func microseconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1000 }

  /// A metadata event naming a process or thread, or setting its sort index.
  static func metadata(_ name: String, pid: Int, tid: Int = 0, _ args: Arguments) -> Self {
    Self(name: name, ph: "M", ts: 0, pid: pid, tid: tid, args: args)
  }

  /// A complete slice from `start` to `end` nanoseconds.
  static func slice(
    _ name: String, category: String, from start: UInt64, to end: UInt64, pid: Int, tid: Int
  ) -> Self {
    Self(
      name: name, cat: category, ph: "X", ts: microseconds(start), dur: microseconds(end - start), pid: pid,
      tid: tid)
  }

  /// A counter sample.
  static func counter(_ name: String, at time: UInt64, pid: Int, _ args: Arguments) -> Self {
    Self(name: name, ph: "C", ts: microseconds(time), pid: pid, tid: 0, args: args)
  }

  /// An instant event.
  static func instant(
    _ name: String, category: String, at time: UInt64, pid: Int, tid: Int, scope: String,
    _ args: Arguments? = nil
  ) -> Self {
    Self(name: name, cat: category, ph: "i", ts: microseconds(time), pid: pid, tid: tid, s: scope, args: args)
  }
}
