import AuthFlowLanguage

extension Backend {
  /// The longest uid Firebase accepts (Admin SDK and custom tokens).
  static let maximumUIDLength = 128

  /// **Custom tokens.** `signInWithCustomToken`: the app's server minted a token for `uid` (with developer
  /// claims); the app signs in with it. An unknown uid gets a new account (no email, no provider), a disabled
  /// one → `user-disabled`; an empty or over-long uid, or a reserved claim name → `invalid-custom-token`. The
  /// session's ID tokens carry the developer claims, with the account's custom claims (Admin
  /// `setCustomUserClaims`) on top; `sign_in_provider` is `custom`. Source: Firebase docs, "Create custom tokens"
  /// and "Control access with custom claims". A scenario names a `given.accounts` entry by its `id`: a token for
  /// that name is a token for that account, as the app's server would mint it for the user it knows.
  func signInWithCustomToken(uid named: String, claims: [String: ClaimValue]) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens, isNewUser: Bool
  ) {
    let uid = namedAccounts[named] ?? named
    guard !uid.isEmpty, uid.count <= Self.maximumUIDLength,
      claims.keys.allSatisfy({ !ClaimValue.reservedNames.contains($0) })
    else { throw .invalidCustomToken }
    var isNewUser = false
    if let account = accounts[uid] {
      if account.disabled { throw .userDisabled }
    } else {
      var account = newAccount(email: nil)
      account.uid = uid
      insert(account)
      record(.accountCreated(uid: uid, email: nil))
      world.log("backend", "account \(uid) created by a custom token")
      isNewUser = true
    }
    let tokens = issueSession(uid: uid, provider: .custom, developerClaims: claims)
    guard let info = accounts[uid]?.info else { throw .userNotFound }
    return (info, tokens, isNewUser)
  }
}
