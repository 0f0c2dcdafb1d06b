import AuthFlowLanguage
import Foundation

/// The world `authflow serve` shares between HTTP requests: one ``World`` and its `Backend` behind a lock.
///
/// Requests arrive concurrently while a world is single-threaded, so every call takes the lock, consumes a
/// matching injected failure (`fail_next`) and then calls the very backend rule the scenario runner uses; the
/// server holds no copy of any rule. Virtual time moves only through ``advance(by:)`` (the control endpoint).
public final class ServedWorld: @unchecked Sendable {
  private let lock = NSLock()
  private var world: World
  /// The seed the world's generator started from.
  package let seedValue: UInt64

  /// A world with `settings`, seeded with `given` (its accounts, IdP accounts and start time).
  public init(settings: BackendSettings = BackendSettings(), given: Given = Given(), seed: UInt64 = 1) {
    seedValue = seed
    world = Self.makeWorld(settings: settings, given: given, seed: seed)
  }

  static func makeWorld(settings: BackendSettings, given: Given, seed: UInt64) -> World {
    let world = World(settings: settings, start: given.now, seed: seed, redactor: Redactor(passwords: []))
    world.recordsTranscript = false
    world.populate(from: given)
    return world
  }

  /// Runs `body` under the lock, after consuming a `fail_next` for `operation` (if any).
  func locked<T>(
    _ operation: BackendOperation?, _ body: (World, Backend) throws(AuthErrorCode) -> T
  ) throws(AuthErrorCode) -> T {
    lock.lock()
    defer { lock.unlock() }
    if let operation, let injected = world.takeInjectedFailure(for: operation, device: nil) { throw injected }
    return try body(world, world.backend)
  }

  /// Called under the lock only.
  func replaceWorld(_ fresh: World) { world = fresh }

  func locked<T>(_ body: (World, Backend) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(world, world.backend)
  }

  func session(_ backend: Backend, _ uid: String, _ tokens: SessionTokens, new: Bool)
    throws(AuthErrorCode)
    -> ServedSession
  {
    guard let account = backend.account(uid: uid) else { throw .userNotFound }
    return ServedSession(account: ServedAccount(account), tokens: tokens, isNewUser: new)
  }

  // MARK: - Client calls (Identity Toolkit v1)

  /// `accounts:signUp` with an email and a password.
  public func signUp(email: String, password: String, displayName: String? = nil) throws(AuthErrorCode)
    -> ServedSession
  {
    try locked(.signUp) { (_, backend) throws(AuthErrorCode) in
      let (info, tokens) = try backend.signUp(email: email, password: password, displayName: displayName)
      return try session(backend, info.uid, tokens, new: true)
    }
  }

  /// `accounts:signInWithCustomToken` with the token's `uid` and developer claims
  /// (`Backend.signInWithCustomToken(uid:claims:)`).
  public func signInWithCustomToken(uid: String, claims: [String: ClaimValue]) throws(AuthErrorCode)
    -> ServedSession
  {
    try locked(.signInWithCustomToken) { (_, backend) throws(AuthErrorCode) in
      let (info, tokens, isNewUser) = try backend.signInWithCustomToken(uid: uid, claims: claims)
      return try session(backend, info.uid, tokens, new: isNewUser)
    }
  }

  /// `accounts:sendOobCode` with `EMAIL_SIGNIN`: a sign-in link to `email` (`Backend.sendSignInLink(email:)`).
  public func sendSignInLink(email: String, continueURL: String? = nil) throws(AuthErrorCode) {
    try sending(continueURL) { (_, backend) throws(AuthErrorCode) in try backend.sendSignInLink(email: email)
    }
  }

