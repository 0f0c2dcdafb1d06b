/// A length of virtual time, in whole seconds.
///
/// Written in scenarios as `30s`, `5m`, `1h`, `3d` or combinations such as `1h30m`.
public struct VirtualDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The length in whole seconds; negative for a difference that goes back in time.
  public var seconds: Int64

  /// A duration of `seconds`.
  public init(seconds: Int64) { self.seconds = seconds }

  /// `value` seconds.
  public static func seconds(_ value: Int64) -> Self { Self(seconds: value) }
  /// `value` minutes.
  public static func minutes(_ value: Int64) -> Self { Self(seconds: value * 60) }
  /// `value` hours.
  public static func hours(_ value: Int64) -> Self { Self(seconds: value * 3600) }
  /// `value` days.
  public static func days(_ value: Int64) -> Self { Self(seconds: value * 86_400) }

  /// Whether `lhs` is shorter.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.seconds < rhs.seconds }
  /// The two lengths added.
  public static func + (lhs: Self, rhs: Self) -> Self { Self(seconds: lhs.seconds + rhs.seconds) }
  /// `lhs` less `rhs`.
  public static func - (lhs: Self, rhs: Self) -> Self { Self(seconds: lhs.seconds - rhs.seconds) }

  /// The longest duration one `wait` or knob may name: 10 years.
  public static let maximum = Self.days(3660)

  /// Parses `30s`, `5m`, `1h`, `3d`, `1h30m`, `2d12h`: units in descending order, each at most once.
  public init?(parsing text: String) {
    let units: [(Character, Int64)] = [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]
    var total: Int64 = 0
    var digits = ""
    var nextUnit = 0
    var sawUnit = false
    for character in text {
      if character.isASCII, character.isNumber {
        digits.append(character)
        guard digits.count <= 9 else { return nil }
        continue
      }
      guard !digits.isEmpty, let value = Int64(digits),
        let index = units[nextUnit...].firstIndex(where: { $0.0 == character })
      else { return nil }
      total += value * units[index].1
      nextUnit = index + 1
      digits = ""
      sawUnit = true
      if nextUnit > units.count { return nil }
    }
    guard digits.isEmpty, sawUnit, total <= Self.maximum.seconds else { return nil }
    self.seconds = total
  }

  /// The shortest spelling in the scenario syntax: `1h30m`, `45s`, `0s`.
  public var description: String {
    guard seconds > 0 else { return "0s" }
    var rest = seconds
    var text = ""
    for (unit, size) in [("d", Int64(86_400)), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
      text += "\(rest / size)\(unit)"
      rest %= size
    }
    return text
  }
}
