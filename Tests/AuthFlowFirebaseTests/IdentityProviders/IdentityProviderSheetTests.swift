import AuthFlowFirebase
import Foundation
import Testing

/// The identity providers' sheet and what a federated sign-in does with its credential.
@Suite struct IdentityProviderSheetTests {
  @Test func accountExistsWithDifferentCredentialCarriesTheEmailAndTheCredential() async throws {
    let world = FirebaseWorld(
      accounts: [
        .init(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true, displayName: "Robert")
      ],
      identityProviderAccounts: [.facebook: [.init(email: "bob@example.com", name: "Bob")]])
    try await world.withDevice("phone") {
      let facebook = try await IdentityProviderSheet(providerID: .facebook).present()
      #expect(facebook.provider == "facebook.com")
      let error = try #require(await thrownError { try await Auth.auth().signIn(with: facebook) })
      #expect(error.code == AuthErrorCode.accountExistsWithDifferentCredential.rawValue)
      #expect(error.userInfo[AuthErrorUserInfoEmailKey] as? String == "bob@example.com")
      let pending = try #require(error.userInfo[AuthErrors.userInfoUpdatedCredentialKey] as? OAuthCredential)
      #expect(pending.provider == "facebook.com")
      // The usual recovery: sign in the existing way, then link the pending credential.
      let user = try await Auth.auth().signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
      try await user.link(with: pending)
      #expect(user.providerData.map(\.providerID) == ["facebook.com", "password"])
      // Each entry says what its provider knows: Facebook's name, the account's own on the password.
      #expect(user.providerData.map(\.displayName) == ["Bob", "Robert"])
      try Auth.auth().signOut()
      let again = try await Auth.auth().signIn(with: pending)
      #expect(again.user.uid == user.uid)
      #expect(again.additionalUserInfo?.providerID == "facebook.com")
      #expect(again.additionalUserInfo?.isNewUser == false)
    }
  }

