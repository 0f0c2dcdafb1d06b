import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// A signed-in user, as the device's client caches it: stale until ``reload()`` (an email verified in a
/// browser shows in ``isEmailVerified`` only after a reload), updated in place by the calls of this device.
///
/// The object stays the same while the same user stays signed in. Calls on an object of an account the device
/// is no longer signed in to fail with `nullUser` (the SDK would still use that user's own tokens); an object
/// from an earlier sign-in of the account signed in now acts for that session and updates itself.
open class User: NSObject, UserInfo, @unchecked Sendable {
  weak var auth: Auth?
  private var cached: CachedUser
  private var account: AccountInfo?

  /// The user's second factors: the enrolled ones, enrolling and removing one.
  public private(set) var multiFactor: MultiFactor

  init(auth: Auth, cached: CachedUser, account: AccountInfo?) {
    self.auth = auth
    self.cached = cached
    self.account = account
    tenantID = auth.tenantID
    multiFactor = MultiFactor()
    super.init()
    multiFactor.user = self
  }

  /// Takes the client's newer view of the same user.
  func update(_ cached: CachedUser, account: AccountInfo?) {
    self.cached = cached
    shownUID = nil
    if let account { self.account = account }
  }

  /// Runs a call that may email links, with those links leading to `settings.url` (their `continueUrl`).
  func leading<T>(to settings: ActionCodeSettings?, _ body: () throws -> T) throws -> T {
    guard let auth else { return try body() }
    return try auth.firebaseWorld.leading(to: settings, body)
  }

  private func read<T>(_ value: () -> T) -> T {
    guard let auth else { return value() }
    return auth.firebaseWorld.locked(value)
  }

  private func write(_ change: (User) -> Void) {
    guard let auth else { return change(self) }
    auth.firebaseWorld.locked { change(self) }
  }

  // MARK: - What the user is

  /// `Firebase`.
  open var providerID: String { "Firebase" }
  /// The user's id. Setting it, as SDK 11 allows (12.12 makes it get-only), changes only this copy, as for
  /// ``displayName``: calls still act for the signed-in user.
  open var uid: String {
    get { read { shownUID ?? cached.uid } }
    set { write { $0.shownUID = newValue } }
  }
  /// The id set on this copy, until the next ``update(_:account:)``.
  private var shownUID: String?
  /// The signed-in account's id, whatever ``uid`` was set to: what the module tells users apart by.
  var accountUID: String { read { cached.uid } }
  /// The user's name. Setting it, as the SDK allows, changes only this copy (no call is made): the account keeps
  /// its name, and the next ``reload()`` or call that fetches the user brings it back. A profile change is
  /// ``createProfileChangeRequest()``.
  open var displayName: String? {
    get { read { cached.displayName } }
    set { write { $0.cached.displayName = newValue } }
  }
  /// The URL of the user's photo. Setting it changes only this copy, as for ``displayName``.
  open var photoURL: URL? {
    get { read { (account?.photoURL ?? cached.photoURL).flatMap(URL.init(string:)) } }
    set {
      write {
        $0.cached.photoURL = newValue?.absoluteString
        $0.account?.photoURL = newValue?.absoluteString
      }
    }
  }
  /// The user's email. Setting it, as SDK 11 allows, changes only this copy, as for ``displayName``; an email
  /// change is `sendEmailVerification(beforeUpdatingEmail:)`.
  open var email: String? {
    get { read { cached.email } }
    set { write { $0.cached.email = newValue } }
  }
  /// The user's verified phone number (E.164), if the account signs in with one (the `phone` provider). Setting
  /// it, as SDK 11 allows, changes only this copy, as for ``displayName``.
  open var phoneNumber: String? {
    get { read { cached.phoneNumber } }
    set { write { $0.cached.phoneNumber = newValue } }
  }
  /// Whether the user is a guest (``Auth/signInAnonymously()``) with no credential linked yet.
  public internal(set) var isAnonymous: Bool {
    get { read { cached.isAnonymous } }
    set { cached.isAnonymous = newValue }
  }
  /// The enrolled second factors, as the client last fetched them.
  var mfaEnrollments: [MFAEnrollment] { read { cached.mfa } }
  /// Whether the email was verified when the client last fetched the user.
  public var isEmailVerified: Bool { read { cached.emailVerified } }
  /// The tenant the user signed in to: the ``Auth/tenantID`` of the sign-in (nil for the project's users).
  public internal(set) var tenantID: String?

