/// An error as the app sees it: one of Firebase's `auth/…` codes, or a machine's own `app/…` code.
///
/// Stored without the `auth/` prefix; expectations accept it with or without.
public struct AuthErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible, Error {
  /// The code without its `auth/` prefix: `wrong-password`, `app/…`.
  public var rawValue: String
  /// A code as given, unchecked; use `init(parsing:)` for user input.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Normalises `auth/wrong-password` to `wrong-password`; returns nil for an unknown code.
  public init?(parsing text: String) {
    let trimmed = text.hasPrefix("auth/") ? String(text.dropFirst(5)) : text
    if trimmed.hasPrefix("app/"), trimmed.count > 4 {
      self.init(rawValue: trimmed)
    } else if Self.known.contains(where: { $0.rawValue == trimmed }) {
      self.init(rawValue: trimmed)
    } else {
      return nil
    }
  }

  /// The code as scenarios and transcripts show it, without `auth/`.
  public var description: String { rawValue }

  /// Sign-up or email change with an email another account has.
  public static let emailAlreadyInUse = Self(rawValue: "email-already-in-use")
  /// A wrong password (without enumeration protection).
  public static let wrongPassword = Self(rawValue: "wrong-password")
  /// A wrong email or password with enumeration protection on, or a malformed credential.
  public static let invalidCredential = Self(rawValue: "invalid-credential")
  /// No account has that email (without enumeration protection).
  public static let userNotFound = Self(rawValue: "user-not-found")
  /// A sensitive operation needs a sign-in newer than `recent_login`.
  public static let requiresRecentLogin = Self(rawValue: "requires-recent-login")
  /// An IdP sign-in found an account of the same email with other sign-in methods.
  public static let accountExistsWithDifferentCredential = Self(
    rawValue: "account-exists-with-different-credential")
  /// Linking a provider account that another user already has.
  public static let credentialAlreadyInUse = Self(rawValue: "credential-already-in-use")
  /// Linking a provider the user already has.
  public static let providerAlreadyLinked = Self(rawValue: "provider-already-linked")
  /// An action code that is unknown or already used.
  public static let invalidActionCode = Self(rawValue: "invalid-action-code")
  /// An action code past its time to live.
  public static let expiredActionCode = Self(rawValue: "expired-action-code")
  /// A password shorter than `password_min_length`.
  public static let weakPassword = Self(rawValue: "weak-password")
  /// An email address that is not well formed.
  public static let invalidEmail = Self(rawValue: "invalid-email")
  /// Too many emails of one kind to one address (`oob_send_limit`).
  public static let tooManyRequests = Self(rawValue: "too-many-requests")
  /// The session was revoked or expired; the user must sign in again.
  public static let userTokenExpired = Self(rawValue: "user-token-expired")
  /// The account is disabled.
  public static let userDisabled = Self(rawValue: "user-disabled")
  /// The device is offline.
  public static let networkRequestFailed = Self(rawValue: "network-request-failed")
  /// The user closed an identity provider's sheet.
  public static let webContextCancelled = Self(rawValue: "web-context-cancelled")
  /// Re-authentication as a different user than the signed-in one.
  public static let userMismatch = Self(rawValue: "user-mismatch")
  /// The sign-in method is not enabled.
  public static let operationNotAllowed = Self(rawValue: "operation-not-allowed")
  /// An unlink named a provider the account does not have (`no-such-provider`, SPEC §9.3).
  public static let noSuchProvider = Self(rawValue: "no-such-provider")
  /// An anonymous sign-in while the project has anonymous sign-in disabled (SPEC §9.3).
  public static let adminRestrictedOperation = Self(rawValue: "admin-restricted-operation")
  /// A custom token the backend cannot accept: an empty or over-long uid, a reserved claim (SPEC §9.3).
  public static let invalidCustomToken = Self(rawValue: "invalid-custom-token")
  /// An SMS code that does not match the one sent (`invalid-verification-code`).
  public static let invalidVerificationCode = Self(rawValue: "invalid-verification-code")
  /// A phone sign-in without a code (`missing-verification-code`).
  public static let missingVerificationCode = Self(rawValue: "missing-verification-code")
  /// An SMS code (or its verification session) past its TTL (`session-expired`).
  public static let sessionExpired = Self(rawValue: "session-expired")
  /// A phone number that is not E.164 (`invalid-phone-number`).
  public static let invalidPhoneNumber = Self(rawValue: "invalid-phone-number")
  /// The project's SMS quota is used up (`quota-exceeded`).
  public static let quotaExceeded = Self(rawValue: "quota-exceeded")
  /// A verification id the backend never issued, or one already used (`invalid-verification-id`).
  public static let invalidVerificationID = Self(rawValue: "invalid-verification-id")
  /// A first factor succeeded for an account with second factors: the sign-in waits for one of them
  /// (`multi-factor-auth-required`, with a resolver).
  public static let multiFactorAuthRequired = Self(rawValue: "multi-factor-auth-required")
  /// Enrolling a second factor needs a verified email (`unverified-email`).
  public static let unverifiedEmail = Self(rawValue: "unverified-email")
  /// That second factor is enrolled on the account already (`second-factor-already-in-use`).
  public static let secondFactorAlreadyInUse = Self(rawValue: "second-factor-already-in-use")
  /// The account has as many second factors as allowed (`maximum-second-factor-count-exceeded`).
  public static let maximumSecondFactorCountExceeded = Self(rawValue: "maximum-second-factor-count-exceeded")
  /// No enrolled second factor of that kind (`multi-factor-info-not-found`).
  public static let multiFactorInfoNotFound = Self(rawValue: "multi-factor-info-not-found")
  /// A phone number as the first factor of an account with second factors, or enrolling a second factor from
  /// a session that began anonymously, with a phone number or with a custom token (`unsupported-first-factor`).
  public static let unsupportedFirstFactor = Self(rawValue: "unsupported-first-factor")
  /// `updateEmail` for an account with second factors: its new email must be verified first
  /// (`email-change-needs-verification`).
  public static let emailChangeNeedsVerification = Self(rawValue: "email-change-needs-verification")
  /// An email sent to the signed-in user's address when the account has none: a verification email, or an
  /// email change, from a phone, guest or custom-token account (`missing-email`, Identity Toolkit's
  /// `MISSING_EMAIL`).
  public static let missingEmail = Self(rawValue: "missing-email")
  /// The backend failed in a way it does not explain (`internal-error`): an HTTP 500 from Identity Toolkit.
  /// The world never fails so by itself; `fail_next` makes it, to reproduce an outage.
  public static let internalError = Self(rawValue: "internal-error")
  /// The Admin SDK asked for a uid another account has (`uid-already-exists`). Not in ``known``: an app never
  /// sees it (SPEC 5.6), only `serve`'s admin endpoints answer with it.
  public static let uidAlreadyExists = Self(rawValue: "uid-already-exists")
  /// The Admin SDK gave an account a phone number another account has (`phone-number-already-exists`). Not in
  /// ``known``: only the Admin SDK sees it.
  public static let phoneNumberAlreadyExists = Self(rawValue: "phone-number-already-exists")
  /// A phone sign-in or link with a temporary proof the backend never issued, issued for another number, or
  /// past its lifetime (`invalid-temporary-proof`). Not in ``known``: only `serve` answers with it.
  public static let invalidTemporaryProof = Self(rawValue: "invalid-temporary-proof")
  /// A second-factor sign-in whose pending credential (`mfaPendingCredential`) the backend never issued, or
  /// already used (`invalid-multi-factor-session`). Not in ``known``: only `serve` answers with it.
  public static let invalidMultiFactorSession = Self(rawValue: "invalid-multi-factor-session")

  /// Every Firebase code of SPEC 5.6, in its order.
  public static let known: [AuthErrorCode] = [
    .emailAlreadyInUse, .wrongPassword, .invalidCredential, .userNotFound, .requiresRecentLogin,
    .accountExistsWithDifferentCredential, .credentialAlreadyInUse, .providerAlreadyLinked,
    .invalidActionCode, .expiredActionCode, .weakPassword, .invalidEmail, .tooManyRequests,
    .userTokenExpired, .userDisabled, .networkRequestFailed, .webContextCancelled, .userMismatch,
    .operationNotAllowed, .noSuchProvider, .invalidCustomToken, .adminRestrictedOperation,
    .invalidVerificationCode, .missingVerificationCode, .sessionExpired, .invalidPhoneNumber, .quotaExceeded,
    .invalidVerificationID, .multiFactorAuthRequired, .unverifiedEmail, .secondFactorAlreadyInUse,
    .maximumSecondFactorCountExceeded, .emailChangeNeedsVerification, .multiFactorInfoNotFound,
    .unsupportedFirstFactor, .missingEmail, .internalError,
  ]
}