  /// Microsoft, Yahoo, an OIDC provider: not in the world's project, so `operationNotAllowed` as production
  /// answers for a provider that is not enabled, whether through a sign-in page, a sheet or rebuilt tokens. Their
  /// seeded accounts are left out, and the transcript says so.
  @Test func aProviderTheWorldDoesNotModelIsNotEnabled() async throws {
    let microsoft = FirebaseWorld.ProviderID(rawValue: "microsoft.com")
    let world = FirebaseWorld(identityProviderAccounts: [microsoft: [.init(email: "mia@outlook.com")]])
    let auth = world.auth(for: "phone")
    #expect(
      world.transcript.contains { $0.text.contains("identity provider 'microsoft.com' is not modelled") })
    let page = await thrownError {
      let provider = OAuthProvider(providerID: "microsoft.com", auth: auth)
      _ = try await auth.signIn(with: provider, uiDelegate: nil as AuthUIDelegate?)
    }
    let sheet = await thrownError {
      _ = try await IdentityProviderSheet(providerID: "yahoo.com", auth: auth).present()
    }
    let tokens = await thrownError {
      _ = try await auth.signIn(
        with: OAuthProvider.credential(providerID: .custom("oidc.corp"), idToken: "token", accessToken: nil))
    }
    for error in [page, sheet, tokens] {
      #expect(error?.code == AuthErrorCode.operationNotAllowed.rawValue)
    }
    #expect(page?.localizedDescription.contains("'microsoft.com' is not modelled by authflow") == true)
    #expect(auth.currentUser == nil)
  }

  @Test func theWorldDecidesHowTheSheetIsAnswered() async throws {
    let world = FirebaseWorld(
      identityProviderAccounts: [.google: [.init(email: "gina@gmail.com"), .init(email: "gus@gmail.com")]])
    world.answerNextSheet(on: "phone", with: .init(provider: .google, outcome: .cancel))
    world.answerNextSheet(on: "phone", with: .init(provider: .google, outcome: .error(.networkRequestFailed)))
    world.answerNextSheet(on: "phone", with: .init(provider: .google, account: "gus@gmail.com"))
    let sheet = IdentityProviderSheet(providerID: .google, auth: world.auth(for: "phone"))
    let cancelled = await thrownError { _ = try await sheet.present() }
    #expect(cancelled?.code == AuthErrorCode.webContextCancelled.rawValue)
    let failed = await thrownError { _ = try await sheet.present() }
    #expect(failed?.code == AuthErrorCode.networkError.rawValue)
    let gus = try await world.auth(for: "phone").signIn(with: try await sheet.present())
    #expect(gus.user.email == "gus@gmail.com")
    #expect(gus.additionalUserInfo?.isNewUser == true)
    #expect(gus.additionalUserInfo?.profile?["email"] as? String == "gus@gmail.com")
    #expect(gus.credential?.idToken != nil)
  }

  @Test func firebaseUIsProviderCallAndRebuiltCredentials() async throws {
    let world = FirebaseWorld(identityProviderAccounts: [.google: [.init(email: "gina@gmail.com")]])
    let auth = world.auth(for: "phone")
    var received: AuthCredential?
    IdentityProviderSheet(providerID: .google, auth: auth).signIn(withDefaultValue: nil, presenting: nil) {
      credential, error, _, _ in
      received = credential
      #expect(error == nil)
    }
    let oauth = try #require(received as? OAuthCredential)
    // App code that rebuilds the credential from the tokens, as with Google Sign-In, gets the same account.
    let rebuilt = GoogleAuthProvider.credential(
      withIDToken: try #require(oauth.idToken), accessToken: try #require(oauth.accessToken))
    let result = try await auth.signIn(with: rebuilt)
    #expect(result.user.email == "gina@gmail.com")
    let forged = await thrownError {
      try await auth.signIn(with: GoogleAuthProvider.credential(withIDToken: "forged", accessToken: "forged"))
    }
    #expect(forged?.code == AuthErrorCode.invalidCredential.rawValue)
    let wrongProvider = await thrownError {
      try await auth.signIn(
        with: FacebookAuthProvider.credential(withAccessToken: try #require(oauth.accessToken)))
    }
    #expect(wrongProvider?.code == AuthErrorCode.invalidCredential.rawValue)
  }

  @Test func signInWithAppleTakesOverAnUnverifiedPasswordAccount() async throws {
    let world = FirebaseWorld(
      accounts: [.init(email: "amy@example.com", password: "Str0ng-pass")],
      identityProviderAccounts: [.apple: [.init(email: "amy@example.com", name: "Amy")]])
    let auth = world.auth(for: "phone")
    let apple = try #require(world.credential(for: .apple) as? OAuthCredential)
    let rebuilt = OAuthProvider.appleCredential(
      withIDToken: try #require(apple.idToken), rawNonce: "nonce", fullName: nil)
    let user = try await auth.signIn(with: rebuilt).user
    #expect(user.isEmailVerified)
    #expect(user.providerData.map(\.providerID) == ["apple.com"], "production removes the password")
  }

  /// Apple shares the user's name on the first authorization only, and its ID token never carries it: the
  /// account is named by the `fullName` the app passes, so an app that forgets it (or rebuilds the credential
  /// without it) makes an account with no display name, as in production.
  @Test func signInWithAppleIsNamedByTheFullNameTheAppPasses() async throws {
    let world = FirebaseWorld(
      identityProviderAccounts: [
        .apple: [
          .init(email: "amy@example.com", name: "Amy Apple"), .init(email: "ben@example.com", name: "Ben"),
        ]
      ])
    let auth = world.auth(for: "phone")
    let amy = try await auth.signIn(with: try #require(world.credential(for: .apple))).user
    #expect(amy.displayName == "Amy Apple", "the first authorization's credential carries the name")
    try auth.signOut()
    let first = try #require(world.credential(for: .apple, email: "ben@example.com") as? OAuthCredential)
    let forgotten = OAuthProvider.appleCredential(
      withIDToken: try #require(first.idToken), rawNonce: "nonce", fullName: nil)
    let ben = try await auth.signIn(with: forgotten).user
    #expect(ben.displayName == nil)
    try auth.signOut()
    let again = try #require(world.credential(for: .apple, email: "ben@example.com"))
    #expect(try await auth.signIn(with: again).user.displayName == nil, "no name after the first time")
    try auth.signOut()
    var name = PersonNameComponents()
    name.givenName = "Zed"
    let named = OAuthProvider.appleCredential(
      withIDToken: try #require(first.idToken), rawNonce: "nonce", fullName: name)
    let result = try await auth.signIn(with: named)
    #expect(result.user.uid == ben.uid)
    #expect(result.user.displayName == "Zed", "an account without a name takes the one the app passes")
  }

  /// `additionalUserInfo.profile` is the service's `rawUserInfo`: Google's userinfo answer, another provider's
  /// claims.
  @Test func theProfileIsWhatTheProviderAnswers() async throws {
    let world = FirebaseWorld(
      identityProviderAccounts: [
        .google: [.init(email: "gina@gmail.com", name: "Gina Maria Google")],
        .github: [
          .init(
            email: "gus@example.com", name: "Gus", photoURL: "https://example.com/gus.png",
            username: "gus-codes")
        ],
      ])
    let auth = world.auth(for: "phone")
    let google = try await auth.signIn(with: try #require(world.credential(for: .google)))
    let profile = try #require(google.additionalUserInfo?.profile)
    #expect(profile["given_name"] as? String == "Gina")
    #expect(profile["family_name"] as? String == "Maria Google")
    #expect(profile["email"] as? String == "gina@gmail.com")
    #expect(profile["verified_email"] as? Bool == true)
    #expect(profile["id"] as? String != nil && profile["sub"] == nil)
    #expect(profile["locale"] as? String == "en")
    try auth.signOut()
    let github = try await auth.signIn(with: try #require(world.credential(for: .github)))
    let claims = try #require(github.additionalUserInfo?.profile)
    #expect(claims["sub"] as? String != nil && claims["name"] as? String == "Gus")
    #expect(claims["picture"] as? String == "https://example.com/gus.png")
    #expect(github.additionalUserInfo?.username == "gus-codes")
    #expect(
      github.user.photoURL?.absoluteString == "https://example.com/gus.png", "a new account takes the photo")
  }
}
