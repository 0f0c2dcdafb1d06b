/// One checked key of an `expect` mapping, with the place it was written.
public struct Expectation: Equatable, Sendable {
  /// What the expectation compares.
  public var check: Check
  /// Where the key was written, for failure messages.
  public var location: SourceLocation

  /// An expectation of `check`, written at `location`.
  public init(_ check: Check, at location: SourceLocation) {
    self.check = check
    self.location = location
  }

  /// What an expectation compares (SPEC 2.4). The checks with a mapping of fields are kept out of line
  /// (`indirect`), so that every check, most of them a name or two, takes the room of the small ones: a large run
  /// holds all its scenarios' checks at once.
  public enum Check: Equatable, Sendable {
    /// `state`: the app's auth state.
    case state(AuthState)
    /// `screen`: the app's screen.
    case screen(String)
    /// nil is `none`.
    case error(AuthErrorCode?)
    /// `link_error`: the error of the last followed link; nil is `none`.
    case linkError(AuthErrorCode?)
    /// One `ui` entry; values compare as text.
    case ui(name: String, value: String)
    /// nil is `none`.
    indirect case user(UserExpectation?)
    /// `account`: the backend's account of an email.
    indirect case account(AccountExpectation)
    /// `mail`: emails the outbox holds.
    indirect case mail(MailExpectation)
    /// `sms`: text messages (verification codes) the SMS outbox holds for a number.
    indirect case sms(SMSExpectation)
    /// `signed_in_devices`: exactly the devices whose auth client holds a user.
    case signedInDevices([String])

    /// The key under `expect` that writes it: `ui` for every `ui` entry.
    public var key: String {
      switch self {
      case .state: "state"
      case .screen: "screen"
      case .error: "error"
      case .linkError: "link_error"
      case .ui: "ui"
      case .user: "user"
      case .account: "account"
      case .mail: "mail"
      case .sms: "sms"
      case .signedInDevices: "signed_in_devices"
      }
    }
  }

  /// The key as written, e.g. `state` or `ui.greeting`.
  public var key: String {
    if case .ui(let name, _) = check { return "ui.\(name)" }
    return check.key
  }

  /// Whether the check reads one device's app (as opposed to the backend, outbox or link page).
  public var readsDevice: Bool {
    switch check {
    case .state, .screen, .error, .ui, .user: true
    case .linkError, .account, .mail, .sms, .signedInDevices: false
    }
  }
}
