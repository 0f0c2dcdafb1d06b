import AuthFlowLanguage
extension Duration {
  /// The duration in whole nanoseconds (truncated), saturating at `Int64`'s bounds.
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    guard seconds < Int64.max / 1_000_000_000, seconds > Int64.min / 1_000_000_000 else {
      return seconds > 0 ? .max : .min
    }
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }

  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
