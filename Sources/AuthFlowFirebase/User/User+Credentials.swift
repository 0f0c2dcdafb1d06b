import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension User {
  // MARK: - Re-authenticating

  /// Proves again who the user is (restarting the recent-login window): with the user's password, an email link
  /// sent to the user's address (it is used up), an IdP credential linked to the user, or a phone credential for
  /// the user's number. Another account's credential → `userMismatch`.
  @discardableResult
  nonisolated(nonsending) public func reauthenticate(with credential: AuthCredential) async throws
    -> AuthDataResult
  {
    try await AsyncMember.run { [self] in try reauthenticateNow(with: credential) }
  }

  /// Proves again who the user is; see ``reauthenticate(with:)``.
  public func reauthenticate(
    with credential: AuthCredential, completion: ((AuthDataResult?, Error?) -> Void)? = nil
  ) {
    complete(completion) { [self] in try reauthenticateNow(with: credential) }
  }

  /// What a re-authentication with `providerID` gives: the signed-in user, and the provider with no profile.
  func reauthenticated(in auth: Auth, providerID: String) throws -> AuthDataResult {
    AuthDataResult(
      user: try auth.signedInUser(),
      additionalUserInfo: AdditionalUserInfo(
        providerID: providerID, profile: nil, username: nil, isNewUser: false))
  }

  func reauthenticateNow(with credential: AuthCredential) throws -> AuthDataResult {
    guard let auth else { throw AuthErrorUtils.error(.nullUser) }
    switch credential.content {
    case .password(let email, let password):
      // As a sign-in: the SDK answers an empty password itself, before any request.
      if password.isEmpty { throw AuthErrorUtils.error(.wrongPassword) }
      try perform(
        { (client) throws(AuthFlowLanguage.AuthErrorCode) in
          try client.reauthenticate(email: email, password: password)
        },
        userInfo: { [email] in
          AuthErrorUtils.passwordSignInUserInfo($0, email: email, backend: auth.firebaseWorld.world.backend)
        })
      return try reauthenticated(in: auth, providerID: EmailAuthProvider.id)
    case .emailLink(let email, let link):
      let code = try Self.signInLinkCode(link)
      try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
        try client.reauthenticate(email: email, linkCode: code)
      }
      return try reauthenticated(in: auth, providerID: EmailAuthProvider.id)
    case .phone, .phoneProof:
      return try reauthenticateNow(withPhone: credential, auth: auth)
    case .tokens:
      try AuthErrorUtils.requireModelled(provider: credential.provider)
      let idp = try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
        let idp = try auth.firebaseWorld.identityProviderAccount(for: credential)
        try client.reauthenticate(idp)
        return idp
      }
      return AuthDataResult(
        user: try auth.signedInUser(), additionalUserInfo: Auth.additionalUserInfo(idp, isNewUser: false),
        credential: credential as? OAuthCredential)
    }
  }

  // MARK: - Linking

  /// Links a credential to the user: an IdP account (`credentialAlreadyInUse` when it belongs to another
  /// account, with the email and the credential in `userInfo`), an email and a password, an email link
  /// (`EmailAuthProvider.credential(withEmail:link:)`: the user takes the link's address, verified), or a phone
  /// verification (``PhoneAuthCredential``: the user gains the number).
  @discardableResult
  nonisolated(nonsending) public func link(with credential: AuthCredential) async throws -> AuthDataResult {
    try await AsyncMember.run { [self] in try linkNow(with: credential) }
  }

  /// Links a credential to the user; see ``link(with:)``.
  public func link(with credential: AuthCredential, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
    complete(completion) { [self] in try linkNow(with: credential) }
  }

  func linkNow(with credential: AuthCredential) throws -> AuthDataResult {
    guard let auth else { throw AuthErrorUtils.error(.nullUser) }
    // The SDK refuses a provider the cached user already has before any request: a second password (an email
    // link is `password` too) or a second Google account, the link or code left unused.
    if providerData.contains(where: { $0.providerID == credential.provider }) {
      throw AuthErrorUtils.error(AuthFlowLanguage.AuthErrorCode.providerAlreadyLinked)
    }
    switch credential.content {
    case .password(let email, let password):
      // As in the SDK: `emailAlreadyInUse` without the email (it maps `EMAIL_EXISTS` so), and no
      // `additionalUserInfo` for an email credential.
      try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
        _ = try client.linkPassword(email: email, password: password)
      }
      return AuthDataResult(user: try auth.signedInUser(), additionalUserInfo: nil)
    case .emailLink(let email, let link):
      let code = try Self.signInLinkCode(link)
      try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
        _ = try client.linkEmailLink(email: email, linkCode: code)
      }
      return AuthDataResult(user: try auth.signedInUser(), additionalUserInfo: nil)
    case .phone, .phoneProof:
      return try linkNow(withPhone: credential, auth: auth)
    case .tokens:
      try AuthErrorUtils.requireModelled(provider: credential.provider)
      var idp: IdentityProviders.Account?
      try perform(
        { (client) throws(AuthFlowLanguage.AuthErrorCode) in
          let account = try auth.firebaseWorld.identityProviderAccount(for: credential)
          idp = account
          _ = try client.link(account)
        },
        userInfo: { code in
          // Only `credentialAlreadyInUse` carries the email (none for an IdP account without one) and the
          // credential; `emailAlreadyInUse` carries neither, as the SDK maps `EMAIL_EXISTS`.
          guard let idp, code == .credentialAlreadyInUse else { return [:] }
          let email: [String: Any] = idp.email.map { [AuthErrors.userInfoEmailKey: $0] } ?? [:]
          return email.merging([AuthErrors.userInfoUpdatedCredentialKey: credential]) { mine, _ in mine }
        })
      return AuthDataResult(
        user: try auth.signedInUser(),
        additionalUserInfo: idp.map { Auth.additionalUserInfo($0, isNewUser: false) },
        credential: credential as? OAuthCredential)
    }
  }

  /// Unlinks a provider (`password`, `google.com`, …) from the user; one the user does not have →
  /// `noSuchProvider`.
  nonisolated(nonsending) public func unlink(fromProvider provider: String) async throws -> User {
    try await AsyncMember.run { [self] in try unlinkNow(provider) }
  }

  /// Unlinks a provider; see ``unlink(fromProvider:)``.
  public func unlink(fromProvider provider: String, completion: ((User?, Error?) -> Void)? = nil) {
    complete(completion) { [self] in try unlinkNow(provider) }
  }

  private func unlinkNow(_ provider: String) throws -> User {
    try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
      _ = try client.unlink(AuthFlowLanguage.ProviderID(rawValue: provider))
    }
    return self
  }

  /// The code of an email-link credential's link; a link that is not a sign-in link is `invalidActionCode`.
  private static func signInLinkCode(_ link: String) throws -> String {
    guard let url = ActionCodeURL(link: link), url.operation == .emailLink, let code = url.code else {
      throw AuthErrorUtils.error(AuthFlowLanguage.AuthErrorCode.invalidActionCode)
    }
    return code
  }
}
