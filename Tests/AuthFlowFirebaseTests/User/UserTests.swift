import AuthFlowFirebase
import Foundation
import Testing

/// The user object: recent login, profile, tokens, linking.
@Suite struct UserTests {
  let bob = FirebaseWorld.AccountSeed(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)

  @Test func deleteNeedsARecentLoginThenReauthenticationRestartsIt() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    world.advance(by: .minutes(6))
    let error = await thrownError { try await user.delete() }
    #expect(error?.code == AuthErrorCode.requiresRecentLogin.rawValue)
    #expect(world.account(email: "bob@example.com") != nil)
    let wrongUser = await thrownError {
      try await user.reauthenticate(
        with: EmailAuthProvider.credential(withEmail: "eve@example.com", password: "Str0ng-pass"))
    }
    #expect(wrongUser?.code == AuthErrorCode.invalidCredential.rawValue)
    try await user.reauthenticate(
      with: EmailAuthProvider.credential(withEmail: "bob@example.com", password: "Str0ng-pass"))
    try await user.delete()
    #expect(auth.currentUser == nil)
    #expect(world.account(email: "bob@example.com") == nil)
  }

  /// A guest upgraded with a password keeps its uid; as in the SDK, the result has no `additionalUserInfo`, and
  /// an address another account has is `emailAlreadyInUse` without the email in `userInfo`.
  @Test func aGuestLinksAPasswordAsTheSDKReportsIt() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let guest = try await auth.signInAnonymously().user
    let taken = await thrownError {
      try await guest.link(
        with: EmailAuthProvider.credential(withEmail: "bob@example.com", password: "Str0ng-pass"))
    }
    #expect(taken?.code == AuthErrorCode.emailAlreadyInUse.rawValue)
    #expect(taken?.userInfo[AuthErrorUserInfoEmailKey] == nil)
    let linked = try await guest.link(
      with: EmailAuthProvider.credential(withEmail: "gus@example.com", password: "Str0ng-pass"))
    #expect(
      linked.user.uid == guest.uid && linked.user.email == "gus@example.com" && !linked.user.isAnonymous)
    #expect(linked.additionalUserInfo == nil)
  }

  @Test func idTokenResultCarriesDatesAndTheSignInProvider() async throws {
    let world = FirebaseWorld(
      accounts: [bob], identityProviderAccounts: [.google: [.init(email: "gina@gmail.com", name: "Gina")]])
    let phone = world.auth(for: "phone")
    let start = Date(timeIntervalSince1970: TimeInterval(world.now.secondsSince1970))
    let user = try await phone.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    world.advance(by: .minutes(20))
    let result = try await user.getIDTokenResult()
    #expect(result.signInProvider == "password")
    #expect(result.authDate == start)
    #expect(result.issuedAtDate == start)
    #expect(result.expirationDate == start.addingTimeInterval(3600))
    #expect(result.claims["email"] as? String == "bob@example.com")
    #expect(result.claims["email_verified"] as? Bool == true)
    #expect(result.claims["user_id"] as? String == user.uid)
    #expect(result.token == (try await user.getIDToken()))
    let refreshed = try await user.getIDTokenResult(forcingRefresh: true)
    #expect(refreshed.issuedAtDate == start.addingTimeInterval(1200))
    #expect(refreshed.authDate == start, "a refresh is no new sign-in")

    let laptop = world.auth(for: "laptop")
    let google = try #require(world.credential(for: .google))
    let gina = try await laptop.signIn(with: google).user
    #expect(try await gina.getIDTokenResult().signInProvider == "google.com")
    #expect(gina.displayName == "Gina")
    #expect(gina.isEmailVerified, "Google is trusted for gmail.com addresses")
  }

  /// App code that reads its ID token's payload itself (its expiry, a role) reads a JWT, as on a device: the
  /// emulator's unsigned form, whose payload is the result's claims.
  @Test func theIDTokenIsAJWTWhosePayloadAppCodeCanRead() async throws {
    let world = FirebaseWorld(accounts: [bob])
    #expect(world.admin(.setClaims(account: "bob@example.com", claims: ["role": .string("editor")])))
    let user = try await world.auth(for: "phone").signIn(
      withEmail: "bob@example.com", password: "Str0ng-pass"
    )
    .user
    func decoded(_ part: Substring) throws -> [String: Any] {
      var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
      while text.count % 4 != 0 { text += "=" }
      let data = try #require(Data(base64Encoded: text))
      return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
    let token = try await user.getIDToken()
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    #expect(parts.count == 3 && parts[2].isEmpty)
    #expect(try decoded(parts[0])["alg"] as? String == "none")
    let payload = try decoded(parts[1])
    let result = try await user.getIDTokenResult()
    #expect(payload["sub"] as? String == user.uid)
    #expect(payload["role"] as? String == "editor")
    #expect(payload["exp"] as? Int == Int(result.expirationDate.timeIntervalSince1970))
    #expect(payload["aud"] as? String == "demo-authflow")
    #expect(
      (payload["firebase"] as? [String: Any])?["sign_in_provider"] as? String == result.signInProvider)
    #expect(Set(payload.keys) == Set(result.claims.keys))
    world.advance(by: .minutes(1))
    #expect(try await user.getIDToken(forcingRefresh: true) != token, "a new token, issued a minute later")
  }

  /// A token says what the account was when it was minted: verifying the email and reloading leave the cached
  /// token saying `email_verified: false` (the user's own flag is true), until a forced refresh mints a new one,
  /// as production's JWT does.
  @Test func aTokenMintedBeforeVerificationSaysUnverifiedUntilARefresh() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let user = try await auth.createUser(withEmail: "carol@example.com", password: "Str0ng-pass").user
    try await user.sendEmailVerification()
    let code = try #require(world.newestEmail(.verifyEmail, to: "carol@example.com")?.code)
    try await auth.applyActionCode(code)
    let token = try await user.getIDToken()
    try await user.reload()
    #expect(user.isEmailVerified)
    #expect(try await user.getIDToken() == token)
    #expect(try await user.getIDTokenResult().claims["email_verified"] as? Bool == false)
    let refreshed = try await user.getIDTokenResult(forcingRefresh: true)
    #expect(refreshed.token != token)
    #expect(refreshed.claims["email_verified"] as? Bool == true)
  }

  /// A token's claims are the JWT's as `serve` encodes it: a guest's say `provider_id: anonymous`. A profile
  /// change answers a new token, as production's `accounts:update` does and the SDK keeps it: its `picture` is
  /// the new photo at once, and the ID-token listeners hear of it.
  @Test func aTokensClaimsNameAGuestAndThePhotoAsTheJWTDoes() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let guest = try await auth.signInAnonymously().user
    let guestClaims = try await guest.getIDTokenResult().claims
    #expect(guestClaims["provider_id"] as? String == "anonymous")
    #expect((guestClaims["firebase"] as? [String: Any])?["sign_in_provider"] as? String == "anonymous")
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    #expect(try await user.getIDTokenResult().claims["provider_id"] == nil)
    let before = try await user.getIDToken()
    var heard = 0
    let handle = auth.addIDTokenDidChangeListener { _, _ in heard += 1 }
    defer { auth.removeIDTokenDidChangeListener(handle) }
    let change = user.createProfileChangeRequest()
    change.photoURL = URL(string: "https://example.com/bob.png")
    try await change.commitChanges()
    #expect(try await user.getIDTokenResult().claims["picture"] as? String == "https://example.com/bob.png")
    #expect(try await user.getIDToken() != before)
    #expect(heard == 2, "the listener's first call, then the new token")
  }

  /// The SDK decodes a token's claims with `JSONSerialization`, so numbers and booleans are `NSNumber`s: app code
  /// reads them as whichever number type it likes.
  @Test func claimNumbersReadAsAnyNumberType() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let user = try await world.auth(for: "phone").signIn(
      withEmail: "bob@example.com", password: "Str0ng-pass"
    ).user
    #expect(
      world.admin(
        .setClaims(account: .email("bob@example.com"), claims: ["level": .integer(3), "admin": .bool(true)])))
    let claims = try await user.getIDTokenResult(forcingRefresh: true).claims
    #expect(claims["level"] as? Int == 3 && claims["level"] as? Double == 3)
    #expect(claims["admin"] as? Bool == true && claims["admin"] as? Int == 1)
    let expiry = try #require(claims["exp"] as? TimeInterval)
    #expect(expiry - (claims["iat"] as? Double ?? 0) == 3600)
  }

  @Test func profileChangesShowOnTheUserAndTheBackend() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    let change = user.createProfileChangeRequest()
    change.displayName = "Bobby"
    change.photoURL = URL(string: "https://example.com/bob.png")
    try await change.commitChanges()
    #expect(user.displayName == "Bobby")
    #expect(user.photoURL?.absoluteString == "https://example.com/bob.png")
    #expect(world.account(email: "bob@example.com")?.displayName == "Bobby")
    #expect(world.account(email: "bob@example.com")?.photoURL == "https://example.com/bob.png")
    #expect(user.metadata.creationDate != nil)
    #expect(user.metadata.lastSignInDate != nil)
  }

  /// A device that starts signed in has a session some sign-in started: the user's metadata says when, as
  /// production's `lastLoginAt` does.
  @Test func aSessionTheWorldStartsWithHasALastSignIn() throws {
    let world = FirebaseWorld(accounts: [bob], signedIn: [(device: "phone", email: "bob@example.com")])
    let user = try #require(world.auth(for: "phone").currentUser)
    #expect(user.metadata.lastSignInDate == world.now.date)
    #expect(user.metadata.creationDate == world.now.date)
  }

  /// As in SDK 11, `user.displayName = …` (and the id, the email, the number) compiles and changes only the copy; a
  /// reload brings the account's back.
  @Test func settingAProfileFieldChangesOnlyTheCopy() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    user.displayName = "Local"
    user.photoURL = URL(string: "https://example.com/local.png")
    user.email = "local@example.com"
    user.phoneNumber = "+15555550100"
    let uid = user.uid
    user.uid = "local-uid"
    #expect(user.uid == "local-uid")
    #expect(user.displayName == "Local")
    #expect(user.photoURL?.absoluteString == "https://example.com/local.png")
    #expect(user.email == "local@example.com" && user.phoneNumber == "+15555550100")
    #expect(world.account(email: "bob@example.com")?.displayName == nil)
    #expect(world.account(email: "local@example.com") == nil)
    // Calls still act for the signed-in user.
    try await user.reload()
    #expect(user.uid == uid)
    #expect(user.displayName == nil)
    #expect(user.photoURL == nil)
    #expect(user.email == "bob@example.com" && user.phoneNumber == nil)
  }

  @Test func linkAndUnlinkAProvider() async throws {
    let world = FirebaseWorld(
      accounts: [bob], identityProviderAccounts: [.github: [.init(email: "bob@example.com")]])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    let github = try #require(world.credential(for: .github))
    let linked = try await user.link(with: github)
    #expect(linked.user === user)
    #expect(user.providerData.map(\.providerID) == ["github.com", "password"])
    let again = await thrownError { try await user.link(with: github) }
    #expect(again?.code == AuthErrorCode.providerAlreadyLinked.rawValue)
    _ = try await user.unlink(fromProvider: "github.com")
    #expect(user.providerData.map(\.providerID) == ["password"])
    let missing = await thrownError { _ = try await user.unlink(fromProvider: "github.com") }
    #expect(missing?.code == AuthErrorCode.noSuchProvider.rawValue)
  }

  /// An IdP account whose email another account has: `emailAlreadyInUse`, with neither the email nor a
  /// credential in `userInfo`, as the SDK maps `EMAIL_EXISTS`.
  @Test func linkingAnIdPWhoseEmailIsTakenSaysSoWithoutTheEmail() async throws {
    let carol = FirebaseWorld.AccountSeed(
      email: "carol@example.com", password: "Str0ng-pass", emailVerified: true)
    let world = FirebaseWorld(
      accounts: [bob, carol], identityProviderAccounts: [.github: [.init(email: "bob@example.com")]])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "carol@example.com", password: "Str0ng-pass").user
    let github = try #require(world.credential(for: .github))
    let error = await thrownError { try await user.link(with: github) }
    #expect(error?.code == AuthErrorCode.emailAlreadyInUse.rawValue)
    #expect(error?.userInfo[AuthErrorUserInfoEmailKey] == nil)
    #expect(error?.userInfo[AuthErrorUserInfoUpdatedCredentialKey] == nil)
  }

  /// Re-authenticating a disabled account fails with `userDisabled` and signs no one out: the SDK's
  /// re-authentication never looks at its own session, so the device finds out at its next refresh or call.
  @Test func reauthenticatingADisabledAccountFailsWithoutSigningOut() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    #expect(world.admin(.disable(account: "bob@example.com")))
    let error = await thrownError {
      try await user.reauthenticate(
        with: EmailAuthProvider.credential(withEmail: "bob@example.com", password: "Str0ng-pass"))
    }
    #expect(error?.code == AuthErrorCode.userDisabled.rawValue)
    #expect(auth.currentUser === user)
    let reload = await thrownError { try await user.reload() }
    #expect(reload?.code == AuthErrorCode.userDisabled.rawValue)
    #expect(auth.currentUser == nil)
  }

  /// When the session ended elsewhere (the password changed on another device, the account deleted),
  /// `delete()`, `sendEmailVerification(beforeUpdatingEmail:)` and starting a second factor report it and leave
  /// the device signed in, as the SDK's do; a reload then signs it out, as the SDK's does. (A disabled account's
  /// answer signs out at once, whatever the call: SPEC 5.3.)
  @Test(arguments: ["password changed", "deleted"])
  func callsThatDoNotLookAtTheSessionLeaveTheDeviceSignedInWhenItEnded(how: String) async throws {
    let world = FirebaseWorld(accounts: [bob])
    let laptop = try await world.auth(for: "laptop").signIn(
      withEmail: "bob@example.com", password: "Str0ng-pass")
    let phone = world.auth(for: "phone")
    let user = try await phone.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    var heard: [String?] = []
    _ = phone.addStateDidChangeListener { _, user in heard.append(user?.email) }
    let expected: AuthErrorCode.Code
    switch how {
    case "password changed":
      try await laptop.user.updatePassword(to: "An0ther-pass")
      expected = .userTokenExpired
    default:
      #expect(world.admin(.delete(account: "bob@example.com")))
      expected = .userNotFound
    }
    let delete = await thrownError { try await user.delete() }
    let change = await thrownError {
      try await user.sendEmailVerification(beforeUpdatingEmail: "new@example.com")
    }
    let factor = await thrownError {
      _ = try await TOTPMultiFactorGenerator.generateSecret(with: try await user.multiFactor.session())
    }
    #expect([delete?.code, change?.code, factor?.code] == Array(repeating: expected.rawValue, count: 3))
    #expect(phone.currentUser === user)
    #expect(heard == ["bob@example.com"])
    let reload = await thrownError { try await user.reload() }
    #expect(reload?.code == expected.rawValue)
    #expect(phone.currentUser == nil)
    #expect(heard == ["bob@example.com", nil])
  }

  /// A world whose devices use FirebaseAuth alone refreshes no token on its own: the ID-token listener hears only
  /// the sign-in however long the clock runs, and a session revoked meanwhile shows at the next call that needs a
  /// token, which signs the device out.
  @Test func withoutScheduledRefreshesASessionEndsAtTheNextCallThatNeedsAToken() async throws {
    let world = FirebaseWorld(accounts: [bob], refreshesTokensOnSchedule: false)
    let auth = world.auth(for: "phone")
    var tokens = 0
    _ = auth.addIDTokenDidChangeListener { _, _ in tokens += 1 }
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    let first = try await user.getIDToken()
    #expect(world.admin(.revokeSessions(account: "bob@example.com")))
    world.advance(by: .hours(3))
    #expect(tokens == 2, "registration and sign-in only")
    #expect(auth.currentUser === user)
    let error = await thrownError { _ = try await user.getIDToken() }
    #expect(error?.code == AuthErrorCode.userTokenExpired.rawValue)
    #expect(auth.currentUser == nil)
    #expect(!first.isEmpty)
  }

  /// A disabled account's failed call signs the device out whatever the call, as SPEC 5.3 says (the SDK's
  /// `delete()` would leave it signed in until its next reload).
  @Test func aDisabledAccountsFailedDeleteSignsTheDeviceOut() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    #expect(world.admin(.disable(account: "bob@example.com")))
    let error = await thrownError { try await user.delete() }
    #expect(error?.code == AuthErrorCode.userDisabled.rawValue)
    #expect(auth.currentUser == nil)
  }

  @Test func updatePasswordNeedsARecentLogin() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let user = try await world.auth(for: "phone").signIn(
      withEmail: "bob@example.com", password: "Str0ng-pass"
    )
    .user
    try await user.updatePassword(to: "An0ther-pass")
    world.advance(by: .minutes(6))
    let error = await thrownError { try await user.updatePassword(to: "Th1rd-pass") }
    #expect(error?.code == AuthErrorCode.requiresRecentLogin.rawValue)
  }

  @Test func aSignedOutUserObjectCannotCallTheBackend() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    try auth.signOut()
    let error = await thrownError { try await user.reload() }
    #expect(error?.code == AuthErrorCode.nullUser.rawValue)
    #expect(user.email == "bob@example.com", "the object keeps what it showed")
  }

  /// The SDK makes a new `User` for each sign-in; an object kept from an earlier sign-in of the same user still
  /// works with its own tokens, and a reload updates that object itself.
  @Test func anObjectFromAnEarlierSignInOfTheSameUserReloadsItself() async throws {
    let unverified = FirebaseWorld.AccountSeed(email: "una@example.com", password: "Str0ng-pass")
    let world = FirebaseWorld(accounts: [unverified])
    let auth = world.auth(for: "phone")
    let first = try await auth.signIn(withEmail: "una@example.com", password: "Str0ng-pass").user
    try auth.signOut()
    let second = try await auth.signIn(withEmail: "una@example.com", password: "Str0ng-pass").user
    #expect(first !== second)
    #expect(world.admin(.verifyEmail(account: .email("una@example.com"))))
    try await first.reload()
    #expect(first.isEmailVerified)
  }
}
