import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension User {
  // MARK: - ID tokens

  /// The user's ID token, refreshed first when it expires within 5 minutes.
  public func getIDToken(completion: ((String?, Error?) -> Void)?) {
    complete(completion) { try idTokenNow(forcingRefresh: false).value }
  }

  /// The user's ID token, refreshed first when asked or when it expires within 5 minutes.
  public func getIDTokenForcingRefresh(_ forceRefresh: Bool, completion: ((String?, Error?) -> Void)?) {
    complete(completion) { try idTokenNow(forcingRefresh: forceRefresh).value }
  }

  /// The user's ID token, refreshed first when asked or when it expires within 5 minutes.
  public func getIDToken(forcingRefresh forceRefresh: Bool = false) async throws -> String {
    try idTokenNow(forcingRefresh: forceRefresh).value
  }

  /// The user's ID token; see ``getIDToken(forcingRefresh:)``.
  public func idTokenForcingRefresh(_ forceRefresh: Bool) async throws -> String {
    try idTokenNow(forcingRefresh: forceRefresh).value
  }

  /// The user's ID token with its dates, sign-in provider and claims.
  public func getIDTokenResult(completion: ((AuthTokenResult?, Error?) -> Void)?) {
    complete(completion) { try tokenResultNow(forcingRefresh: false) }
  }

  /// The user's ID token with its dates, sign-in provider and claims, refreshed first when asked.
  public func getIDTokenResult(forcingRefresh: Bool, completion: ((AuthTokenResult?, Error?) -> Void)?) {
    complete(completion) { try tokenResultNow(forcingRefresh: forcingRefresh) }
  }

  /// The user's ID token with its dates, sign-in provider and claims, refreshed first when asked.
  public func getIDTokenResult(forcingRefresh forceRefresh: Bool = false) async throws -> AuthTokenResult {
    try tokenResultNow(forcingRefresh: forceRefresh)
  }

  private func idTokenNow(forcingRefresh: Bool) throws -> IDToken {
    try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
      try client.idToken(forcingRefresh: forcingRefresh)
    }
  }

  private func tokenResultNow(forcingRefresh: Bool) throws -> AuthTokenResult {
    let token = try idTokenNow(forcingRefresh: forcingRefresh)
    guard let auth else { throw AuthErrorUtils.error(.nullUser) }
    return auth.firebaseWorld.locked {
      let providers = auth.client.currentUser?.providers ?? []
      let provider =
        token.signInProvider?.rawValue
        ?? (providers.contains(.password) ? "password" : providers.first?.rawValue ?? "custom")
      return AuthTokenResult(
        token: token.value, expirationDate: Date(token.expiresAt), authDate: Date(token.authTime),
        issuedAtDate: Date(token.issuedAt), signInProvider: provider,
        signInSecondFactor: token.secondFactor?.kind.rawValue ?? "",
        claims: claims(of: token, signInProvider: provider, projectID: auth.firebaseWorld.projectID))
    }
  }

  /// The claims of a Firebase ID token for this user, as the account was when the token was minted (a token
  /// from before the email was verified says it is not, as production's JWT does, until a new one is minted): a
  /// phone number is `phone_number` and an identity, a second-factor session names its factor, a tenant's user
  /// its tenant.
  private func claims(of token: IDToken, signInProvider: String, projectID: String) -> [String: Any] {
    let profile = token.profile
    var firebase: [String: Any] = ["identities": profile.identities, "sign_in_provider": signInProvider]
    if let factor = token.secondFactor {
      firebase["sign_in_second_factor"] = factor.kind.rawValue
      firebase["second_factor_identifier"] = factor.id
    }
    if let tenant = tenantID { firebase["tenant"] = tenant }
    var claims: [String: Any] = [
      "iss": "https://securetoken.google.com/\(projectID)", "aud": projectID,
      "auth_time": Int(token.authTime.secondsSince1970), "user_id": token.uid, "sub": token.uid,
      "iat": Int(token.issuedAt.secondsSince1970), "exp": Int(token.expiresAt.secondsSince1970),
      "firebase": firebase,
    ]
    if let email = profile.email {
      claims["email"] = email
      claims["email_verified"] = profile.emailVerified
    }
    if let phone = profile.phoneNumber { claims["phone_number"] = phone }
    if let name = profile.name { claims["name"] = name }
    if let photo = profile.picture { claims["picture"] = photo }
    // Custom claims (a custom token's, the account's `setCustomUserClaims`) as the token was minted with them.
    for (name, value) in token.claims where claims[name] == nil { claims[name] = value.foundationValue }
    return claims
  }
}