  /// Runs a `sendOobCode` under the lock (after its `fail_next`, if any), the emails it sends leading to
  /// `continueURL`: in the same lock, so a concurrent send's email never takes another request's.
  private func sending<T>(
    _ continueURL: String?, _ body: (World, Backend) throws(AuthErrorCode) -> T
  ) throws(AuthErrorCode) -> T {
    try locked(.sendOobCode) { (world, backend) throws(AuthErrorCode) -> T in
      backend.continueURL = continueURL
      defer { backend.continueURL = nil }
      return try body(world, backend)
    }
  }

  /// `accounts:signInWithEmailLink` (`Backend.signInWithEmailLink(email:code:)`); an account with second factors
  /// waits for one.
  public func signInWithEmailLink(email: String, code: String) throws(AuthErrorCode) -> SignIn {
    try firstFactor(.signInWithEmailLink) { (_, backend) throws(AuthErrorCode) in
      let (info, tokens, isNewUser) = try backend.signInWithEmailLink(email: email, code: code)
      return try session(backend, info.uid, tokens, new: isNewUser)
    }
  }

  /// `accounts:signInWithEmailLink` with an ID token (`Backend.linkEmailLink(_:email:code:)`): the link's
  /// address joins that token's account, verified; a new session for the same user, its sign-in time kept.
  public func linkEmailLink(_ token: IDToken, email: String, code: String) throws(AuthErrorCode)
    -> ServedSession
  {
    try locked(.signInWithEmailLink) { (_, backend) throws(AuthErrorCode) in
      let info = try backend.linkEmailLink(token, email: email, code: code)
      // The new session names the method just linked, as a password link's does (an email link is `password`).
      let tokens = backend.issueSession(uid: info.uid, authTime: token.authTime, provider: .password)
      return try session(backend, info.uid, tokens, new: false)
    }
  }

  /// `accounts:signUp` with neither email nor password: a new anonymous (guest) account.
  public func signUpAnonymously() throws(AuthErrorCode) -> ServedSession {
    try locked(.signUp) { (_, backend) throws(AuthErrorCode) in
      let (info, tokens) = try backend.signInAnonymously()
      return try session(backend, info.uid, tokens, new: true)
    }
  }

  /// `accounts:signUp` with an ID token, an email and a password: links the password to that token's account, as
  /// the SDKs link an email credential (and so upgrade a guest, keeping its uid); a new session for the same user.
  public func linkPassword(_ token: IDToken, email: String, password: String) throws(AuthErrorCode)
    -> ServedSession
  {
    try locked(.signUp) { (_, backend) throws(AuthErrorCode) in
      _ = try backend.linkPassword(token, email: email, password: password)
      let tokens = backend.issueSession(uid: token.uid, authTime: token.authTime, provider: .password)
      return try session(backend, token.uid, tokens, new: false)
    }
  }

  /// `accounts:signInWithPassword`; an account with second factors waits for one.
  public func signInWithPassword(email: String, password: String) throws(AuthErrorCode) -> SignIn {
    try firstFactor(.signInWithPassword) { (_, backend) throws(AuthErrorCode) in
      let (info, tokens) = try backend.signInWithPassword(email: email, password: password)
      return try session(backend, info.uid, tokens, new: false)
    }
  }

  /// Every enrolled authenticator (TOTP factor) with the code it shows now: how a client finishes a sign-in of
  /// an account `given` seeded with one, whose secret it never saw.
  public func authenticatorCodes() -> [(uid: String, email: String?, factorID: String, code: String)] {
    locked { _, backend in backend.authenticatorCodes() }
  }

  /// Whether `password_attempt_limit` locks the account with this email out of password sign-ins now: what tells
  /// a lockout's `too-many-requests` from one `failNext` injected.
  public func isLockedOut(email: String) -> Bool {
    locked { _, backend in backend.isLockedOut(email: email) }
  }

