/// What the project's admin SDK or console does (`admin:` step).
public enum AdminAction: Equatable, Sendable {
  /// `admin.disable`: disables the account; its sessions stop refreshing.
  case disable(account: AccountName)
  /// `admin.enable`: enables a disabled account.
  case enable(account: AccountName)
  /// `admin.delete`: deletes the account.
  case delete(account: AccountName)
  /// `admin.revoke_sessions`: revokes every refresh token of the account.
  case revokeSessions(account: AccountName)
  /// `admin.verify_email`: marks the account's email verified.
  case verifyEmail(account: AccountName)
  /// `admin.set_password`: sets the account's password.
  case setPassword(account: AccountName, password: String)
  /// `admin.set_claims`: replaces the account's custom claims; they reach a device's ID token at its next refresh.
  case setClaims(account: AccountName, claims: [String: ClaimValue])
  /// `admin.update_email`: gives the account a new email at once (`updateUser(uid, {email})`): unverified, no
  /// email sent, every session revoked.
  case updateEmail(account: AccountName, newEmail: String)

  /// `admin.set_phone`: gives the account this phone number (`updateUser(uid, {phoneNumber})`), or removes it
  /// (nil).
  case setPhone(account: AccountName, number: String?)

  /// `admin.unenroll_mfa`: removes the account's second factor of this kind (`updateUser` with
  /// `multiFactor.enrolledFactors` without it).
  case unenrollMFA(account: AccountName, factor: SecondFactor.Kind)

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
    case .updateEmail: "update_email"
    case .setPhone: "set_phone"
    case .unenrollMFA: "unenroll_mfa"
    }
  }

  /// The account the operation acts on.
  public var account: AccountName {
    switch self {
    case .disable(let account), .enable(let account), .delete(let account), .revokeSessions(let account),
      .verifyEmail(let account), .setPassword(let account, _), .setClaims(let account, _),
      .updateEmail(let account, _), .setPhone(let account, _), .unenrollMFA(let account, _):
      account
    }
  }
}
