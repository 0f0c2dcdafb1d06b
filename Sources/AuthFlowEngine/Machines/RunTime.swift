import AuthFlowLanguage
/// Durations in messages about app work.
enum RunTime {
  /// `10s`, `0.5s`, `0.000001s`: seconds with as many decimals as needed (to the nanosecond).
  static func seconds(_ duration: Duration) -> String {
    let nanoseconds = max(duration.nanoseconds, 0)
    let whole = nanoseconds / 1_000_000_000
    var rest = nanoseconds % 1_000_000_000
    guard rest > 0 else { return "\(whole)s" }
    var digits = 9
    while rest % 10 == 0 {
      rest /= 10
      digits -= 1
    }
    let text = String(rest)
    return "\(whole)." + String(repeating: "0", count: digits - text.count) + text + "s"
  }
}
