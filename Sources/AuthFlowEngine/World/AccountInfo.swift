import AuthFlowLanguage

/// What `lookup` returns about an account: the user as a client caches it.
public struct AccountInfo: Equatable, Sendable {
  /// The account's id.
  public var uid: String
  /// The account's email, if any.
  public var email: String?
  /// Whether the email is verified.
  public var emailVerified: Bool
  /// The display name, if any.
  public var displayName: String?
  /// The account's sign-in methods.
  public var providers: [ProviderID]
  /// Whether the account is disabled.
  public var disabled: Bool
  /// The photo URL, if any.
  public var photoURL: String?
  /// When the account was created, in virtual time.
  public var createdAt: VirtualTime
  /// When the user last signed in, if ever.
  public var lastSignInAt: VirtualTime?
  /// The linked identity-provider accounts, in the order they were linked.
  public var linkedAccounts: [LinkedAccount]
  /// Whether it is a guest: made by an anonymous sign-in, no credential linked yet.
  public var isAnonymous = false
  /// The phone number the account signs in with, if any.
  public var phoneNumber: String? = nil
  /// The enrolled second factors, oldest first.
  public var mfa: [MFAEnrollment] = []
}
