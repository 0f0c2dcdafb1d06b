/// An instant on the virtual clock, in whole seconds since 1970-01-01T00:00:00Z.
public struct VirtualTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z.
  public var secondsSince1970: Int64

  /// The instant `secondsSince1970` seconds after 1970-01-01T00:00:00Z.
  public init(secondsSince1970: Int64) { self.secondsSince1970 = secondsSince1970 }

  /// `2026-01-01T00:00:00Z`, the default `given.now`.
  public static let defaultStart = VirtualTime(secondsSince1970: 1_767_225_600)

  /// Whether `lhs` is earlier.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }
  /// The instant `rhs` after `lhs`.
  public static func + (lhs: Self, rhs: VirtualDuration) -> Self {
    Self(secondsSince1970: lhs.secondsSince1970 + rhs.seconds)
  }
  /// The instant `rhs` before `lhs`.
  public static func - (lhs: Self, rhs: VirtualDuration) -> Self {
    Self(secondsSince1970: lhs.secondsSince1970 - rhs.seconds)
  }
  /// How long after `rhs` `lhs` is.
  public static func - (lhs: Self, rhs: Self) -> VirtualDuration {
    VirtualDuration(seconds: lhs.secondsSince1970 - rhs.secondsSince1970)
  }

  /// Parses an RFC 3339 timestamp: `2026-03-01T09:00:00Z`, `2026-03-01T10:00:00+01:00`,
  /// `2026-03-01 09:00:00Z`, or a bare date `2026-03-01` (midnight UTC). Fractions of a second are dropped.
  public init?(parsing text: String) {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int64? {
      guard range.upperBound <= bytes.count else { return nil }
      var value: Int64 = 0
      for byte in bytes[range] {
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int64(byte - 48)
      }
      return value
    }
    guard bytes.count >= 10, bytes[4] == 45, bytes[7] == 45,
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var seconds = Self.daysSince1970(year: year, month: month, day: day) * 86_400
    if bytes.count == 10 {
      self.secondsSince1970 = seconds
      return
    }
    guard bytes.count >= 20, bytes[10] == 84 || bytes[10] == 116 || bytes[10] == 32,
      bytes[13] == 58, bytes[16] == 58,
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      hour < 24, minute < 60, second < 60
    else { return nil }
    seconds += hour * 3600 + minute * 60 + second
    var index = 19
    if bytes[index] == 46 {
      index += 1
      let start = index
      while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
      guard index > start else { return nil }
    }
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case 90, 122:  // Z z
      guard index + 1 == bytes.count else { return nil }
    case 43, 45:  // + -
      guard index + 6 == bytes.count, bytes[index + 3] == 58,
        let offsetHours = number(index + 1..<index + 3), let offsetMinutes = number(index + 4..<index + 6),
        offsetHours < 24, offsetMinutes < 60
      else { return nil }
      let offset = offsetHours * 3600 + offsetMinutes * 60
      seconds += bytes[index] == 43 ? -offset : offset
    default:
      return nil
    }
    self.secondsSince1970 = seconds
  }

  /// `2026-03-01T09:00:00Z`.
  public var description: String {
    let days = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
    let secondOfDay = secondsSince1970 - days * 86_400
    let (year, month, day) = Self.civil(fromDays: days)
    guard (0...9999).contains(year) else {
      // Years a scenario cannot write (`given.now` has four digits) but a long wait can reach.
      func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
      }
      return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
        + "\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }
    // Every transcript line starts with one: twenty ASCII digits and separators written in place.
    return String(unsafeUninitializedCapacity: 20) { text in
      func put(_ value: Int64, digits: Int, at start: Int) {
        var value = value
        for index in stride(from: start + digits - 1, through: start, by: -1) {
          text[index] = UInt8(truncatingIfNeeded: 48 + value % 10)
          value /= 10
        }
      }
      put(year, digits: 4, at: 0)
      text[4] = 45  // -
      put(month, digits: 2, at: 5)
      text[7] = 45
      put(day, digits: 2, at: 8)
      text[10] = 84  // T
      put(secondOfDay / 3600, digits: 2, at: 11)
      text[13] = 58  // :
      put(secondOfDay % 3600 / 60, digits: 2, at: 14)
      text[16] = 58
      put(secondOfDay % 60, digits: 2, at: 17)
      text[19] = 90  // Z
      return 20
    }
  }

  // Howard Hinnant's days-from-civil and civil-from-days algorithms.
  static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
