import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// The ID tokens the server has handed out, as JWTs, mapped back to the backend's ``IDToken``s.
///
/// The Admin SDK verifies emulator tokens without a signature check, so tokens are unsigned JWTs
/// (`{"alg":"none","typ":"JWT"}`) with the claims Firebase puts in them. A JWT the server did not issue is
/// `INVALID_ID_TOKEN`, however well formed.
final class TokenBook: @unchecked Sendable {
  private let lock = NSLock()
  private var idTokens: [String: (token: IDToken, tenant: String?)] = [:]
  /// The tenant each tenant session's refresh token belongs to.
  private var refreshTenants: [String: String] = [:]
  /// How each refresh token's session signed in (`firebase.signInProvider`).
  private var signInProviders: [String: String] = [:]
  /// The second factor each refresh token's session proved, if any: its enrolment id and kind.
  private var secondFactors: [String: (id: String, kind: String)] = [:]
  /// The SAML attribute statements each refresh token's session signed in with (`firebase.sign_in_attributes`).
  private var signInAttributes: [String: JSON] = [:]
  /// Where each MFA pending credential, SMS `sessionInfo` and temporary proof was issued. The emulator writes the
  /// tenant into its pending credential; these are the world's seeded ids, so the server keeps what the
  /// credential would say.
  private var issuers: [String: Issuer] = [:]
  let projectID: String

  init(projectID: String) { self.projectID = projectID }

  /// Encodes `token` as a JWT and remembers it; `secondFactor` (an enrolment id and `phone` or `totp`) is the
  /// factor the session proved, kept for its refreshed tokens.
  func issue(
    _ token: IDToken, refreshToken: String, provider: String? = nil,
    secondFactor: (id: String, kind: String)? = nil, tenant: String? = nil,
    signInAttributes attributes: JSON? = nil
  ) -> String {
    lock.lock()
    defer { lock.unlock() }
    if let provider { signInProviders[refreshToken] = provider }
    if let secondFactor { secondFactors[refreshToken] = secondFactor }
    if let attributes { signInAttributes[refreshToken] = attributes }
    if let tenant { refreshTenants[refreshToken] = tenant }
    // The payload the world's token carries (the façade shows the same), with what only the server knows of
    // the session: the factor it proved, its SAML attributes.
    var claims = token.payload(
      projectID: projectID, signInProvider: signInProviders[refreshToken] ?? "password", tenant: tenant
    ).mapValues(JSON.init)
    if case .object(var firebase) = claims["firebase"] {
      if let factor = secondFactors[refreshToken] {
        firebase["sign_in_second_factor"] = .string(factor.kind)
        firebase["second_factor_identifier"] = .string(factor.id)
      }
      firebase["sign_in_attributes"] = signInAttributes[refreshToken]
      claims["firebase"] = .object(firebase)
    }
    let jwt = Self.encode(.object(claims))
    idTokens[jwt] = (token, tenant)
    return jwt
  }

  /// The backend token a JWT stands for, or `INVALID_ID_TOKEN`; a token of another tenant than `tenant` (nil:
  /// the project itself) is `TENANT_ID_MISMATCH`.
  func token(_ jwt: String?, tenant: String?) throws(ServiceError) -> IDToken {
    guard let jwt, !jwt.isEmpty else { throw .invalidIDToken }
    lock.lock()
    defer { lock.unlock() }
    guard let (token, owner) = idTokens[jwt] else { throw .invalidIDToken }
    guard owner == tenant else { throw ServiceError("TENANT_ID_MISMATCH") }
    return token
  }

  /// Forgets everything it was told: the world starts over (`given`), and its seeded tokens and codes repeat, so
  /// a record of the old world's would ride on the new world's same value (a session's SAML attributes, second
  /// factor or tenant).
  func startOver() {
    lock.lock()
    defer { lock.unlock() }
    idTokens = [:]
    refreshTenants = [:]
    signInProviders = [:]
    secondFactors = [:]
    signInAttributes = [:]
    issuers = [:]
  }

  /// The tenant whose session issued the ID token `jwt`, if the server issued it to a tenant's user.
  func tenant(ofIDToken jwt: String) -> String? {
    lock.lock()
    defer { lock.unlock() }
    return idTokens[jwt]?.tenant
  }

  /// Where a credential was issued: the project itself, or one of its tenants.
  enum Issuer: Equatable {
    case project
    case tenant(String)

    init(_ tenant: String?) { self = tenant.map(Issuer.tenant) ?? .project }
  }

  /// Remembers that `credential` (a pending credential, an SMS `sessionInfo`, a temporary proof) was issued in
  /// `tenant` (nil: the project).
  func remember(credential: String, tenant: String?) {
    lock.lock()
    defer { lock.unlock() }
    issuers[credential] = Issuer(tenant)
  }

  /// Where `credential` was issued, or nil if the server never issued it.
  func issuer(ofCredential credential: String) -> Issuer? {
    lock.lock()
    defer { lock.unlock() }
    return issuers[credential]
  }

  /// The tenant whose session holds `refreshToken`, if any.
  func tenant(ofRefreshToken refreshToken: String) -> String? {
    lock.lock()
    defer { lock.unlock() }
    return refreshTenants[refreshToken]
  }

  /// `claims` as an unsigned JWT (``UnsignedJWT``).
  static func encode(_ claims: JSON) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return UnsignedJWT.encode((try? encoder.encode(claims)) ?? Data("{}".utf8))
  }
}