  /// `accounts:signInWithIdp` without an ID token: the IdP account as its token describes it (subject, email,
  /// whether the IdP verified the email); `email` is nil when the provider shares none, and then the subject
  /// alone names the IdP account. An IdP account `given` declared keeps its declared name and subject.
  /// An account with second factors waits for one.
  public func signInWithIdp(
    provider: ProviderID, subject: String?, email: String?, name: String?, emailVerified: Bool?,
    photoURL: String? = nil, screenName: String? = nil
  ) throws(AuthErrorCode) -> SignIn {
    try firstFactor(.signInWithIdp) { (world, backend) throws(AuthErrorCode) in
      let idp = identityProviderAccount(
        world, provider: provider, subject: subject, email: email, name: name, emailVerified: emailVerified,
        photoURL: photoURL, screenName: screenName)
      let before = backend.uids.count
      let (info, tokens) = try backend.signInWithIdp(idp)
      return try session(backend, info.uid, tokens, new: backend.uids.count > before)
    }
  }

  /// `accounts:signInWithIdp` with an ID token: links the IdP account to the signed-in account.
  public func link(
    _ token: IDToken, provider: ProviderID, subject: String?, email: String?, name: String?,
    emailVerified: Bool?, photoURL: String? = nil, screenName: String? = nil
  ) throws(AuthErrorCode) -> ServedSession {
    try locked(.signInWithIdp) { (world, backend) throws(AuthErrorCode) in
      let idp = identityProviderAccount(
        world, provider: provider, subject: subject, email: email, name: name, emailVerified: emailVerified,
        photoURL: photoURL, screenName: screenName)
      let info = try backend.link(token, idp)
      // A link answers fresh tokens for the credential it proved (`sign_in_provider` is the IdP's, as the
      // emulator issues them); the session keeps its sign-in time.
      let tokens = backend.issueSession(uid: info.uid, authTime: token.authTime, provider: provider)
      return try session(backend, info.uid, tokens, new: false)
    }
  }

  /// The IdP account a token describes: one the world knows by that email (or, without an email, by that
  /// subject), else a new one. A token needs a subject or an email; without a subject the email makes one.
  private func identityProviderAccount(
    _ world: World, provider: ProviderID, subject: String?, email: String?, name: String?,
    emailVerified: Bool?, photoURL: String?, screenName: String?
  ) -> IdentityProviders.Account {
    let email = email?.lowercased()
    if let email, var known = world.identityProviders.account(provider, email: email),
      subject == nil || subject == known.subject
    {
      known.photoURL = photoURL ?? known.photoURL
      known.screenName = screenName ?? known.screenName
      return known
    }
    if email == nil, let subject, var known = world.identityProviders.account(provider, subject: subject) {
      known.photoURL = photoURL ?? known.photoURL
      known.screenName = screenName ?? known.screenName
      return known
    }
    let account = IdentityProviders.Account(
      provider: provider, subject: subject ?? "\(provider.rawValue):\(email ?? "")", email: email, name: name,
      emailVerified: emailVerified ?? provider.verifiesEmailByDefault, photoURL: photoURL,
      screenName: screenName)
    world.identityProviders.add(account)
    return account
  }

  /// `accounts:update` with an ID token and `validSince`: every session of the user is revoked, as the service
  /// revokes them whatever time the client names, and the caller gets a new session of the same sign-in.
  public func revokeSessions(_ token: IDToken) throws(AuthErrorCode) -> ServedSession {
    try locked(.update) { (_, backend) throws(AuthErrorCode) in
      let account = try backend.authorize(token)
      backend.revokeSessions(uid: account.uid, reason: "the user set validSince")
      let tokens = backend.issueSession(
        uid: account.uid, authTime: token.authTime, provider: token.signInProvider)
      return try session(backend, account.uid, tokens, new: false)
    }
  }

  /// `accounts:sendOobCode` with `VERIFY_EMAIL` and the user's ID token; the email lands in the outbox.
  public func sendVerification(_ token: IDToken, continueURL: String? = nil) throws(AuthErrorCode) -> String {
    try sending(continueURL) { (_, backend) throws(AuthErrorCode) in
      let account = try backend.authorize(token)
      try backend.sendVerification(token)
      return account.email ?? ""
    }
  }