  /// ``isAnonymous``, as the Objective-C API spells it.
  open func anonymous() -> Bool { isAnonymous }
  /// ``isEmailVerified``, as the Objective-C API spells it.
  open func emailVerified() -> Bool { isEmailVerified }

  /// The user as each provider knows it: `password` (with the email as its uid), `phone` (with the number as its
  /// uid and ``UserInfo/phoneNumber``) and the linked IdP accounts, each with the name, photo and email its
  /// provider gave.
  open var providerData: [UserInfo] {
    read {
      let photo = account?.photoURL.flatMap(URL.init(string:))
      return cached.providers.map { provider -> UserInfo in
        if provider == .password {
          return ProviderUserInfo(
            providerID: provider.rawValue, uid: cached.email ?? cached.uid, displayName: cached.displayName,
            photoURL: photo, email: cached.email)
        }
        if provider == .phone, let number = cached.phoneNumber {
          return ProviderUserInfo(
            providerID: provider.rawValue, uid: number, displayName: nil, photoURL: nil, email: nil,
            phoneNumber: number)
        }
        // An identity provider's entry says what that provider said (its name and photo), as the SDK's
        // `providerUserInfo` does, not the account's own profile.
        guard let linked = account?.linkedAccounts.first(where: { $0.provider == provider }) else {
          return ProviderUserInfo(
            providerID: provider.rawValue, uid: cached.uid, displayName: cached.displayName, photoURL: photo,
            email: cached.email)
        }
        return ProviderUserInfo(
          providerID: provider.rawValue, uid: linked.subject, displayName: linked.displayName,
          photoURL: linked.photoURL.flatMap(URL.init(string:)), email: linked.email)
      }
    }
  }

  /// When the account was created and last signed in to.
  public var metadata: UserMetadata {
    read {
      UserMetadata(
        creationDate: account.map { Date($0.createdAt) },
        lastSignInDate: account?.lastSignInAt.map { Date($0) })
    }
  }

  /// The session's refresh token, nil once signed out.
  open var refreshToken: String? {
    read { auth?.client.currentUser?.uid == cached.uid ? auth?.client.refreshToken : nil }
  }

  // MARK: - Calling the world

  /// Runs a client call for this user, whose account must be the one the device is signed in to.
  func perform<T>(
    _ body: (AuthClient) throws(AuthFlowLanguage.AuthErrorCode) -> T,
    userInfo: (AuthFlowLanguage.AuthErrorCode) -> [String: Any] = { _ in [:] }
  ) throws -> T {
    guard let auth else { throw AuthErrorUtils.error(.nullUser) }
    let uid = read { cached.uid }
    let value = try auth.perform(
      { () throws(AuthFlowLanguage.AuthErrorCode) -> T in
        guard auth.client.currentUser?.uid == uid else {
          throw AuthFlowLanguage.AuthErrorCode(rawValue: "app/not-signed-in")
        }
        return try body(auth.client)
      }, userInfo: userInfo)
    // An object kept from an earlier sign-in of the same user (the SDK makes a new one for each) acts for the
    // session and, as the SDK's acts with its own tokens and updates itself, shows what the call fetched.
    auth.firebaseWorld.locked {
      guard auth.user !== self, let current = auth.client.currentUser, current.uid == uid else { return }
      update(current, account: auth.client.currentAccount?.uid == uid ? auth.client.currentAccount : nil)
    }
    return value
  }

  // MARK: - Account

