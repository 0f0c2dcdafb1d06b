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
