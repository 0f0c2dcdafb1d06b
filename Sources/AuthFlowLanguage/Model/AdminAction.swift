/// What the project's admin SDK or console does (`admin:` step).
public enum AdminAction: Equatable, Sendable {
  case disable(email: String)
  case enable(email: String)
  case delete(email: String)
  case revokeSessions(email: String)
  case verifyEmail(email: String)
  case setPassword(email: String, password: String)

  public var key: String {
    switch self {
    case .disable: "disable"
    case .enable: "enable"
    case .delete: "delete"
    case .revokeSessions: "revoke_sessions"
    case .verifyEmail: "verify_email"
    case .setPassword: "set_password"
    }
  }

  public var email: String {
    switch self {
    case .disable(let email), .enable(let email), .delete(let email), .revokeSessions(let email),
      .verifyEmail(let email), .setPassword(let email, _):
      email
    }
  }
}
