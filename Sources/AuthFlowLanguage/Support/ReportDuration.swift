/// Durations as reports print them: whole milliseconds written as seconds with three decimals (`0.250`), so a
/// suite's time is exactly the sum of its scenarios' times.
package enum ReportDuration {
  /// `seconds` rounded to whole milliseconds; a negative, infinite or NaN duration counts as zero.
  package static func milliseconds(_ seconds: Double) -> Int64 {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    return Int64((min(seconds, 1e12) * 1000).rounded())
  }

  /// `1234` → `1.234`.
  package static func text(milliseconds: Int64) -> String {
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
