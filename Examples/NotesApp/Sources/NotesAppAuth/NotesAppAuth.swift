import AuthFlowKit

/// The auth logic of a small notes app: a welcome screen that signs in or signs up, a verify screen that
/// waits for the email link, and the notes list once verified. It reloads the user when the app comes to the
/// foreground and follows the auth client's own sign-outs, like an app using Firebase's state listener.
public final class NotesAppAuth: Machine {
  enum Screen: String, CaseIterable {
    case welcome, verify, notes
  }

  private let context: MachineContext
  public private(set) var error: AuthErrorCode?

  public init(context: MachineContext) {
    self.context = context
    context.client.onAuthStateChange = { [weak self] change in
      if let error = change.error { self?.error = error }
    }
  }

  private var client: AuthClient { context.client }

  public var state: AuthState {
    guard let user = client.currentUser else { return .signedOut }
    return user.isUnverifiedPasswordUser ? .signedInUnverified : .signedIn
  }

  public var screen: String {
    switch state {
    case .signedOut: Screen.welcome.rawValue
    case .signedInUnverified: Screen.verify.rawValue
    case .signedIn: Screen.notes.rawValue
    }
  }

  public var ui: [String: String] {
    ["title": client.currentUser.map { "\($0.displayName ?? $0.email ?? "Your")'s notes" } ?? "Welcome"]
  }

  public func perform(_ action: Action) throws {
    error = nil
    do {
      switch action {
      case .launch, .terminate, .background: break
      case .foreground, .refresh:
        if client.currentUser != nil { _ = try client.reload() }
      case .signUp(let email, let password, let displayName):
        guard state == .signedOut else { return }
        _ = try client.signUp(email: email, password: password)
        if let displayName { try client.updateDisplayName(displayName) }
        try client.sendEmailVerification()
      case .signIn(let email, let password):
        guard state == .signedOut else { return }
        _ = try client.signIn(email: email, password: password)
      case .signOut:
        client.signOut()
      default:
        throw MachineError.unsupported(action.kind)
      }
    } catch let code as AuthErrorCode {
      error = code
    }
  }
}

extension NotesAppAuth {
  /// How authflow finds this machine: by the name `notes`.
  public static let descriptor = MachineDescriptor(
    name: "notes",
    summary: "notes app: welcome, verify and notes screens; reloads on foreground",
    supportedActions: [.launch, .terminate, .background, .foreground, .signUp, .signIn, .signOut, .refresh],
    screens: Screen.allCases.map(\.rawValue)
  ) { NotesAppAuth(context: $0) }

  /// authflow's built-in machines plus this one.
  public static var registry: MachineRegistry {
    var registry = MachineRegistry.builtIn
    registry.register(descriptor)
    return registry
  }
}
