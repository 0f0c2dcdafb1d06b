import AuthFlowLanguage

/// What the app shows, as the adapter reports it in `ready` and `done`.
struct AppView: Equatable, Sendable {
  var state: AuthState
  var screen: String
  var error: AuthErrorCode?
  var ui: [String: String]

  /// Before the adapter has said anything.
  static let starting = AppView(state: .signedOut, screen: "starting", error: nil, ui: [:])
}
