import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension Auth {
  // MARK: - Email and password

  /// Creates an email-and-password account and signs it in (unverified).
  @discardableResult
  nonisolated(nonsending) public func createUser(withEmail email: String, password: String) async throws
    -> AuthDataResult
  {
    try await AsyncMember.run { [self] in try createUserNow(email: email, password: password) }
  }

  /// Creates an email-and-password account and signs it in (unverified).
  public func createUser(
    withEmail email: String, password: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil
  ) {
    complete(completion) { [self] in try createUserNow(email: email, password: password) }
  }

  private func createUserNow(email: String, password: String) throws -> AuthDataResult {
    // The SDK checks these on the device, before any request: the password first.
    if password.isEmpty {
      throw AuthErrorUtils.error(
        .weakPassword, userInfo: [NSLocalizedFailureReasonErrorKey: "Missing password"])
    }
    if email.isEmpty { throw AuthErrorUtils.error(.missingEmail) }
    try perform { () throws(AuthFlowLanguage.AuthErrorCode) in
      _ = try client.signUp(email: email, password: password)
    }
    return AuthDataResult(
      user: try signedInUser(),
      additionalUserInfo: AdditionalUserInfo(
        providerID: EmailAuthProvider.id, profile: nil, username: nil, isNewUser: true))
  }

  /// Signs in with an email and a password.
  @discardableResult
  nonisolated(nonsending) public func signIn(withEmail email: String, password: String) async throws
    -> AuthDataResult
  {
    try await AsyncMember.run { [self] in try signInNow(email: email, password: password) }
  }

  /// Signs in with an email and a password.
  public func signIn(
    withEmail email: String, password: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil
  ) {
    complete(completion) { [self] in try signInNow(email: email, password: password) }
  }

  private func signInNow(email: String, password: String) throws -> AuthDataResult {
    // The SDK answers an empty password itself, before any request (re-authenticating goes through here too).
    if password.isEmpty { throw AuthErrorUtils.error(.wrongPassword) }
    try perform(
      { () throws(AuthFlowLanguage.AuthErrorCode) in _ = try client.signIn(email: email, password: password)
      },
      userInfo: {
        AuthErrorUtils.passwordSignInUserInfo($0, email: email, backend: firebaseWorld.world.backend)
      })
    return AuthDataResult(
      user: try signedInUser(),
      additionalUserInfo: AdditionalUserInfo(
        providerID: EmailAuthProvider.id, profile: nil, username: nil, isNewUser: false))
  }

  // MARK: - Custom tokens

  /// Signs in with a custom token your server minted: what ``FirebaseWorld/customToken(uid:claims:)`` returns,
  /// or any unsigned JWT (or JSON) with `uid` and optional `claims`, as the Admin SDK mints them for the
  /// emulator. An unknown uid gets a new account; the session's ID tokens carry the token's claims
  /// (``User/getIDTokenResult(forcingRefresh:)``). A token without a uid, an over-long uid or a reserved claim is
  /// `invalidCustomToken`.
  @discardableResult
  nonisolated(nonsending) public func signIn(withCustomToken token: String) async throws -> AuthDataResult {
    try await AsyncMember.run { [self] in try signInNow(customToken: token) }
  }

  /// Signs in with a custom token; see ``signIn(withCustomToken:)``.
  public func signIn(withCustomToken token: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
    complete(completion) { [self] in try signInNow(customToken: token) }
  }

  private func signInNow(customToken token: String) throws -> AuthDataResult {
    guard let (uid, claims) = FirebaseWorld.parseCustomToken(token) else {
      throw AuthErrorUtils.error(AuthFlowLanguage.AuthErrorCode.invalidCustomToken)
    }
    let isNewUser = try perform { () throws(AuthFlowLanguage.AuthErrorCode) in
      try client.signIn(customTokenFor: uid, claims: claims).isNewUser
    }
    return AuthDataResult(
      user: try signedInUser(),
      additionalUserInfo: AdditionalUserInfo(
        // The SDK names no provider here (an empty string), though the token says `sign_in_provider: custom`.
        providerID: "", profile: nil, username: nil, isNewUser: isNewUser))
  }

  // MARK: - Email links

  /// Emails a passwordless sign-in link to `email` (`sendOobCode EMAIL_SIGNIN`). Keep the email on the device
  /// (as Firebase's guides do with `UserDefaults`) to complete the sign-in when the link comes back.
  ///
  /// The settings must name the continue URL (`url`), else `missingContinueURI` as production answers, and set
  /// `handleCodeInApp`: without it the SDK stops the app, and this throws `internalError` saying so.
  nonisolated(nonsending) public func sendSignInLink(
    toEmail email: String, actionCodeSettings: ActionCodeSettings
  ) async throws {
    try await AsyncMember.run { [self] in try sendSignInLinkNow(email, actionCodeSettings) }
  }

  /// Emails a passwordless sign-in link; see ``sendSignInLink(toEmail:actionCodeSettings:)``.
  public func sendSignInLink(
    toEmail email: String, actionCodeSettings: ActionCodeSettings, completion: ((Error?) -> Void)? = nil
  ) {
    complete(completion) { [self] in try sendSignInLinkNow(email, actionCodeSettings) }
  }

  private func sendSignInLinkNow(_ email: String, _ settings: ActionCodeSettings) throws {
    guard settings.handleCodeInApp else {
      throw AuthErrorUtils.error(
        .internalError,
        message:
          "An email sign-in link needs ActionCodeSettings.handleCodeInApp = true; FirebaseAuth stops the app here."
      )
    }
    // The service's answer to a request without a continue URL.
    guard settings.url != nil else { throw AuthErrorUtils.error(AuthErrorCode.missingContinueURI) }
    try firebaseWorld.leading(to: settings) {
      try perform { () throws(AuthFlowLanguage.AuthErrorCode) in try client.sendSignInLink(email: email) }
    }
  }

  /// Whether a link is an email sign-in link (`mode=signIn` with a code), as the SDK checks it.
  public func isSignIn(withEmailLink link: String) -> Bool {
    let query = ActionCodeURL.queryItems(of: link)
    return query["oobCode"] != nil && query["mode"] == "signIn"
  }

  /// Completes a passwordless sign-in with the link and the email it was sent to: the account is created if
  /// there is none, and its email is verified. A used or unknown link is `invalidActionCode`, one older than 6
  /// hours `expiredActionCode`, another email `invalidEmail`; a string that is not a sign-in link is
  /// `invalidActionCode` (the SDK stops the app there).
  nonisolated(nonsending) public func signIn(withEmail email: String, link: String) async throws
    -> AuthDataResult
  {
    try await AsyncMember.run { [self] in try signInNow(email: email, link: link) }
  }

  /// Completes a passwordless sign-in; see ``signIn(withEmail:link:)``.
  public func signIn(
    withEmail email: String, link: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil
  ) {
    complete(completion) { [self] in try signInNow(email: email, link: link) }
  }

  private func signInNow(email: String, link: String) throws -> AuthDataResult {
    // Read as `isSignIn(withEmailLink:)` reads it, as the SDK does.
    let query = ActionCodeURL.queryItems(of: link)
    guard query["mode"] == "signIn", let code = query["oobCode"] else {
      throw AuthErrorUtils.error(AuthFlowLanguage.AuthErrorCode.invalidActionCode)
    }
    let isNewUser = try perform { () throws(AuthFlowLanguage.AuthErrorCode) in
      try client.signIn(email: email, linkCode: code).isNewUser
    }
    return AuthDataResult(
      user: try signedInUser(),
      additionalUserInfo: AdditionalUserInfo(
        providerID: EmailAuthProvider.id, profile: nil, username: nil, isNewUser: isNewUser))
  }

  // MARK: - Anonymous

  /// Signs in as a new guest: an anonymous account, no email, no provider (``User/isAnonymous``). Link a
  /// credential to it (``User/link(with:)``) to keep it; signing out of it loses it. While a guest is signed in
  /// it is that guest, with no `additionalUserInfo` and no call to the backend, as the SDK answers: an app that
  /// signs in anonymously at every launch keeps one guest.
  @discardableResult
  nonisolated(nonsending) public func signInAnonymously() async throws -> AuthDataResult {
    try await AsyncMember.run { [self] in try signInAnonymouslyNow() }
  }

  /// Signs in as a new guest, or the one signed in; see ``signInAnonymously()``.
  public func signInAnonymously(completion: ((AuthDataResult?, Error?) -> Void)? = nil) {
    complete(completion) { [self] in try signInAnonymouslyNow() }
  }

  private func signInAnonymouslyNow() throws -> AuthDataResult {
    if let guest = currentUser, guest.isAnonymous {
      return AuthDataResult(user: guest, additionalUserInfo: nil)
    }
    try perform { () throws(AuthFlowLanguage.AuthErrorCode) in _ = try client.signInAnonymously() }
    return AuthDataResult(
      user: try signedInUser(),
      additionalUserInfo: AdditionalUserInfo(providerID: "", profile: nil, username: nil, isNewUser: true))
  }

  // MARK: - Credentials

  /// Signs in with a credential: an email and a password, an identity provider's tokens (from
  /// ``IdentityProviderSheet`` or a provider type), or a phone verification (``PhoneAuthCredential``: the
  /// number's account, made if there is none). An IdP sign-in whose email belongs to another account fails with
  /// `accountExistsWithDifferentCredential`, its `userInfo` holding the email and the credential to link later.
  @discardableResult
  nonisolated(nonsending) public func signIn(with credential: AuthCredential) async throws -> AuthDataResult {
    try await AsyncMember.run { [self] in try signInNow(with: credential) }
  }

  /// Signs in with a credential; see ``signIn(with:)``.
  public func signIn(with credential: AuthCredential, completion: ((AuthDataResult?, Error?) -> Void)? = nil)
  {
    complete(completion) { [self] in try signInNow(with: credential) }
  }

  func signInNow(with credential: AuthCredential) throws -> AuthDataResult {
    switch credential.content {
    case .password(let email, let password):
      return try signInNow(email: email, password: password)
    case .emailLink(let email, let link):
      return try signInNow(email: email, link: link)
    case .phone, .phoneProof:
      return try signInNow(withPhone: credential)
    case .tokens:
      try AuthErrorUtils.requireModelled(provider: credential.provider)
      var idp: IdentityProviders.Account?
      let isNewUser = try perform(
        { () throws(AuthFlowLanguage.AuthErrorCode) in
          let account = try firebaseWorld.identityProviderAccount(for: credential)
          idp = account
          return try client.signIn(account, keepingPendingCredential: false).isNewUser
        },
        userInfo: { code in
          guard code == .accountExistsWithDifferentCredential, let idp, let email = idp.email else {
            return [:]
          }
          return [
            AuthErrors.userInfoEmailKey: email,
            AuthErrors.userInfoUpdatedCredentialKey: credential,
          ]
        })
      return AuthDataResult(
        user: try signedInUser(),
        additionalUserInfo: idp.map { Self.additionalUserInfo($0, isNewUser: isNewUser) },
        credential: credential as? OAuthCredential)
    }
  }

  /// What an IdP sign-in reports about the IdP account.
  static func additionalUserInfo(_ idp: IdentityProviders.Account, isNewUser: Bool) -> AdditionalUserInfo {
    // The service's `rawUserInfo` (Google's userinfo answer, another provider's claims), as `serve` answers
    // it, and its `screenName` (a GitHub login, a Twitter handle) as the user name.
    AdditionalUserInfo(
      providerID: idp.provider.rawValue, profile: idp.rawUserInfo.mapValues(\.foundationValue),
      username: idp.screenName, isNewUser: isNewUser)
  }

  // MARK: - Signing out and looking up

  /// Signs out on this device (no backend call, as in the SDK).
  public func signOut() throws {
    try perform { () throws(AuthFlowLanguage.AuthErrorCode) in client.signOut() }
  }

  /// The sign-in methods of an email (`createAuthUri`). Under email enumeration protection, on by default in
  /// production, the list is always empty.
  @available(
    *, deprecated,
    message:
      "`fetchSignInMethods` is deprecated; it returns an empty list when email enumeration protection is on."
  )
  nonisolated(nonsending) public func fetchSignInMethods(forEmail email: String) async throws -> [String] {
    try await AsyncMember.run { [self] in try fetchSignInMethodsNow(email: email) }
  }

  /// The sign-in methods of an email; see ``fetchSignInMethods(forEmail:)``.
  @available(
    *, deprecated,
    message:
      "`fetchSignInMethods` is deprecated; it returns an empty list when email enumeration protection is on."
  )
  public func fetchSignInMethods(forEmail email: String, completion: (([String]?, Error?) -> Void)? = nil) {
    complete(completion) { [self] in try fetchSignInMethodsNow(email: email) }
  }

  private func fetchSignInMethodsNow(email: String) throws -> [String] {
    try perform { () throws(AuthFlowLanguage.AuthErrorCode) in
      try client.fetchSignInMethods(email: email).map(\.rawValue)
    }
  }

  /// Emails a password-reset link. Under enumeration protection an unknown email succeeds and sends nothing.
  /// The link carries `actionCodeSettings.url` as its `continueUrl`, as production's does.
  nonisolated(nonsending) public func sendPasswordReset(
    withEmail email: String, actionCodeSettings: ActionCodeSettings? = nil
  )
    async throws
  {
    try await AsyncMember.run { [self] in try sendPasswordResetNow(email: email, actionCodeSettings) }
  }

  /// Emails a password-reset link; see ``sendPasswordReset(withEmail:actionCodeSettings:)``.
  public func sendPasswordReset(withEmail email: String, completion: ((Error?) -> Void)? = nil) {
    complete(completion) { [self] in try sendPasswordResetNow(email: email) }
  }

  /// Emails a password-reset link; see ``sendPasswordReset(withEmail:actionCodeSettings:)``.
  public func sendPasswordReset(
    withEmail email: String, actionCodeSettings: ActionCodeSettings?, completion: ((Error?) -> Void)? = nil
  ) {
    complete(completion) { [self] in try sendPasswordResetNow(email: email, actionCodeSettings) }
  }

  private func sendPasswordResetNow(email: String, _ settings: ActionCodeSettings? = nil) throws {
    try firebaseWorld.leading(to: settings) {
      try perform { () throws(AuthFlowLanguage.AuthErrorCode) in try client.sendPasswordReset(email: email) }
    }
  }
}
