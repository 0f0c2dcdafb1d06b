import AuthFlowFirebase
import Foundation
import Testing

/// Runs the provider app code of ProviderAppCode.swift against a world.
@Suite struct ProviderAppCodeTests {
  @Test @MainActor func anOAuthProvidersSignInPageSignsInAndCanBeCancelled() async throws {
    let world = FirebaseWorld(
      identityProviderAccounts: [.github: [.init(email: "gil@example.com"), .init(email: "gus@example.com")]])
    try await world.withDevice("phone") {
      let login = OAuthLoginViewModel(providerID: "github.com")
      await login.signIn()
      #expect(login.errorMessage == nil)
      #expect(login.user?.email == "gil@example.com")
      #expect(login.isNewUser == true)
      #expect(login.user?.providerData.map(\.providerID) == ["github.com"])
      try Auth.auth().signOut()

      world.answerNextSheet(on: "phone", with: .init(provider: .github, outcome: .cancel))
      await login.signIn()
      #expect(login.errorMessage == "Cancelled")
      #expect(Auth.auth().currentUser == nil)

      // A login hint picks the account, as the provider's page would; the completion style runs at once.
      let hinted = OAuthLoginViewModel(providerID: "github.com", loginHint: "gus@example.com")
      hinted.signInWithCompletion()
      #expect(hinted.errorMessage == nil)
      #expect(hinted.user?.email == "gus@example.com")
      #expect(Auth.auth().currentUser?.email == "gus@example.com")
      let credential = try await hinted.credentialOnly()
      #expect(credential.provider == GitHubAuthProviderID)
    }
  }

  @Test @MainActor func linkingReauthenticatingAndUnlinkingThroughTheSignInPage() async throws {
    let world = FirebaseWorld(
      accounts: [.init(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)],
      identityProviderAccounts: [.github: [.init(email: "gil@example.com"), .init(email: "bob@example.com")]])
    try await world.withDevice("phone") {
      try await Auth.auth().signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
      let screen = LinkedAccountsViewModel()
      screen.refresh()
      #expect(screen.hasPassword && !screen.hasGitHub)
      world.answerNextSheet(on: "phone", with: .init(provider: .github, account: "bob@example.com"))
      screen.linkGitHub()
      #expect(screen.message == "Linked github.com")
      #expect(screen.hasGitHub && screen.hasPassword)
      screen.linkGitHub()
      #expect(screen.message == "Already linked")

      // The page's first account is Gil's, which no account has linked: re-authenticating with it is refused.
      do {
        try await screen.reauthenticateWithGitHub()
        Issue.record("expected invalidCredential")
      } catch {
        #expect((error as NSError).code == AuthErrorCode.invalidCredential.rawValue)
      }
      world.answerNextSheet(on: "phone", with: .init(provider: .github, account: "bob@example.com"))
      try await screen.reauthenticateWithGitHub()

      await screen.unlink(GitHubAuthProviderID)
      #expect(screen.providers == [EmailAuthProviderID])
    }
  }

  @Test @MainActor func signInWithAppleSetsTheNameOnANewAccount() async throws {
    let world = FirebaseWorld(identityProviderAccounts: [.apple: [.init(email: "amy@example.com")]])
    try await world.withDevice("phone") {
      let apple = try #require(world.credential(for: .apple) as? OAuthCredential)
      let model = AppleSignInViewModel()
      await model.didComplete(idTokenString: apple.idToken ?? "", fullName: nil)
      #expect(model.errorMessage?.hasPrefix("Invalid state") == true)
      model.startSignInWithAppleFlow(nonce: "a-raw-nonce")
      var name = PersonNameComponents()
      name.givenName = "Amy"
      name.familyName = "Lee"
      await model.didComplete(idTokenString: try #require(apple.idToken), fullName: name)
      #expect(model.displayName == "Amy Lee")
      #expect(Auth.auth().currentUser?.providerData.map(\.providerID) == [AuthProviderID.apple.rawValue])
    }
  }

  @Test @MainActor func aCustomClaimGatesTheScreen() async throws {
    let world = FirebaseWorld(accounts: [.init(email: "ana@example.com", password: "Str0ng-pass")])
    try await world.withDevice("phone") {
      try await Auth.auth().signIn(withEmail: "ana@example.com", password: "Str0ng-pass")
      #expect(world.admin(.setClaims(account: "ana@example.com", claims: ["role": .string("editor")])))
      let gate = RoleGate()
      gate.load()
      for _ in 0..<100 where gate.role == nil { await Task.yield() }
      #expect(gate.role == "editor")
      #expect(gate.isAdmin == false)
    }
  }

  @Test @MainActor func theAuthStateNotificationIsPostedOnSignInAndSignOut() async throws {
    let world = FirebaseWorld(accounts: [.init(email: "ana@example.com", password: "Str0ng-pass")])
    try await world.withDevice("phone") {
      let observer = AuthStateObserver()
      observer.start(auth: Auth.auth())
      defer { observer.stop() }
      try await Auth.auth().signIn(withEmail: "ana@example.com", password: "Str0ng-pass")
      for _ in 0..<100 where observer.count == 0 { await Task.yield() }
      #expect(observer.count == 1)
      try Auth.auth().signOut()
      for _ in 0..<100 where observer.count == 1 { await Task.yield() }
      #expect(observer.count == 2)
      #expect(Notification.Name.AuthStateDidChange == Auth.authStateDidChangeNotification)
    }
  }

  @Test func aPendingCredentialSurvivesArchivingAndLinks() async throws {
    let world = FirebaseWorld(
      accounts: [.init(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)],
      identityProviderAccounts: [.facebook: [.init(email: "bob@example.com", name: "Bob")]])
    try await world.withDevice("phone") {
      let store = PendingCredentialStore()
      let facebook = OAuthProvider(providerID: FacebookAuthProviderID)
      let error = try #require(
        await thrownError { try await Auth.auth().signIn(with: facebook, uiDelegate: nil) })
      #expect(try store.keep(from: error) == "bob@example.com")
      #expect(store.archive != nil)
      let user = try await Auth.auth().signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
      #expect(try await store.linkPending(to: user) == ["facebook.com", "password"])
      #expect(store.archive == nil)
    }
  }

