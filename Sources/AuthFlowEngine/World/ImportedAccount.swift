import AuthFlowLanguage

/// One account of a user import (`accounts:batchCreate`, the Admin SDK's `importUsers`), as the server decoded
/// it: the account is written as it is described, replacing any account with the same uid.
public struct ImportedAccount: Equatable, Sendable {
  /// The account's id (`localId`).
  public var uid: String
  /// The email, if any (stored lowercased).
  public var email: String?
  /// Whether the email is verified.
  public var emailVerified: Bool
  /// The display name, if any.
  public var displayName: String?
  /// The profile photo's URL, if any.
  public var photoURL: String?
  /// The phone number (E.164), if any.
  public var phoneNumber: String?
  /// Whether the account is disabled.
  public var disabled: Bool
  /// Custom claims (`customAttributes`).
  public var claims: [String: ClaimValue]
  /// The password, when the import carries one the backend can check (a plain password, or the emulator's
  /// `fakeHash` form); nil for an account without a password.
  public var password: String?
  /// Linked identity-provider accounts (`providerUserInfo`, without `password` and `phone`).
  public var links: [LinkedAccount]
  /// Phone second factors (`mfaInfo`), in order; an entry without an `enrollmentID` gets a new one.
  public var secondFactors: [AdminSecondFactor]
  /// When the account was created (`createdAt`); nil: now.
  public var createdAt: VirtualTime?
  /// When the user last signed in (`lastLoginAt`); nil: never.
  public var lastSignInAt: VirtualTime?

  /// An account with `uid` and nothing else; set the rest field by field.
  public init(uid: String) {
    self.uid = uid
    emailVerified = false
    disabled = false
    claims = [:]
    links = []
    secondFactors = []
  }

  /// Why the backend refuses one imported account (the others are imported all the same).
  public enum Problem: Error, Equatable, Sendable {
    /// The email is malformed.
    case invalidEmail
    /// The phone number is not E.164.
    case invalidPhoneNumber
    /// With `sanityCheck` and one account per email: another account has the email.
    case emailExists
    /// With `sanityCheck`: another account is linked to the same identity-provider account.
    case rawIDExists
    /// Second factors on an account without an email.
    case secondFactorWithoutEmail
    /// Second factors on an account whose email is not verified.
    case secondFactorWithUnverifiedEmail
    /// Two second factors with one enrolment id.
    case duplicateEnrollmentID
    /// A second factor's number is not E.164.
    case invalidSecondFactorPhoneNumber
  }
}
