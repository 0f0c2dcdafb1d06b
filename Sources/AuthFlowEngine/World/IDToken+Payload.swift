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
  /// - the custom claims, which replace `name` and `picture` but no other of the above.
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
    // In the emulator's order, which production's tokens show: the profile's name and photo, then the custom
    // claims over them, then the claims that are the token's own, which a custom claim of the same name never
    // replaces, even where the account has no value for it (a custom `email` on a phone user's token).
    var claims: [String: ClaimValue] = [:]
    if let name = profile.name { claims["name"] = .string(name) }
    if let picture = profile.picture { claims["picture"] = .string(picture) }
    claims.merge(self.claims) { _, custom in custom }
    claims["email"] = profile.email.map(ClaimValue.string)
    claims["email_verified"] = profile.email == nil ? nil : .bool(profile.emailVerified)
    claims["phone_number"] = profile.phoneNumber.map(ClaimValue.string)
    claims["provider_id"] = signInProvider == ProviderID.anonymous.rawValue ? .string(signInProvider) : nil
    let own: [String: ClaimValue] = [
      "iss": .string("https://securetoken.google.com/\(projectID)"), "aud": .string(projectID),
      "auth_time": .integer(Int(authTime.secondsSince1970)), "user_id": .string(uid), "sub": .string(uid),
      "iat": .integer(Int(issuedAt.secondsSince1970)), "exp": .integer(Int(expiresAt.secondsSince1970)),
      "firebase": .object(firebase),
    ]
    claims.merge(own) { _, standard in standard }
    return claims
  }
}
