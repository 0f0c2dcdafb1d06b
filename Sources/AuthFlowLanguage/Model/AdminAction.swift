/// What the project's admin SDK or console does (`admin:` step).
public enum AdminAction: Equatable, Sendable {
  /// `admin.disable`: disables the account; its sessions stop refreshing.
  case disable(email: String)
  /// `admin.enable`: enables a disabled account.
  case enable(email: String)
  /// `admin.delete`: deletes the account.
  case delete(email: String)
  /// `admin.revoke_sessions`: revokes every refresh token of the account.
  case revokeSessions(email: String)
  /// `admin.verify_email`: marks the account's email verified.
  case verifyEmail(email: String)
  /// `admin.set_password`: sets the account's password.
  case setPassword(email: String, password: String)
  /// `admin.set_claims`: replaces the account's custom claims; they reach a device's ID token at its next refresh.
  case setClaims(email: String, claims: [String: ClaimValue])

  /// The operation's key under `admin:` (`revoke_sessions`).
  public var key: String {
    switch self {
    case .disable: "disable"
    case .enable: "enable"
    case .delete: "delete"
    case .revokeSessions: "revoke_sessions"
    case .verifyEmail: "verify_email"
    case .setPassword: "set_password"
    case .setClaims: "set_claims"
    }
  }

  /// The email of the account the operation acts on.
  public var email: String {
    switch self {
    case .disable(let email), .enable(let email), .delete(let email), .revokeSessions(let email),
      .verifyEmail(let email), .setPassword(let email, _), .setClaims(let email, _):
      email
    }
  }
}
