import AuthFlowFirebase
import AuthFlowKit
import Foundation

/// App code in FirebaseUI's completion-handler style, plus the thin glue that maps scenario actions to it:
/// completion handlers run before the call returns, so a plain (synchronous) machine can drive it.
final class CompletionStyleMachine: Machine {
  static let descriptor = MachineDescriptor(
    name: "completion-style",
    summary: "FirebaseAuth completion-handler app code under a scenario",
    supportedActions: [
      .launch, .terminate, .background, .foreground, .signUp, .signIn, .signInWith, .signOut, .refresh,
    ],
    screens: ["login", "verify", "home"]
  ) { CompletionStyleMachine(context: $0) }

  private let world: FirebaseWorld
  private let auth: AuthFlowFirebase.Auth
  private let device: String
  private var user: FirebaseAuth.User?
  private(set) var error: AuthFlowKit.AuthErrorCode?
  private var handle: AuthStateDidChangeListenerHandle?

  init(context: MachineContext) {
    world = FirebaseWorld.attached(to: context)
    auth = world.auth(for: context)
    device = context.device
    handle = auth.addStateDidChangeListener { [weak self] _, user in self?.user = user }
  }

  var state: AuthState {
    guard let user else { return .signedOut }
    return user.isEmailVerified ? .signedIn : .signedInUnverified
  }
  var screen: String { user == nil ? "login" : user?.isEmailVerified == true ? "home" : "verify" }
  var ui: [String: String] { user.map { ["greeting": "Hello \($0.displayName ?? "Stranger")"] } ?? [:] }

  func perform(_ action: Action) throws {
    error = nil
    switch action {
    case .signUp(let email, let password, _):
      auth.createUser(withEmail: email, password: password) { result, error in
        self.show(error)
        result?.user.sendEmailVerification { self.show($0) }
      }
    case .signIn(let email, let password):
      auth.signIn(withEmail: email, password: password) { _, error in self.show(error) }
    case .signInWith(let sheet):
      world.answerNextSheet(on: device, with: sheet)
      IdentityProviderSheet(providerID: sheet.provider.rawValue, auth: auth).signIn(
        withDefaultValue: nil, presenting: nil
      ) { credential, error, _, _ in
        guard let credential else { return self.show(error) }
        self.auth.signIn(with: credential) { _, error in self.show(error) }
      }
    case .signOut:
      try? auth.signOut()
    case .foreground, .refresh:
      user?.reload { self.show($0) }
    default:
      break
    }
  }

  private func show(_ error: Error?) {
    if let error {
      self.error = FirebaseWorld.worldCode(for: error) ?? AuthFlowKit.AuthErrorCode(rawValue: "app/unknown")
    }
  }
}
