import AuthFlowLanguage

/// What a device's app shows at one moment: its auth state, screen and error, as transcripts write them.
package struct DeviceSnapshot: Equatable, Sendable {
  package var state: String
  package var screen: String
  package var error: AuthErrorCode?

  /// `signedOut on login`, `signedIn on home, error network-request-failed`.
  var description: String {
    "\(state) on \(screen)" + (error.map { ", error \($0)" } ?? "")
  }

  /// What changed since `old`: `state signedOut → signedIn, screen login → home, error cleared`.
  func changes(since old: DeviceSnapshot) -> String {
    var parts: [String] = []
    if state != old.state { parts.append("state \(old.state) → \(state)") }
    if screen != old.screen { parts.append("screen \(old.screen) → \(screen)") }
    if error != old.error { parts.append(error.map { "shows error \($0)" } ?? "error cleared") }
    return parts.joined(separator: ", ")
  }
}
