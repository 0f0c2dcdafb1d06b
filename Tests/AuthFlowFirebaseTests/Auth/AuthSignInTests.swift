import AuthFlowFirebase
import Foundation
import Testing

/// Sign-up, sign-in and the errors app code sees, through the API as FirebaseAuth spells it.
@Suite struct AuthSignInTests {
  let bob = FirebaseWorld.AccountSeed(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)

  @Test func signUpStartsUnverifiedAndSignedIn() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let result = try await auth.createUser(withEmail: "Carol@Example.com", password: "Str0ng-pass")
    #expect(result.user === auth.currentUser)
    #expect(result.user.email == "carol@example.com")
    #expect(result.user.isEmailVerified == false)
    #expect(result.additionalUserInfo?.isNewUser == true)
    #expect(result.additionalUserInfo?.providerID == "password")
    #expect(result.user.providerData.map(\.providerID) == ["password"])
    #expect(world.account(email: "carol@example.com")?.uid == result.user.uid)
  }

  @Test func wrongPasswordIsAnNSErrorInTheSDKsDomain() async throws {
    let world = FirebaseWorld(accounts: [bob], settings: .withoutEnumerationProtection)
    let auth = world.auth(for: "phone")
    let error = try #require(
      await thrownError { try await auth.signIn(withEmail: "bob@example.com", password: "wrong-pass") })
    #expect(error.domain == "FIRAuthErrorDomain")
    #expect(error.domain == AuthErrors.domain)
    #expect(error.code == 17009)
    #expect(error.code == AuthErrorCode.wrongPassword.rawValue)
    #expect(AuthErrorCode(rawValue: error.code) == .wrongPassword)
    #expect(error.userInfo[AuthErrors.userInfoNameKey] as? String == "ERROR_WRONG_PASSWORD")
    #expect(!error.localizedDescription.isEmpty)
    #expect(auth.currentUser == nil)
  }

  @Test func aLockedOutAccountSaysWhyAndAnInjectedFailureDoesNot() async throws {
    var settings = FirebaseWorld.Settings()
    settings.passwordAttemptLimit = .init(count: 2, per: .hours(1))
    let world = FirebaseWorld(accounts: [bob], settings: settings)
    let auth = world.auth(for: "phone")
    world.failNext(.signInWithPassword, with: .tooManyRequests)
    let injected = try #require(
      await thrownError { try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass") })
    #expect(injected.code == AuthErrorCode.tooManyRequests.rawValue)
    #expect(!injected.localizedDescription.contains("failed login attempts"))
    for _ in 0..<2 {
      _ = await thrownError { try await auth.signIn(withEmail: "bob@example.com", password: "nope") }
    }
    let locked = try #require(
      await thrownError { try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass") })
    #expect(locked.code == AuthErrorCode.tooManyRequests.rawValue)
    #expect(
      locked.localizedDescription.hasPrefix(
        "Access to this account has been temporarily disabled due to many failed login attempts."))
    #expect(auth.currentUser == nil)
  }

  @Test func enumerationProtectionAnswersInvalidCredentialForBothMistakes() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let wrong = await thrownError {
      try await auth.signIn(withEmail: "bob@example.com", password: "nope-nope")
    }
    let unknown = await thrownError {
      try await auth.signIn(withEmail: "eve@example.com", password: "nope-nope")
    }
    #expect(wrong?.code == AuthErrorCode.invalidCredential.rawValue)
    #expect(unknown?.code == AuthErrorCode.invalidCredential.rawValue)
  }

  @Test func takenEmailAndWeakPassword() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let taken = await thrownError {
      try await auth.createUser(withEmail: "BOB@example.com", password: "Str0ng-pass")
    }
    let weak = await thrownError { try await auth.createUser(withEmail: "dan@example.com", password: "abc") }
    let malformed = await thrownError {
      try await auth.createUser(withEmail: "dan.example.com", password: "Str0ng")
    }
    #expect(taken?.code == 17007)
    #expect(weak?.code == 17026)
    // The service's reason, as the SDK's weak-password error carries it (FirebaseUI shows it).
    #expect(weak?.localizedFailureReason == "Password should be at least 6 characters")
    #expect(malformed?.code == 17008)
  }

  @Test func anEmptyEmailOrPasswordIsRefusedOnTheDeviceAsTheSDKRefusesIt() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let before = world.transcript.count
    let noEmail = await thrownError { try await auth.createUser(withEmail: "", password: "Str0ng-pass") }
    let noPassword = await thrownError { try await auth.createUser(withEmail: "", password: "") }
    #expect(noEmail?.code == AuthErrorCode.missingEmail.rawValue)
    #expect(noPassword?.code == AuthErrorCode.weakPassword.rawValue, "the password is checked first")
    #expect(noPassword?.localizedFailureReason == "Missing password")
    #expect(world.transcript.count == before, "no request reaches the backend")
  }

  /// Signing in, re-authenticating or changing the password with an empty one: the SDK's own answers (a sign-in
  /// `wrongPassword`, a change `weakPassword` with its "Missing Password"), with no request.
  @Test func anEmptyPasswordIsAnsweredOnTheDeviceAsTheSDKAnswersIt() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let before = world.transcript.count
    let signIn = await thrownError { try await auth.signIn(withEmail: "bob@example.com", password: "") }
    let credential = await thrownError {
      try await auth.signIn(with: EmailAuthProvider.credential(withEmail: "bob@example.com", password: ""))
    }
    #expect(signIn?.code == AuthErrorCode.wrongPassword.rawValue)
    #expect(credential?.code == AuthErrorCode.wrongPassword.rawValue)
    #expect(world.transcript.count == before, "no request reaches the backend")
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    let afterSignIn = world.transcript.count
    let reauthenticate = await thrownError {
      try await user.reauthenticate(
        with: EmailAuthProvider.credential(withEmail: "bob@example.com", password: ""))
    }
    let update = await thrownError { try await user.updatePassword(to: "") }
    #expect(reauthenticate?.code == AuthErrorCode.wrongPassword.rawValue)
    #expect(update?.code == AuthErrorCode.weakPassword.rawValue)
    #expect(update?.localizedFailureReason == "Missing Password")
    #expect(world.transcript.count == afterSignIn, "no request reaches the backend")
  }

  @Test func fetchSignInMethodsIsEmptyUnderEnumerationProtection() async throws {
    let protected = FirebaseWorld(accounts: [bob]).auth(for: "phone")
    let open = FirebaseWorld(accounts: [bob], settings: .withoutEnumerationProtection).auth(for: "phone")
    #expect(try await fetchMethods(protected, "bob@example.com") == [])
    #expect(try await fetchMethods(open, "bob@example.com") == ["password"])
  }

  @available(*, deprecated)
  private func fetchMethods(_ auth: Auth, _ email: String) async throws -> [String] {
    try await auth.fetchSignInMethods(forEmail: email)
  }

  @Test func completionHandlersAreCalledBeforeTheCallReturns() {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    var outcome: (AuthDataResult?, Error?)?
    auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass") { result, error in
      outcome = (result, error)
    }
    #expect(outcome?.0?.user.email == "bob@example.com")
    #expect(outcome?.1 == nil)
    var signOutError: Error?
    do { try auth.signOut() } catch { signOutError = error }
    #expect(signOutError == nil)
    #expect(auth.currentUser == nil)
  }

  @Test func offlineCallsFailWithNetworkError() async throws {
    let world = FirebaseWorld(accounts: [bob])
    world.setOnline(false, device: "phone")
    let error = await thrownError {
      try await world.auth(for: "phone").signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    }
    #expect(error?.code == AuthErrorCode.networkError.rawValue)
    #expect(error?.userInfo[AuthErrorUserInfoNameKey] as? String == "ERROR_NETWORK_REQUEST_FAILED")
    // An app's offline check reads the URL loading system's error beneath, as the SDK wraps it.
    let underlying = error?.userInfo[NSUnderlyingErrorKey] as? NSError
    #expect(underlying?.domain == NSURLErrorDomain && underlying?.code == NSURLErrorNotConnectedToInternet)
    // Online, a request that fails midway is a connection lost, not a device offline.
    world.setOnline(true, device: "phone")
    world.failNext(.signInWithPassword, with: .networkRequestFailed)
    let lost = await thrownError {
      try await world.auth(for: "phone").signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    }
    #expect(lost?.code == AuthErrorCode.networkError.rawValue)
    #expect((lost?.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == NSURLErrorNetworkConnectionLost)
  }

  /// An app names its keychain access group at launch, and may hand its current user back: the device keeps one
  /// session whatever the group, so neither changes who is signed in. Another device's user object is not
  /// modelled, and a nil user is `nullUser`, as in the SDK.
  @Test func accessGroupsAndUpdatingTheCurrentUserKeepTheSession() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    try auth.useUserAccessGroup("TEAMID.com.example.shared")
    #expect(auth.userAccessGroup == "TEAMID.com.example.shared")
    #expect(try auth.getStoredUser(forAccessGroup: "TEAMID.com.example.shared") == nil)
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    try await auth.updateCurrentUser(user)
    #expect(auth.currentUser === user)
    #expect(try auth.getStoredUser(forAccessGroup: nil) === user)
    try auth.useUserAccessGroup(nil)
    #expect(auth.userAccessGroup == nil && auth.currentUser === user)

    try auth.signOut()
    let again = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    try await auth.updateCurrentUser(user)  // an earlier sign-in's object of the same account
    #expect(auth.currentUser === again)

    let laptop = world.auth(for: "laptop")
    let other = try await laptop.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    let update = await thrownError { try await auth.updateCurrentUser(other) }
    #expect(update?.code == AuthErrorCode.operationNotAllowed.rawValue)
    var nilUserError: Error?
    auth.updateCurrentUser(nil) { nilUserError = $0 }
    #expect((nilUserError as NSError?)?.code == AuthErrorCode.nullUser.rawValue)
  }

  @Test func emailLinksAreRecognisedByTheirMode() {
    let auth = FirebaseWorld(accounts: [bob]).auth(for: "phone")
    #expect(auth.isSignIn(withEmailLink: "https://x.test/?mode=signIn&oobCode=abc"))
    #expect(!auth.isSignIn(withEmailLink: "https://x.test/?mode=verifyEmail&oobCode=abc"))
  }

  /// Apple's required revocation before deleting an Apple user's account (the quickstart's delete): any code
  /// Apple's sign-in gave is accepted for a user with Apple linked, then the account can go; an empty code or a
  /// user without Apple is `invalidCredential`, and with no user it is `nullUser` (the SDK never calls back).
  @Test func revokingTheAppleTokenLetsAnAppleUserBeDeleted() async throws {
    let world = FirebaseWorld(
      accounts: [bob], identityProviderAccounts: [.apple: [.init(email: "ann@icloud.com")]])
    let auth = world.auth(for: "phone")
    let nobody = await thrownError { try await auth.revokeToken(withAuthorizationCode: "code") }
    #expect(nobody?.code == AuthErrorCode.nullUser.rawValue)
    let user = try await auth.signIn(
      with: try await IdentityProviderSheet(providerID: .apple, auth: auth).present()
    ).user
    let empty = await thrownError { try await auth.revokeToken(withAuthorizationCode: "") }
    #expect(empty?.code == AuthErrorCode.invalidCredential.rawValue)
    try await auth.revokeToken(withAuthorizationCode: "c0de-from-apple")
    // Each entry prints as its transcript line.
    #expect(world.transcript.contains { "\($0)".hasSuffix("Z phone revokeToken(apple.com, c0de-f…) → ok") })
    try await user.delete()
    #expect(auth.currentUser == nil)
    try auth.signOut()
    _ = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    let noApple = await thrownError { try await auth.revokeToken(withAuthorizationCode: "c0de-from-apple") }
    #expect(noApple?.code == AuthErrorCode.invalidCredential.rawValue)
  }

  /// A guest each time: completion-handler form too, with the SDK's empty provider id for the sign-in.
  @Test func signInAnonymouslyMakesANewGuestEachTime() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let first = try await auth.signInAnonymously()
    #expect(first.user.isAnonymous)
    #expect(first.user.providerData.isEmpty)
    #expect(first.additionalUserInfo?.isNewUser == true)
    #expect(first.additionalUserInfo?.providerID == "")
    try auth.signOut()
    let second: AuthDataResult? = await withCheckedContinuation { done in
      auth.signInAnonymously { result, _ in done.resume(returning: result) }
    }
    #expect(second?.user.uid != first.user.uid)
    #expect(auth.currentUser?.isAnonymous == true)
  }

  /// While a guest is signed in, signing in anonymously again is that guest, as the SDK answers without asking
  /// the backend: no new account, and no `additionalUserInfo`.
  @Test func signInAnonymouslyWhileAGuestIsThatGuest() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let first = try await auth.signInAnonymously()
    let calls = world.transcript.count
    let again = try await auth.signInAnonymously()
    #expect(again.user === first.user)
    #expect(again.additionalUserInfo == nil)
    #expect(world.transcript.count == calls)
    let completed: AuthDataResult? = await withCheckedContinuation { done in
      auth.signInAnonymously { result, _ in done.resume(returning: result) }
    }
    #expect(completed?.user.uid == first.user.uid)
  }

  @Test func failNextInjectsTheErrorOnce() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    world.failNext(.signInWithPassword, with: .tooManyRequests)
    let error = await thrownError {
      try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    }
    #expect(error?.code == AuthErrorCode.tooManyRequests.rawValue)
    try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    #expect(auth.currentUser?.email == "bob@example.com")
  }

  /// An outage reproduced with `fail_next: {error: internal-error}` reaches the app as the SDK's own
  /// `internalError`, and reads back as the world's code.
  @Test func anInjectedInternalErrorIsTheSDKsInternalError() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    world.failNext(.signInWithPassword, with: .internalError)
    let error = await thrownError {
      try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    }
    #expect(error?.code == AuthErrorCode.internalError.rawValue)
    #expect(error?.userInfo[AuthErrors.userInfoNameKey] as? String == "ERROR_INTERNAL_ERROR")
    #expect(error?.userInfo[NSLocalizedFailureReasonErrorKey] == nil)
    #expect(error.map { FirebaseWorld.worldCode(for: $0) } == .internalError)
    // An app that keeps the code instead of the error gets the same answer from it.
    let kept = try #require(error.flatMap { AuthErrorCode(rawValue: $0.code) })
    #expect(FirebaseWorld.worldCode(for: kept) == .internalError)
    #expect(FirebaseWorld.worldCode(for: AuthErrorCode.wrongPassword) == .wrongPassword)
  }

  @Test func aUserSignedInWhileTheAuthNamesATenantBelongsToIt() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    auth.tenantID = "acme-x3k9q"
    let user = try await auth.createUser(withEmail: "ada@example.com", password: "Str0ng-pass").user
    #expect(user.tenantID == "acme-x3k9q")
    // Its tokens name the tenant, as production's do (`firebase.tenant`).
    func tenant(_ user: User) async throws -> String? {
      (try await user.getIDTokenResult().claims["firebase"] as? [String: Any])?["tenant"] as? String
    }
    #expect(try await tenant(user) == "acme-x3k9q")
    try auth.signOut()
    auth.tenantID = nil
    let guest = try await auth.signInAnonymously().user
    #expect(guest.tenantID == nil)
    #expect(try await tenant(guest) == nil)
  }
}
