@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Small machines with one deliberate flaw each, for invariants no built-in mutant breaks.
enum TestMachines {
  /// Shows a signed-in user as `signedInUnverified` until `tap: confirm`, which shows `signedIn` without asking
  /// the backend: it trusts a session whose account may be gone or disabled.
  static let trusting = MachineDescriptor(
    name: "trusting", summary: "confirms a session without reloading it",
    supportedActions: [.launch, .terminate, .background, .foreground, .signIn, .signOut, .tap],
    screens: ["login", "pending", "home"], tapTargets: ["confirm"]
  ) { TrustingMachine(client: $0.client) }

  /// The built-in machines plus the test machines.
  static var registry: MachineRegistry {
    var registry = MachineRegistry.builtIn
    registry.register(trusting)
    return registry
  }
}

private final class TrustingMachine: Machine {
  let client: AuthClient
  var confirmed = false
  var error: AuthErrorCode?

  init(client: AuthClient) { self.client = client }

  var state: AuthState {
    guard client.currentUser != nil else { return .signedOut }
    return confirmed ? .signedIn : .signedInUnverified
  }
  var screen: String { state == .signedOut ? "login" : confirmed ? "home" : "pending" }
  var ui: [String: String] { [:] }

  func perform(_ action: Action) throws {
    error = nil
    switch action {
    case .signIn(let email, let password):
      do { _ = try client.signIn(email: email, password: password) } catch { self.error = error }
    case .signOut:
      client.signOut()
      confirmed = false
    case .tap: confirmed = true
    default: break
    }
  }
}
