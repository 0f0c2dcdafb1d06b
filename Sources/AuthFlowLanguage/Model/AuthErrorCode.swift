/// An error as the app sees it: one of Firebase's `auth/…` codes, or a machine's own `app/…` code.
///
/// Stored without the `auth/` prefix; expectations accept it with or without.
public struct AuthErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible, Error {
  public var rawValue: String
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

  public var description: String { rawValue }

  public static let emailAlreadyInUse = Self(rawValue: "email-already-in-use")
  public static let wrongPassword = Self(rawValue: "wrong-password")
  public static let invalidCredential = Self(rawValue: "invalid-credential")
  public static let userNotFound = Self(rawValue: "user-not-found")
  public static let requiresRecentLogin = Self(rawValue: "requires-recent-login")
  public static let accountExistsWithDifferentCredential = Self(
    rawValue: "account-exists-with-different-credential")
  public static let credentialAlreadyInUse = Self(rawValue: "credential-already-in-use")
  public static let providerAlreadyLinked = Self(rawValue: "provider-already-linked")
  public static let invalidActionCode = Self(rawValue: "invalid-action-code")
  public static let expiredActionCode = Self(rawValue: "expired-action-code")
  public static let weakPassword = Self(rawValue: "weak-password")
  public static let invalidEmail = Self(rawValue: "invalid-email")
  public static let tooManyRequests = Self(rawValue: "too-many-requests")
  public static let userTokenExpired = Self(rawValue: "user-token-expired")
  public static let userDisabled = Self(rawValue: "user-disabled")
  public static let networkRequestFailed = Self(rawValue: "network-request-failed")
  public static let webContextCancelled = Self(rawValue: "web-context-cancelled")
  public static let userMismatch = Self(rawValue: "user-mismatch")
  public static let operationNotAllowed = Self(rawValue: "operation-not-allowed")
  /// An unlink named a provider the account does not have (`no-such-provider`). Not in ``known``: no scenario
  /// step unlinks, so no expectation can meet it yet.
  public static let noSuchProvider = Self(rawValue: "no-such-provider")
  /// The Admin SDK asked for a uid another account has (`uid-already-exists`). Not in ``known``: an app never
  /// sees it (SPEC 5.6), only `serve`'s admin endpoints answer with it.
  public static let uidAlreadyExists = Self(rawValue: "uid-already-exists")

  /// Every Firebase code of SPEC 5.6, in its order.
  public static let known: [AuthErrorCode] = [
    .emailAlreadyInUse, .wrongPassword, .invalidCredential, .userNotFound, .requiresRecentLogin,
    .accountExistsWithDifferentCredential, .credentialAlreadyInUse, .providerAlreadyLinked,
    .invalidActionCode, .expiredActionCode, .weakPassword, .invalidEmail, .tooManyRequests,
    .userTokenExpired, .userDisabled, .networkRequestFailed, .webContextCancelled, .userMismatch,
    .operationNotAllowed,
  ]
}