  /// `accounts:sendOobCode` with `PASSWORD_RESET`.
  public func sendPasswordReset(email: String, continueURL: String? = nil) throws(AuthErrorCode) {
    try sending(continueURL) { (_, backend) throws(AuthErrorCode) in
      try backend.sendPasswordReset(email: email)
    }
  }

  /// `accounts:update` with an `oobCode`: applies a verification, email-change or recover code; returns the
  /// code's kind and the account as it is afterwards. A password-reset code is `INVALID_OOB_CODE` here.
  public func applyActionCode(_ code: String) throws(AuthErrorCode) -> (MailKind, ServedAccount) {
    try locked(.applyOobCode) { (_, backend) throws(AuthErrorCode) in
      let (kind, _, _) = try backend.inspectCode(code)
      guard kind != .passwordReset, kind != .signInLink,
        let (actionCode, _) = try? backend.validCode(code, kind: kind)
      else {
        throw .invalidActionCode
      }
      try backend.follow(code: code, kind: kind, newPassword: nil)
      guard let uid = actionCode.uid, let account = backend.account(uid: uid) else {
        throw .invalidActionCode
      }
      return (kind, ServedAccount(account))
    }
  }

  /// `accounts:resetPassword` without a new password, as `checkActionCode` and `verifyPasswordResetCode` send it:
  /// a code of any kind and its emails as the REST answer has them (for an email change, `newEmail` is the email
  /// it gives the account; for a revert, `email` is the original it restores and `newEmail` the account's email
  /// now). Nothing is consumed.
  public func checkActionCode(_ code: String) throws(AuthErrorCode) -> (
    kind: MailKind, email: String, newEmail: String?
  ) {
    try locked(.resetPassword) { (_, backend) throws(AuthErrorCode) in try backend.inspectCode(code) }
  }

  /// `accounts:resetPassword`: checks a reset code, or with `newPassword` completes the reset.
  public func resetPassword(code: String, newPassword: String?) throws(AuthErrorCode) -> String {
    try locked(.resetPassword) { (_, backend) throws(AuthErrorCode) in
      try backend.resetPassword(code: code, newPassword: newPassword)
    }
  }

  /// `accounts:sendOobCode` with `VERIFY_AND_CHANGE_EMAIL`, the user's ID token and `newEmail`
  /// (`Backend.sendEmailChange(_:to:)`); returns the account's current email.
  public func sendEmailChange(_ token: IDToken, to newEmail: String, continueURL: String? = nil)
    throws(AuthErrorCode) -> String
  {
    try sending(continueURL) { (_, backend) throws(AuthErrorCode) in
      let account = try backend.authorize(token)
      try backend.sendEmailChange(token, to: newEmail)
      return account.email ?? ""
    }
  }

  /// `accounts:update` with the user's ID token and an `email` (`Backend.updateEmail(_:to:)`): refused under
  /// enumeration protection; otherwise the email changes at once and the caller gets a new session.
  public func updateEmail(_ token: IDToken, to newEmail: String) throws(AuthErrorCode) -> ServedSession {
    try locked(.update) { (_, backend) throws(AuthErrorCode) in
      let (_, tokens) = try backend.updateEmail(token, to: newEmail)
      return try session(backend, token.uid, tokens, new: false)
    }
  }

  /// `accounts:lookup` with the user's ID token.
  public func lookup(_ token: IDToken) throws(AuthErrorCode) -> ServedAccount {
    try locked(.lookup) { (_, backend) throws(AuthErrorCode) in ServedAccount(try backend.authorize(token)) }
  }

  /// `accounts:update` with a new password: recent login, policy, revocation; returns the new session.
  public func changePassword(_ token: IDToken, to password: String) throws(AuthErrorCode) -> ServedSession {
    try locked(.update) { (_, backend) throws(AuthErrorCode) in
      let tokens = try backend.changePassword(token, to: password)
      return try session(backend, token.uid, tokens, new: false)
    }
  }

