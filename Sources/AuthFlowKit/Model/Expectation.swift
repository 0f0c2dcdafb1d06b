/// One checked key of an `expect` mapping, with the place it was written.
public struct Expectation: Equatable, Sendable {
  public var check: Check
  public var location: SourceLocation

  public init(_ check: Check, at location: SourceLocation) {
    self.check = check
    self.location = location
  }

  /// What an expectation compares (SPEC 2.4).
  public enum Check: Equatable, Sendable {
    case state(AuthState)
    case screen(String)
    /// nil is `none`.
    case error(AuthErrorCode?)
    case linkError(AuthErrorCode?)
    /// One `ui` entry; values compare as text.
    case ui(name: String, value: String)
    /// nil is `none`.
    case user(UserExpectation?)
    case account(AccountExpectation)
    case mail(MailExpectation)
    case signedInDevices([String])
  }

  /// The key as written, e.g. `state` or `ui.greeting`.
  public var key: String {
    switch check {
    case .state: "state"
    case .screen: "screen"
    case .error: "error"
    case .linkError: "link_error"
    case .ui(let name, _): "ui.\(name)"
    case .user: "user"
    case .account: "account"
    case .mail: "mail"
    case .signedInDevices: "signed_in_devices"
    }
  }

  /// Whether the check reads one device's app (as opposed to the backend, outbox or link page).
  public var readsDevice: Bool {
    switch check {
    case .state, .screen, .error, .ui, .user: true
    case .linkError, .account, .mail, .signedInDevices: false
    }
  }
}

/// The signed-in user as the app's auth client sees it; nil fields are not checked.
public struct UserExpectation: Equatable, Sendable {
  public var email: String?
  public var emailVerified: Bool?
  public var displayName: String??
  public var providers: Set<ProviderID>?

  public init(
    email: String? = nil, emailVerified: Bool? = nil, displayName: String?? = nil,
    providers: Set<ProviderID>? = nil
  ) {
    self.email = email
    self.emailVerified = emailVerified
    self.displayName = displayName
    self.providers = providers
  }
}

/// The backend's truth about one account; nil fields are not checked.
public struct AccountExpectation: Equatable, Sendable {
  public var email: String
  public var exists: Bool
  public var emailVerified: Bool?
  public var providers: Set<ProviderID>?
  public var disabled: Bool?
  public var displayName: String??

  public init(
    email: String, exists: Bool = true, emailVerified: Bool? = nil, providers: Set<ProviderID>? = nil,
    disabled: Bool? = nil, displayName: String?? = nil
  ) {
    self.email = email
    self.exists = exists
    self.emailVerified = emailVerified
    self.providers = providers
    self.disabled = disabled
    self.displayName = displayName
  }
}

/// Emails of one kind sent to one address; without `count`, at least one.
public struct MailExpectation: Equatable, Sendable {
  public var to: String
  public var kind: MailKind
  public var count: Int?

  public init(to: String, kind: MailKind, count: Int? = nil) {
    self.to = to
    self.kind = kind
    self.count = count
  }
}
