/// What happens at a step: the user or the OS acting on one device's app, or something changing in the world.
public enum Action: Equatable, Sendable {
  // MARK: On a device (SPEC 2.2)
  case launch
  case terminate
  case background
  case foreground
  case signUp(email: String, password: String, displayName: String?)
  case signIn(email: String, password: String)
  case signInWith(ProviderSheet)
  case signOut
  case forgotPassword(email: String?)
  case resendVerification
  case refresh
  case deleteAccount
  case reauthenticate(Reauthentication)
  case cancel
  case linkProvider(ProviderSheet)
  case changePassword(newPassword: String)
  case tap(String)
  case type([TypedField])

  // MARK: On the world (SPEC 2.3)
  case followLink(mail: MailKind, to: String, newPassword: String?)
  case wait(VirtualDuration)
  case admin(AdminAction)
  case network(online: Bool)
  case failNext(operation: BackendOperation, error: AuthErrorCode)

  /// The action's key in a scenario file.
  public var kind: ActionKind {
    switch self {
    case .launch: .launch
    case .terminate: .terminate
    case .background: .background
    case .foreground: .foreground
    case .signUp: .signUp
    case .signIn: .signIn
    case .signInWith: .signInWith
    case .signOut: .signOut
    case .forgotPassword: .forgotPassword
    case .resendVerification: .resendVerification
    case .refresh: .refresh
    case .deleteAccount: .deleteAccount
    case .reauthenticate: .reauthenticate
    case .cancel: .cancel
    case .linkProvider: .linkProvider
    case .changePassword: .changePassword
    case .tap: .tap
    case .type: .type
    case .followLink: .followLink
    case .wait: .wait
    case .admin: .admin
    case .network: .network
    case .failNext: .failNext
    }
  }
}

extension Action {
  /// The action a bare name (or a key with an empty value) stands for; nil when it needs arguments.
  package static func bareAction(_ kind: ActionKind) -> Action? {
    switch kind {
    case .launch: .launch
    case .terminate: .terminate
    case .background: .background
    case .foreground: .foreground
    case .signOut: .signOut
    case .forgotPassword: .forgotPassword(email: nil)
    case .resendVerification: .resendVerification
    case .refresh: .refresh
    case .deleteAccount: .deleteAccount
    case .cancel: .cancel
    case .signUp, .signIn, .signInWith, .reauthenticate, .linkProvider, .changePassword, .tap, .type,
      .followLink, .wait, .admin, .network, .failNext:
      nil
    }
  }
}