  /// `accounts:update` with a display name and/or a photo URL (or `deleteAttribute` `DISPLAY_NAME`/`PHOTO_URL`):
  /// each field that is not nil is set, an inner nil deletes it.
  public func updateProfile(_ token: IDToken, displayName: String??, photoURL: String??) throws(AuthErrorCode)
    -> ServedAccount
  {
    try locked(.update) { (_, backend) throws(AuthErrorCode) in
      let info = try backend.updateProfile(token, displayName: displayName, photoURL: photoURL)
      guard let account = backend.account(uid: info.uid) else { throw .userNotFound }
      return ServedAccount(account)
    }
  }

  /// `accounts:update` with `deleteProvider`: unlinks identity providers (and `password`, and `phone`) from the
  /// account.
  public func unlink(_ token: IDToken, providers: [ProviderID]) throws(AuthErrorCode) -> ServedAccount {
    try locked(.update) { (_, backend) throws(AuthErrorCode) in
      let account = try backend.authorize(token)
      backend.update(uid: account.uid) { account in
        account.links.removeAll { providers.contains($0.provider) }
        if providers.contains(.password) { account.password = nil }
        if providers.contains(.phone) { account.phoneNumber = nil }
      }
      guard let updated = backend.account(uid: account.uid) else { throw .userNotFound }
      return ServedAccount(updated)
    }
  }

  /// Checks an ID token without a `fail_next` (for an `update` that changes nothing).
  public func authorize(_ token: IDToken) throws(AuthErrorCode) -> ServedAccount {
    try locked(nil) { (_, backend) throws(AuthErrorCode) in ServedAccount(try backend.authorize(token)) }
  }

  /// `accounts:delete` with the user's ID token: needs a recent login.
  public func delete(_ token: IDToken) throws(AuthErrorCode) {
    try locked(.delete) { (_, backend) throws(AuthErrorCode) in try backend.delete(token) }
  }

  /// `accounts:createAuthUri`: the sign-in methods (empty under enumeration protection) and whether the
  /// server says the email is registered (never, under protection).
  public func createAuthUri(email: String) throws(AuthErrorCode) -> [ProviderID] {
    try locked(.createAuthUri) { (_, backend) throws(AuthErrorCode) in try backend.createAuthUri(email: email)
    }
  }

  /// The secure-token refresh: a new ID token for a live refresh token.
  /// Why a refresh token gets no new ID token, as the service words it: a token never issued is
  /// `INVALID_REFRESH_TOKEN`, one whose account was deleted `USER_NOT_FOUND`; nil for anything else (revoked,
  /// disabled: the backend's own error says it).
  public func refreshTokenProblem(_ refreshToken: String) -> String? {
    locked { (_, backend) in
      guard let uid = backend.owner(ofRefreshToken: refreshToken) else { return "INVALID_REFRESH_TOKEN" }
      return backend.account(uid: uid) == nil ? "USER_NOT_FOUND" : nil
    }
  }

  /// Whether the account an ID token was issued for still exists (a deleted one's token is `USER_NOT_FOUND`).
  public func accountExists(for token: IDToken) -> Bool {
    locked { (_, backend) in backend.account(uid: token.uid) != nil }
  }

  /// Exchanges a refresh token for a fresh ID token and the account it is for, as `securetoken.googleapis.com`
  /// does; an unknown token is `INVALID_REFRESH_TOKEN`, a deleted user's `USER_NOT_FOUND`.
  public func refresh(_ refreshToken: String) throws(AuthErrorCode) -> (IDToken, ServedAccount) {
    try locked(.refreshToken) { (_, backend) throws(AuthErrorCode) in
      let token = try backend.refreshToken(refreshToken)
      guard let account = backend.account(uid: token.uid) else { throw .userNotFound }
      return (token, ServedAccount(account))
    }
  }
}
