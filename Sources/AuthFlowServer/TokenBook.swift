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

  /// Encodes `token` for `account` as a JWT and remembers it; `secondFactor` (an enrolment id and `phone` or
  /// `totp`) is the factor the session proved, kept for its refreshed tokens.
  func issue(
    _ token: IDToken, for account: ServedAccount, refreshToken: String, provider: String? = nil,
    secondFactor: (id: String, kind: String)? = nil, tenant: String? = nil,
    signInAttributes attributes: JSON? = nil
  ) -> String {
    lock.lock()
    defer { lock.unlock() }
    if let provider { signInProviders[refreshToken] = provider }
    if let secondFactor { secondFactors[refreshToken] = secondFactor }
    if let attributes { signInAttributes[refreshToken] = attributes }
    if let tenant { refreshTenants[refreshToken] = tenant }
    var claims = Claims(
      token, account, projectID: projectID, provider: signInProviders[refreshToken] ?? "password")
    if let factor = secondFactors[refreshToken] {
      claims.firebase.signInSecondFactor = factor.kind
      claims.firebase.secondFactorIdentifier = factor.id
    }
    claims.firebase.tenant = tenant
    claims.firebase.signInAttributes = signInAttributes[refreshToken]
    let jwt = Self.encode(claims)
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

  /// The claims of a Firebase ID token: the standard ones, then the token's custom claims at the top level.
  struct Claims: Encodable, Equatable {
    var iss: String
    var aud: String
    var authTime: Int64
    var userID: String
    var sub: String
    var iat: Int64
    var exp: Int64
    var email: String?
    var emailVerified: Bool?
    var name: String?
    var phoneNumber: String?
    /// `anonymous` in a guest's tokens, as production issues them (`provider_id`); absent otherwise.
    var providerID: String?
    var firebase: Firebase
    /// Custom claims (a custom token's, the account's `customAttributes`), beside the standard ones.
    var custom: [String: ClaimValue]

    enum CodingKeys: String, CodingKey {
      case iss, aud, sub, iat, exp, email, name, firebase
      case authTime = "auth_time"
      case userID = "user_id"
      case emailVerified = "email_verified"
      case phoneNumber = "phone_number"
      case providerID = "provider_id"
    }

    /// A custom claim's name as a coding key.
    struct ClaimKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(iss, forKey: .iss)
      try container.encode(aud, forKey: .aud)
      try container.encode(authTime, forKey: .authTime)
      try container.encode(userID, forKey: .userID)
      try container.encode(sub, forKey: .sub)
      try container.encode(iat, forKey: .iat)
      try container.encode(exp, forKey: .exp)
      try container.encodeIfPresent(email, forKey: .email)
      try container.encodeIfPresent(emailVerified, forKey: .emailVerified)
      try container.encodeIfPresent(name, forKey: .name)
      try container.encodeIfPresent(phoneNumber, forKey: .phoneNumber)
      try container.encodeIfPresent(providerID, forKey: .providerID)
      try container.encode(firebase, forKey: .firebase)
      var extra = encoder.container(keyedBy: ClaimKey.self)
      // Reserved names never get here (the loader and the server refuse them); standard fields win anyway.
      for (claim, value) in custom where CodingKeys(stringValue: claim) == nil {
        try extra.encode(value, forKey: ClaimKey(stringValue: claim))
      }
    }

    struct Firebase: Codable, Equatable {
      var identities: [String: [String]]
      var signInProvider: String
      /// `phone` or `totp` after a second-factor sign-in or enrolment (`sign_in_second_factor`).
      var signInSecondFactor: String?
      /// The enrolment id of that factor (`second_factor_identifier`).
      var secondFactorIdentifier: String?
      /// The tenant of a tenant's user (`firebase.tenant`), which tenant-aware Admin SDKs check.
      var tenant: String?
      /// A SAML sign-in's attribute statements (`sign_in_attributes`).
      var signInAttributes: JSON?

      enum CodingKeys: String, CodingKey {
        case identities, tenant
        case signInAttributes = "sign_in_attributes"
        case signInProvider = "sign_in_provider"
        case signInSecondFactor = "sign_in_second_factor"
        case secondFactorIdentifier = "second_factor_identifier"
      }
    }

    init(_ token: IDToken, _ account: ServedAccount, projectID: String, provider: String) {
      iss = "https://securetoken.google.com/\(projectID)"
      aud = projectID
      authTime = token.authTime.secondsSince1970
      userID = token.uid
      sub = token.uid
      iat = token.issuedAt.secondsSince1970
      exp = token.expiresAt.secondsSince1970
      email = account.email
      emailVerified = account.email == nil ? nil : account.emailVerified
      name = account.displayName
      phoneNumber = account.phoneNumber
      var identities: [String: [String]] = [:]
      if let email = account.email { identities["email"] = [email] }
      for link in account.links { identities[link.provider.rawValue, default: []].append(link.subject) }
      if let number = account.phoneNumber { identities["phone"] = [number] }
      firebase = Firebase(identities: identities, signInProvider: provider)
      providerID = provider == "anonymous" ? "anonymous" : nil
      custom = token.claims
    }
  }

  static func encode(_ claims: Claims) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let header = Data(#"{"alg":"none","typ":"JWT"}"#.utf8)
    let payload = (try? encoder.encode(claims)) ?? Data("{}".utf8)
    return base64URL(header) + "." + base64URL(payload) + "."
  }

  static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
      of: "/", with: "_"
    )
    .replacingOccurrences(of: "=", with: "")
  }

  /// The payload of a JWT (signed or not) as JSON, or nil if it is not one.
  static func payload(ofJWT jwt: String) -> Data? {
    let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2 else { return nil }
    var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while text.count % 4 != 0 { text += "=" }
    return Data(base64Encoded: text)
  }
}
