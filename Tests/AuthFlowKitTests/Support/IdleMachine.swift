@testable import AuthFlowEngine
@testable import AuthFlowLanguage

/// An app that does nothing whatever the user does: signed out on `start`, for tests that need a machine whose
/// behaviour is only the harness's.
final class IdleMachine: Machine {
  var state: AuthState { .signedOut }
  var screen: String { "start" }
  var error: AuthErrorCode? { nil }
  var ui: [String: String] { [:] }
  func perform(_ action: Action) throws {}
}
