import AuthFlowLanguage

extension IDToken {
  /// The claims of the JWT production issues for this token, as it was minted: what `serve` encodes and what
  /// `getIDTokenResult().claims` shows, written once for both.
  ///
  /// - `iss`, `aud`, `sub` and `user_id`, `auth_time`, `iat`, `exp`;
  /// - `email` and `email_verified` (only with an email), `phone_number`, `name`, `picture`, from the account as
  ///   it was when the token was minted (``TokenProfile``);
  /// - `provider_id: anonymous` in a guest's tokens only, as production issues them;
  /// - `firebase`: `identities`, `sign_in_provider`, the second factor the session proved
  ///   (`sign_in_second_factor`, `second_factor_identifier`) and the `tenant` of a tenant's user;
  /// - the custom claims, where they do not take the name of one of the above.
  ///
  /// `signInProvider` is how the session signed in, as the caller knows it (`password`, `google.com`, …).
  public func payload(projectID: String, signInProvider: String, tenant: String?) -> [String: ClaimValue] {
    var firebase: [String: ClaimValue] = [
      "identities": .object(profile.identities.mapValues { .list($0.map(ClaimValue.string)) }),
      "sign_in_provider": .string(signInProvider),
    ]
    if let secondFactor {
      firebase["sign_in_second_factor"] = .string(secondFactor.kind.rawValue)
      firebase["second_factor_identifier"] = .string(secondFactor.id)
    }
    if let tenant { firebase["tenant"] = .string(tenant) }
    var claims: [String: ClaimValue] = [
      "iss": .string("https://securetoken.google.com/\(projectID)"), "aud": .string(projectID),
      "auth_time": .integer(Int(authTime.secondsSince1970)), "user_id": .string(uid), "sub": .string(uid),
      "iat": .integer(Int(issuedAt.secondsSince1970)), "exp": .integer(Int(expiresAt.secondsSince1970)),
      "firebase": .object(firebase),
    ]
    if let email = profile.email {
      claims["email"] = .string(email)
      claims["email_verified"] = .bool(profile.emailVerified)
    }
    if let phone = profile.phoneNumber { claims["phone_number"] = .string(phone) }
    if let name = profile.name { claims["name"] = .string(name) }
    if let picture = profile.picture { claims["picture"] = .string(picture) }
    if signInProvider == ProviderID.anonymous.rawValue { claims["provider_id"] = .string(signInProvider) }
    // Custom claims (a custom token's, the account's `setCustomUserClaims`) as the token was minted with them;
    // the reserved names never get here (the loader, the façade and the server refuse them).
    for (name, value) in self.claims where claims[name] == nil { claims[name] = value }
    return claims
  }
}
