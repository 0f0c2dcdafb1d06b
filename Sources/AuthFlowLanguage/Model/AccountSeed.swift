/// An account that exists before the scenario starts.
public struct AccountSeed: Equatable, Sendable {
  /// The account's email; nil for an account without one (it then has an ``id``).
  public var email: String?
  /// The name the scenario gives the account (`id:`), so steps and expectations can name an account without an
  /// email; nil when only its email names it.
  public var id: String? = nil
  /// Whether the account is a guest's: made by an anonymous sign-in and never upgraded (no email, no password,
  /// no provider).
  public var anonymous = false
  /// Its password; nil for an account that signs in only through identity providers.
  public var password: String?
  /// Whether the email starts verified (default false).
  public var emailVerified: Bool
  /// The display name, if any.
  public var displayName: String?
  /// Federated providers linked besides the password.
  public var providers: [ProviderID]
  /// Whether an administrator disabled the account (default false).
  public var disabled: Bool
  /// The profile photo's URL, if any.
  public var photoURL: String? = nil
  /// The account's phone number (E.164), if any: it signs in with it (`phone` provider).
  public var phoneNumber: String? = nil
  /// Second factors enrolled before the scenario (a TOTP factor's secret comes from the seeded generator).
  public var mfa: [SecondFactor] = []
  /// Custom claims the Admin SDK set before the scenario (`setCustomUserClaims`).
  public var claims: [String: ClaimValue] = [:]

  /// An account of `email`; the defaults match an unverified password account.
  public init(
    email: String?, password: String? = nil, emailVerified: Bool = false, displayName: String? = nil,
    providers: [ProviderID] = [], disabled: Bool = false
  ) {
    self.email = email
    self.password = password
    self.emailVerified = emailVerified
    self.displayName = displayName
    self.providers = providers
    self.disabled = disabled
  }

  /// How steps name this account: by its `id` when it has one, else by its email.
  public var name: AccountName {
    if let id { .id(id) } else { .email(email ?? "") }
  }
}