  @Test @available(*, deprecated) func signInMethodsCompareWithTheConstants() {
    let world = FirebaseWorld(
      accounts: [.init(email: "bob@example.com", password: "Str0ng-pass")],
      settings: .withoutEnumerationProtection)
    world.withDevice("phone") {
      var answer: String?
      describeSignInMethods(for: "bob@example.com") { answer = $0 }
      #expect(answer == "password")
    }
    #expect(
      [EmailAuthProviderID, GoogleAuthProviderID, FacebookAuthProviderID, TwitterAuthProviderID] == [
        "password", "google.com", "facebook.com", "twitter.com",
      ])
    #expect(
      [GitHubAuthProviderID, PhoneAuthProviderID, GameCenterAuthProviderID] == [
        "github.com", "phone", "gc.apple.com",
      ])
    #expect(
      [EmailPasswordAuthSignInMethod, EmailLinkAuthSignInMethod, GoogleAuthSignInMethod] == [
        "password", "emailLink", "google.com",
      ])
  }

  @Test func whatTheWorldDoesNotModelSaysSo() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let gameCenter = await thrownError { _ = try await GameCenterAuthProvider.getCredential() }
    #expect(gameCenter?.code == AuthErrorCode.operationNotAllowed.rawValue)
    var completionError: Error?
    GameCenterAuthProvider.getCredential { _, error in completionError = error }
    #expect((completionError as NSError?)?.code == AuthErrorCode.operationNotAllowed.rawValue)

    let other = await thrownError { try await auth.signIn(with: AppsOwnProvider(), uiDelegate: nil) }
    #expect(other?.code == AuthErrorCode.operationNotAllowed.rawValue)
    let ownPage = await thrownError { try await credentialOfAnyProvider(AppsOwnProvider()) }
    #expect(ownPage?.code == AuthErrorCode.webContextCancelled.rawValue)

    // The app-delegate calls: nothing for the app to hand over, no reCAPTCHA to load.
    #expect(auth.canHandle(URL(fileURLWithPath: "/callback")) == false)
    #expect(auth.canHandleNotification(["com.google.firebase.auth": ["warning": "x"]]) == false)
    #expect(auth.apnsToken == nil)
    auth.setAPNSToken(Data([1, 2, 3]), type: .sandbox)
    #expect(auth.apnsToken == Data([1, 2, 3]))
    try await auth.initializeRecaptchaConfig()
    var recaptchaError: Error? = NSError(domain: "unset", code: 0)
    auth.initializeRecaptchaConfig { recaptchaError = $0 }
    #expect(recaptchaError == nil)
  }
}

/// A provider of the app's own, as FirebaseAuth lets an iOS app write one: it has no sign-in page in the world.
final class AppsOwnProvider: NSObject, FederatedAuthProvider {
  func credential(with uiDelegate: AuthUIDelegate?) async throws -> AuthCredential {
    throw NSError(domain: AuthErrors.domain, code: AuthErrorCode.webContextCancelled.rawValue)
  }
}

/// The same from a main-actor type, with the witness off the main actor in the spelling that compiles here
/// (`nonisolated` alone compiles against the SDK only; see Docs/FirebaseAPI.md).
@MainActor final class MainActorProvider: NSObject, FederatedAuthProvider {
  nonisolated(nonsending) func credential(with uiDelegate: AuthUIDelegate?) async throws -> AuthCredential {
    throw NSError(domain: AuthErrors.domain, code: AuthErrorCode.webContextCancelled.rawValue)
  }
}

/// App code that takes any federated provider, as the SDK's protocol allows on iOS.
@MainActor func credentialOfAnyProvider(_ provider: FederatedAuthProvider) async throws -> AuthCredential {
  try await provider.credential(with: nil)
}
