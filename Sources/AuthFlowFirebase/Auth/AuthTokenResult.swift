import Foundation

/// An ID token and what it says: its dates, how the user signed in, and its claims.
open class AuthTokenResult: NSObject, @unchecked Sendable {
  /// The ID token: an unsigned JWT, as the Auth emulator issues them, whose payload is ``claims``.
  open var token: String
  /// When the token stops being accepted.
  open var expirationDate: Date
  /// When the user last signed in or re-authenticated (not when the token was refreshed).
  open var authDate: Date
  /// When the token was issued.
  open var issuedAtDate: Date
  /// How the user signed in: `password`, `google.com`, …
  open var signInProvider: String
  /// The second factor the session proved (`phone` or `totp`) at a multi-factor sign-in or an enrolment; empty
  /// for a first-factor session.
  open var signInSecondFactor: String
  /// The token's claims, as a decoded Firebase ID token holds them.
  open var claims: [String: Any]

  init(
    token: String, expirationDate: Date, authDate: Date, issuedAtDate: Date, signInProvider: String,
    signInSecondFactor: String, claims: [String: Any]
  ) {
    self.token = token
    self.expirationDate = expirationDate
    self.authDate = authDate
    self.issuedAtDate = issuedAtDate
    self.signInProvider = signInProvider
    self.signInSecondFactor = signInSecondFactor
    self.claims = claims
  }
}
