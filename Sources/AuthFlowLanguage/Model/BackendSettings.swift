/// The backend's knobs (`backend:` in a scenario), defaulting to Firebase Auth in production (SPEC 5.2).
public struct BackendSettings: Equatable, Sendable {
  /// On by default for projects created since 2023-09-15.
  public var emailEnumerationProtection = true
  public var oneAccountPerEmail = true
  /// Sensitive operations need a sign-in at most this long ago.
  public var recentLogin = VirtualDuration.minutes(5)
  public var passwordMinLength = 6
  public var verifyEmailCodeTTL = VirtualDuration.days(3)
  public var passwordResetCodeTTL = VirtualDuration.hours(1)
  public var idTokenTTL = VirtualDuration.hours(1)
  /// At most `count` emails of one kind to one address within `per`.
  public var oobSendLimit = SendLimit(count: 5, per: .hours(1))
  public var trustedProviders: [TrustedProvider] = [
    TrustedProvider(provider: .apple),
    TrustedProvider(provider: .google, domain: "gmail.com"),
    TrustedProvider(provider: .google, domain: "googlemail.com"),
  ]

  public init() {}

  public struct SendLimit: Equatable, Sendable {
    public var count: Int
    public var per: VirtualDuration
    public init(count: Int, per: VirtualDuration) {
      self.count = count
      self.per = per
    }
  }

  /// `PROVIDER` or `PROVIDER@domain`: a provider whose verified emails Firebase trusts.
  public struct TrustedProvider: Equatable, Sendable, CustomStringConvertible {
    public var provider: ProviderID
    public var domain: String?
    public init(provider: ProviderID, domain: String? = nil) {
      self.provider = provider
      self.domain = domain?.lowercased()
    }
    public var description: String { domain.map { "\(provider)@\($0)" } ?? provider.rawValue }
  }
}
