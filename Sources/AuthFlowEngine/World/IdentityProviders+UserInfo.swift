import AuthFlowLanguage

extension IdentityProviders.Account {
  /// What `signInWithIdp` answers as `rawUserInfo`, which the SDKs hand the app as `additionalUserInfo.profile`:
  /// Google's userinfo answer (``googleUserInfo(subject:email:emailVerified:name:givenName:familyName:picture:)``,
  /// the name split at its first space), another provider's ID-token claims (`sub`, `email`, `email_verified`,
  /// `name` but Apple's, `picture`).
  public var rawUserInfo: [String: ClaimValue] {
    if provider == .google {
      let names = name.map { $0.split(separator: " ", maxSplits: 1).map(String.init) } ?? []
      return Self.googleUserInfo(
        subject: subject, email: email, emailVerified: emailVerified, name: name, givenName: names.first,
        familyName: names.count > 1 ? names[1] : nil, picture: photoURL)
    }
    var claims: [String: ClaimValue] = ["sub": .string(subject), "email_verified": .bool(emailVerified)]
    if let email { claims["email"] = .string(email) }
    // Apple's ID token never carries the name (the app passes it with the credential).
    if let name, provider != .apple { claims["name"] = .string(name) }
    if let photoURL { claims["picture"] = .string(photoURL) }
    return claims
  }

  /// Google's userinfo answer, as production and the emulator give it in `rawUserInfo`: `id`, `email` and
  /// `verified_email` (with an email), `name`, `given_name`, `family_name`, `picture`, `locale`, and the
  /// `granted_scopes` (the email's only with an email); a value not known is left out.
  public static func googleUserInfo(
    subject: String?, email: String?, emailVerified: Bool?, name: String?, givenName: String?,
    familyName: String?, picture: String?
  ) -> [String: ClaimValue] {
    var scopes = ["openid", "https://www.googleapis.com/auth/userinfo.profile"]
    if email != nil { scopes.append("https://www.googleapis.com/auth/userinfo.email") }
    var info: [String: ClaimValue] = [
      "locale": .string("en"), "granted_scopes": .string(scopes.joined(separator: " ")),
    ]
    let optional: [(String, String?)] = [
      ("id", subject), ("email", email), ("name", name), ("given_name", givenName),
      ("family_name", familyName),
      ("picture", picture),
    ]
    for (key, value) in optional { if let value { info[key] = .string(value) } }
    if email != nil { info["verified_email"] = .bool(emailVerified ?? false) }
    return info
  }
}
