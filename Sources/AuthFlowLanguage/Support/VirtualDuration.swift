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
    guard let seconds = Self.seconds(writtenAs: text), seconds <= Self.maximum.seconds else { return nil }
    self.seconds = seconds
  }

  /// The seconds `text` writes as a duration, however many (past ``maximum`` too); nil when it writes none.
  package static func seconds(writtenAs text: String) -> Int64? {
    // Read from the UTF-8 bytes: every loaded `wait` and knob comes through here, and a character-by-character
    // reading with a string of digits cost thirty times as much. Any byte that is not an ASCII digit or one of
    // the units (a space, a sign, a combining mark after a digit) makes the text no duration.
    var total: Int64 = 0
    var value: Int64 = 0
    var sawDigit = false
    var nextUnit = 0
    var sawUnit = false
    for byte in text.utf8 {
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        sawDigit = true
        // However many digits: past `cap` a number is longer than `maximum` in any unit, and stays there
        // instead of overflowing, so `99999999999999s` is too long, not malformed.
        value = min(value * 10 + Int64(byte - UInt8(ascii: "0")), Self.cap)
        continue
      }
      guard sawDigit, let unit = Self.unit(byte), unit.order >= nextUnit else { return nil }
      total += value * unit.seconds
      nextUnit = unit.order + 1
      (value, sawDigit, sawUnit) = (0, false, true)
    }
    guard !sawDigit, sawUnit else { return nil }
    return total
  }

  /// A count past which any unit makes a duration longer than ``maximum``: small enough that four of them in
  /// days still fit in `Int64`.
  private static let cap: Int64 = 1_000_000_000_000

  /// A unit letter's place in the order `d`, `h`, `m`, `s` and its length.
  private static func unit(_ byte: UInt8) -> (order: Int, seconds: Int64)? {
    switch byte {
    case UInt8(ascii: "d"): (0, 86_400)
    case UInt8(ascii: "h"): (1, 3600)
    case UInt8(ascii: "m"): (2, 60)
    case UInt8(ascii: "s"): (3, 1)
    default: nil
    }
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
