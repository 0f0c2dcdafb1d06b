extension BackendSettings {
  /// A knob's value, in the kinds of value the scenario language has for knobs.
  public enum KnobValue: Equatable, Sendable {
    /// `true` or `false`.
    case boolean(Bool)
    /// A virtual duration such as `5m`.
    case duration(VirtualDuration)
    /// A whole number (the scenario language wants at least 1).
    case integer(Int)
    /// `{count, per}`.
    case sendLimit(SendLimit)
    /// `{count, per}`, or `none` for no limit.
    case attemptLimit(SendLimit?)
    /// `PROVIDER` or `PROVIDER@domain` entries.
    case trustedProviders([TrustedProvider])
    /// Names from a fixed list (`sign_in_methods`).
    case names([String])
    /// Phone numbers with their fixed codes (`test_phone_numbers`).
    case phoneCodes([String: String])
    /// Multi-factor settings (`mfa`).
    case mfa(MFASettings)
  }

  /// One knob of `backend:`: its name, what it does, and how to read and change it. The one declaration every
  /// reader and writer of knobs goes through: the scenario language's description, the scenario loader, the
  /// scenarios `explore` writes, and `serve`'s settings endpoint.
  public struct Knob: Sendable {
    /// Its name in the scenario language (and `serve`'s JSON), such as `recent_login`.
    public let name: String
    /// One line on what it does and its production default, for editors and `authflow schema`.
    public let summary: String
    /// Its value in `settings`.
    public let value: @Sendable (_ settings: BackendSettings) -> KnobValue
    /// Sets it in `settings`; a value of another kind than the knob's is ignored.
    public let set: @Sendable (_ settings: inout BackendSettings, _ value: KnobValue) -> Void
    /// The least value it takes, which every reader refuses to go below: for a duration knob, its least length
    /// in seconds; for a whole number (and a send limit's `count`), the number. A send limit's `per` is always
    /// longer than `0s` (a window of no time would limit nothing).
    public let minimum: Int

    /// A knob; a duration may be `0s` unless `minimum` says otherwise, and a whole number is at least 1.
    public init(
      name: String, summary: String, minimum: Int? = nil,
      value: @escaping @Sendable (_ settings: BackendSettings) -> KnobValue,
      set: @escaping @Sendable (_ settings: inout BackendSettings, _ value: KnobValue) -> Void
    ) {
      self.name = name
      self.summary = summary
      self.value = value
      self.set = set
      self.minimum = minimum ?? Self.defaultMinimum(of: value(BackendSettings()))
    }

    private static func defaultMinimum(of value: KnobValue) -> Int {
      switch value {
      case .integer, .sendLimit, .attemptLimit: 1
      default: 0
      }
    }

    /// Whether `duration` is long enough for this (duration) knob.
    public func allows(_ duration: VirtualDuration) -> Bool { duration.seconds >= Int64(minimum) }

    /// What a duration knob takes, for a message refusing a shorter one.
    public var durationExpected: String {
      minimum == 1
        ? "a duration longer than 0s" : "a duration of at least \(VirtualDuration(seconds: Int64(minimum)))"
    }
  }

  /// Every knob of SPEC 5.2, in the order the language lists them.
  public static let knobs: [Knob] = [
    Knob(
      name: "email_enumeration_protection",
      summary:
        "Default true: sign-in errors become invalid-credential, fetching sign-in methods returns nothing.",
      value: { .boolean($0.emailEnumerationProtection) }
    ) {
      if case .boolean(let value) = $1 { $0.emailEnumerationProtection = value }
    },
    Knob(
      name: "one_account_per_email", summary: "Default true: one account per email address.",
      value: { .boolean($0.oneAccountPerEmail) }
    ) {
      if case .boolean(let value) = $1 { $0.oneAccountPerEmail = value }
    },
    Knob(
      name: "recent_login", summary: "Default 5m: sensitive operations need a sign-in this recent.",
      value: { .duration($0.recentLogin) }
    ) {
      if case .duration(let value) = $1 { $0.recentLogin = value }
    },
    Knob(
      name: "password_min_length", summary: "Default 6: shorter passwords are weak-password.",
      value: { .integer($0.passwordMinLength) }
    ) {
      if case .integer(let value) = $1 { $0.passwordMinLength = value }
    },
    Knob(
      name: "verify_email_code_ttl", summary: "Default 3d: how long a verification link works.",
      value: { .duration($0.verifyEmailCodeTTL) }
    ) {
      if case .duration(let value) = $1 { $0.verifyEmailCodeTTL = value }
    },
    Knob(
      name: "password_reset_code_ttl", summary: "Default 1h: how long a password-reset link works.",
      value: { .duration($0.passwordResetCodeTTL) }
    ) {
      if case .duration(let value) = $1 { $0.passwordResetCodeTTL = value }
    },
    Knob(
      name: "sign_in_link_ttl", summary: "Default 6h: how long an email sign-in link works.",
      value: { .duration($0.signInLinkTTL) }
    ) {
      if case .duration(let value) = $1 { $0.signInLinkTTL = value }
    },
    // An ID token expired the moment it is issued leaves no session to test (any other length, even `1s`,
    // refreshed on every use, plays as the SDKs would).
    Knob(
      name: "id_token_ttl", summary: "Default 1h: how long an ID token lives.",
      minimum: 1, value: { .duration($0.idTokenTTL) }
    ) {
      if case .duration(let value) = $1 { $0.idTokenTTL = value }
    },
    Knob(
      name: "oob_send_limit",
      summary: "Default {count: 5, per: 1h}: emails of one kind to one address; past it, too-many-requests.",
      value: { .sendLimit($0.oobSendLimit) }
    ) {
      if case .sendLimit(let value) = $1 { $0.oobSendLimit = value }
    },
    Knob(
      name: "password_attempt_limit",
      summary:
        "Default none: after {count, per} wrong passwords for one account, its password sign-ins are too-many-requests until the window passes or the password changes.",
      value: { .attemptLimit($0.passwordAttemptLimit) }
    ) {
      if case .attemptLimit(let value) = $1 { $0.passwordAttemptLimit = value }
    },
    Knob(
      name: "mail_scanner",
      summary: "Default false: a mail gateway opens every link in every email the moment it arrives.",
      value: { .boolean($0.mailScanner) }
    ) {
      if case .boolean(let value) = $1 { $0.mailScanner = value }
    },
    Knob(
      name: "mfa",
      summary:
        "Default {enabled: true, factors: [phone, totp]}: whether users may enroll second factors, and which.",
      value: { .mfa($0.mfa) }
    ) {
      if case .mfa(let value) = $1 { $0.mfa = value }
    },
    Knob(
      name: "sign_in_methods",
      summary:
        "Default every method: those enabled; a disabled one is operation-not-allowed (anonymous: admin-restricted-operation).",
      value: { .names($0.signInMethods) }
    ) {
      if case .names(let value) = $1 { $0.signInMethods = value }
    },
    Knob(
      name: "sms_code_ttl", summary: "Default 5m: how long an SMS verification code works.",
      value: { .duration($0.smsCodeTTL) }
    ) {
      if case .duration(let value) = $1 { $0.smsCodeTTL = value }
    },
    Knob(
      name: "sms_send_limit",
      summary: "Default {count: 5, per: 1h}: SMS codes to one number; past it, too-many-requests.",
      value: { .sendLimit($0.smsSendLimit) }
    ) {
      if case .sendLimit(let value) = $1 { $0.smsSendLimit = value }
    },
    Knob(
      name: "test_phone_numbers",
      summary:
        "Default {}: numbers with a fixed code and no SMS, as the console's phone numbers for testing.",
      value: { .phoneCodes($0.testPhoneNumbers) }
    ) {
      if case .phoneCodes(let value) = $1 { $0.testPhoneNumbers = value }
    },
    Knob(
      name: "trusted_providers",
      summary:
        "Default [apple.com, google.com@gmail.com, google.com@googlemail.com]: PROVIDER or PROVIDER@domain.",
      value: { .trustedProviders($0.trustedProviders) }
    ) {
      if case .trustedProviders(let value) = $1 { $0.trustedProviders = value }
    },
  ]

  /// The knob named `name`, if there is one.
  public static func knob(named name: String) -> Knob? { knobs.first { $0.name == name } }
}