  /// Fetches the user from the backend (`lookup`): the cached user becomes what the backend says. A revoked
  /// session, a deleted or a disabled account signs the device out and fails.
  nonisolated(nonsending) open func reload() async throws {
    try await AsyncMember.run { [self] in try reloadNow() }
  }

  /// Fetches the user from the backend; see ``reload()``.
  open func reload(completion: ((Error?) -> Void)? = nil) {
    complete(completion) { [self] in try reloadNow() }
  }

  private func reloadNow() throws {
    try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in _ = try client.reload() }
    // As the SDK's reload replaces the factors with the fetched ones.
    multiFactor.forgetAssignedFactors()
  }

  /// Emails the user a verification link (rate-limited like production), carrying `actionCodeSettings.url` as
  /// its `continueUrl`.
  nonisolated(nonsending) open func sendEmailVerification(with actionCodeSettings: ActionCodeSettings? = nil)
    async throws
  {
    try await AsyncMember.run { [self] in try sendEmailVerificationNow(actionCodeSettings) }
  }

  /// Emails the user a verification link; see ``sendEmailVerification(with:)``.
  open func sendEmailVerification(
    with actionCodeSettings: ActionCodeSettings? = nil, completion: ((Error?) -> Void)? = nil
  ) {
    complete(completion) { [self] in try sendEmailVerificationNow(actionCodeSettings) }
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// Emails the user a verification link; the Objective-C bridge's spelling.
  open func __sendEmailVerification(withCompletion completion: ((Error?) -> Void)?) {
    sendEmailVerification(completion: completion)
  }

  private func sendEmailVerificationNow(_ settings: ActionCodeSettings?) throws {
    try leading(to: settings) {
      try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in try client.sendEmailVerification() }
    }
  }

  /// Deletes the account; needs a sign-in at most 5 minutes old (`requiresRecentLogin`), then signs out.
  nonisolated(nonsending) open func delete() async throws {
    try await AsyncMember.run { [self] in try deleteNow() }
  }

  /// Deletes the account; see ``delete()``.
  open func delete(completion: ((Error?) -> Void)? = nil) {
    complete(completion) { [self] in try deleteNow() }
  }

  private func deleteNow() throws {
    try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in try client.delete() }
  }

  /// Changes the password; needs a recent sign-in, and revokes every other session of the account.
  nonisolated(nonsending) open func updatePassword(to password: String) async throws {
    try await AsyncMember.run { [self] in try updatePasswordNow(password) }
  }

  /// Changes the password; see ``updatePassword(to:)``.
  open func updatePassword(to password: String, completion: ((Error?) -> Void)? = nil) {
    complete(completion) { [self] in try updatePasswordNow(password) }
  }

  private func updatePasswordNow(_ password: String) throws {
    // The SDK answers an empty password itself, before any request, with its own reason.
    if password.isEmpty {
      throw AuthErrorUtils.error(
        .weakPassword, userInfo: [NSLocalizedFailureReasonErrorKey: "Missing Password"])
    }
    try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in try client.updatePassword(password) }
  }

  /// A request to change the display name and photo URL; ``UserProfileChangeRequest/commitChanges()`` sends it.
  open func createProfileChangeRequest() -> UserProfileChangeRequest { UserProfileChangeRequest(user: self) }

  // MARK: - Completion handlers

  /// Runs `body` and calls `completion` with its outcome, when the SDK would (see ``Completion``).
  func complete<T>(_ completion: ((T?, Error?) -> Void)?, _ body: @escaping () throws -> T) {
    Completion.call(completion, body)
  }

  /// Runs `body` and calls `completion` with its error, when the SDK would (see ``Completion``).
  func complete(_ completion: ((Error?) -> Void)?, _ body: @escaping () throws -> Void) {
    Completion.call(completion, body)
  }
}

extension Date {
  init(_ time: VirtualTime) { self.init(timeIntervalSince1970: TimeInterval(time.secondsSince1970)) }
}
