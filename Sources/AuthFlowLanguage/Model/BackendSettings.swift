/// The backend's knobs (`backend:` in a scenario), defaulting to Firebase Auth in production (SPEC 5.2).
public struct BackendSettings: Equatable, Sendable {
  /// On by default for projects created since 2023-09-15.
  public var emailEnumerationProtection = true
  /// Whether one email may belong to one account only (Firebase's default).
  public var oneAccountPerEmail = true
  /// Sensitive operations need a sign-in at most this long ago.
  public var recentLogin = VirtualDuration.minutes(5)
  /// The shortest password sign-up and password changes accept.
  public var passwordMinLength = 6
  /// How long an email verification code stays valid.
  public var verifyEmailCodeTTL = VirtualDuration.days(3)
  /// How long a password-reset code stays valid.
  public var passwordResetCodeTTL = VirtualDuration.hours(1)
  /// How long an email sign-in link stays valid.
  public var signInLinkTTL = VirtualDuration.hours(6)
  /// A mail gateway that opens every link in every email the moment it arrives (link scanners do).
  public var mailScanner = false
  /// The sign-in methods the project has enabled (the console's "Sign-in method" tab): ``allSignInMethods`` by
  /// default.
  public var signInMethods = BackendSettings.allSignInMethods

  /// Every sign-in method a project may enable: `password`, `email_link`, `anonymous`, `phone` and each
  /// identity provider.
  public static let allSignInMethods =
    ["password", "email_link", "anonymous", "phone"] + ProviderID.identityProviders.map(\.rawValue)

  /// Whether the project has enabled `method`.
  public func allows(_ method: String) -> Bool { signInMethods.contains(method) }
  /// How long an SMS verification code works (Firebase does not publish it; 5 minutes is the usual quote).
  public var smsCodeTTL = VirtualDuration.minutes(5)
  /// At most `count` SMS codes to one number within `per`.
  public var smsSendLimit = SendLimit(count: 5, per: .hours(1))
  /// The console's "Phone numbers for testing": each number's fixed code; no SMS is sent to them.
  public var testPhoneNumbers: [String: String] = [:]
  /// Multi-factor authentication: whether users may enroll, and which kinds of factor.
  public var mfa = MFASettings()
  /// How long an ID token lives before the client must refresh it.
  public var idTokenTTL = VirtualDuration.hours(1)
  /// At most `count` emails of one kind to one address within `per`.
  public var oobSendLimit = SendLimit(count: 5, per: .hours(1))
  /// After `count` wrong passwords for one account within `per`, its password sign-ins are refused with
  /// `too-many-requests` until the window passes or the password changes; nil (the default) never locks.
  /// Production locks an account out after an unpublished number of failures.
  public var passwordAttemptLimit: SendLimit? = nil
  /// Providers whose verified emails take over an unverified password account of the same email.
  public var trustedProviders: [TrustedProvider] = [
    TrustedProvider(provider: .apple),
    TrustedProvider(provider: .google, domain: "gmail.com"),
    TrustedProvider(provider: .google, domain: "googlemail.com"),
  ]

  /// Production's settings.
  public init() {}

  /// How many emails of one kind one address may receive in a window.
  public struct SendLimit: Equatable, Sendable {
    /// Emails allowed in a window.
    public var count: Int
    /// The window's length.
    public var per: VirtualDuration
    /// At most `count` emails `per` window.
    public init(count: Int, per: VirtualDuration) {
      self.count = count
      self.per = per
    }
  }

  /// `PROVIDER` or `PROVIDER@domain`: a provider whose verified emails Firebase trusts.
  public struct TrustedProvider: Equatable, Sendable, CustomStringConvertible {
    /// The trusted provider.
    public var provider: ProviderID
    /// The email domain it is trusted for; nil for every domain.
    public var domain: String?
    /// Trusts `provider` for emails at `domain` (any domain when nil); the domain is lowercased.
    public init(provider: ProviderID, domain: String? = nil) {
      self.provider = provider
      self.domain = domain?.lowercased()
    }
    /// `provider` or `provider@domain`, as written under `backend.trusted_providers`.
    public var description: String { domain.map { "\(provider)@\($0)" } ?? provider.rawValue }
  }
}
