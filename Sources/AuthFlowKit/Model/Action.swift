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

/// The name of an action as written in a scenario.
public enum ActionKind: String, CaseIterable, Sendable, Comparable {
  case launch, terminate, background, foreground
  case signUp = "sign_up"
  case signIn = "sign_in"
  case signInWith = "sign_in_with"
  case signOut = "sign_out"
  case forgotPassword = "forgot_password"
  case resendVerification = "resend_verification"
  case refresh
  case deleteAccount = "delete_account"
  case reauthenticate
  case cancel
  case linkProvider = "link_provider"
  case changePassword = "change_password"
  case tap
  case type
  case followLink = "follow_link"
  case wait
  case admin
  case network
  case failNext = "fail_next"

  /// Actions the app on a device receives; the rest act on the world.
  public var isDeviceAction: Bool {
    switch self {
    case .followLink, .wait, .admin, .network, .failNext: false
    default: true
    }
  }

  public static let deviceActions = allCases.filter(\.isDeviceAction)

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

/// A tap on "Sign in with …" or "Link …": which IdP account the sheet offers and how the user answers it.
public struct ProviderSheet: Equatable, Sendable {
  public var provider: ProviderID
  /// The IdP account's email; nil picks the provider's first account.
  public var account: String?
  public var outcome: SheetOutcome

  public init(provider: ProviderID, account: String? = nil, outcome: SheetOutcome = .success) {
    self.provider = provider
    self.account = account
    self.outcome = outcome
  }
}

/// How the user (or the IdP) answers a sign-in sheet.
public enum SheetOutcome: Equatable, Sendable {
  case success
  /// The user closed the sheet: `web-context-cancelled`.
  case cancel
  /// The IdP failed; the app sees this code (`invalid-credential` unless the scenario names one).
  case error(AuthErrorCode)
}

/// The answer to the app's re-authentication prompt.
public enum Reauthentication: Equatable, Sendable {
  case password(String)
  case provider(ProviderSheet)
}

/// One field typed into a machine-specific form (`type: {username: …}`).
public struct TypedField: Equatable, Sendable {
  public var name: String
  public var value: String
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// What the project's admin SDK or console does (`admin:` step).
public enum AdminAction: Equatable, Sendable {
  case disable(email: String)
  case enable(email: String)
  case delete(email: String)
  case revokeSessions(email: String)
  case verifyEmail(email: String)
  case setPassword(email: String, password: String)

  public var key: String {
    switch self {
    case .disable: "disable"
    case .enable: "enable"
    case .delete: "delete"
    case .revokeSessions: "revoke_sessions"
    case .verifyEmail: "verify_email"
    case .setPassword: "set_password"
    }
  }

  public var email: String {
    switch self {
    case .disable(let email), .enable(let email), .delete(let email), .revokeSessions(let email),
      .verifyEmail(let email), .setPassword(let email, _):
      email
    }
  }
}

extension Action {
  /// The action a bare name (or a key with an empty value) stands for; nil when it needs arguments.
  static func bareAction(_ kind: ActionKind) -> Action? {
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
