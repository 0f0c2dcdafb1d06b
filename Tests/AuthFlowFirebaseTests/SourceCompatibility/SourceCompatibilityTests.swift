import AuthFlowFirebase
import Foundation
import Testing

/// Runs the app-style code of AppStyleCode.swift against a world.
@Suite struct SourceCompatibilityTests {
  @Test @MainActor func sessionStoreFollowsTheWorld() async throws {
    let world = FirebaseWorld(settings: .withoutEnumerationProtection)
    try await world.withDevice("phone") {
      let store = SessionStore()
      store.listen()
      await store.signUp(email: "carol@example.com", password: "Str0ng-pass", nickname: "QuietFalcon")
      #expect(store.user?.displayName == "QuietFalcon")
      #expect(store.message == nil)
      try world.openLink(try #require(world.newestEmail(.verifyEmail, to: "carol@example.com")))
      store.refreshUserData()
      await Task.yield()
      for _ in 0..<100 where !store.isVerified { await Task.yield() }
      #expect(store.isVerified)
      store.signOut()
      #expect(store.user == nil)
      await store.signIn(email: "carol@example.com", password: "wrong-pass")
      #expect(store.message == "Wrong password")
      await store.signIn(email: "carol@example.com", password: "Str0ng-pass")
      #expect(store.user?.email == "carol@example.com")
      world.advance(by: .minutes(6))
      await #expect(throws: Error.self) { try await store.deleteUser(password: "wrong-pass") }
      try await store.deleteUser(password: "Str0ng-pass")
      #expect(store.user == nil)
      store.stopListening()
    }
  }

  @Test @available(*, deprecated) func loginControllerSignsInOrCreates() {
    let world = FirebaseWorld(
      accounts: [.init(email: "bob@example.com", password: "Str0ng-pass", displayName: "Bob")],
      identityProviderAccounts: [.twitter: [.init(email: "bob@example.com")]])
    world.withDevice("phone") {
      let controller = LoginController()
      controller.loginOrCreate(email: "bob@example.com", password: "Str0ng-pass")
      #expect(controller.errorText?.isEmpty == false, "under enumeration protection the lookup is empty")
      try? Auth.auth().signOut()
      controller.errorText = nil
      controller.socialLogin(provider: IdentityProviderSheet(providerID: "twitter.com"))
      #expect(controller.errorText == "Sign in to bob@example.com first, then link")
      controller.loginOrCreate(email: "new@example.com", password: "Str0ng-pass")
      #expect(controller.greeting == "Hello Stranger")
    }
  }

  @Test @MainActor func codeThatQualifiesTypesWithFirebaseAuthRuns() async {
    let world = FirebaseWorld(accounts: [.init(email: "dana@example.com", password: "Str0ng-pass")])
    await world.withDevice("phone") {
      let store = ModelledApp.ProfileStore()
      await store.signIn(email: "dana@example.com", password: "wrong-pass")
      #expect(store.lastError == .invalidCredential)  // enumeration protection, on by default
      #expect(store.profile == nil)
      await store.signIn(email: "dana@example.com", password: "Str0ng-pass")
      #expect(store.firebaseUser?.email == "dana@example.com")
      #expect(store.profile == ModelledApp.User(id: store.firebaseUser?.uid ?? "", nickname: "Stranger"))
      #expect(store.signsInWithAPassword)
    }
  }

  /// Every type and constant the module shares with FirebaseAuth is reachable as `FirebaseAuth.Name`: a type or a
  /// constant (`AuthErrorDomain`) added to the module without its alias fails here.
  @Test func firebaseAuthNamespaceNamesEveryType() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../Sources/AuthFlowFirebase").standardized
    let harnessTypes: Set<String> = ["FirebaseWorld", "IdentityProviderSheet", "FirebaseAuth"]
    let declaration = try Regex(
      #"^(?:@[A-Za-z]+(?:\([^)]*\))? )*(?:open |public )+(?:final )?(?:class|struct|enum|protocol|typealias|actor) ([A-Za-z_]+)"#
    ).anchorsMatchLineEndings()
    let constant = try Regex(#"^public let ([A-Za-z]+): String"#).anchorsMatchLineEndings()
    var declared: Set<String> = []
    var constants: Set<String> = []
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in text.matches(of: declaration) {
        if let name = match.output[1].substring { declared.insert(String(name)) }
      }
      for match in text.matches(of: constant) {
        if let name = match.output[1].substring { constants.insert(String(name)) }
      }
    }
    let namespace = try String(
      contentsOf: sources.appendingPathComponent("Utilities/FirebaseAuth.swift"), encoding: .utf8)
    let missing = declared.subtracting(harnessTypes).filter { !namespace.contains("typealias \($0) = ") }
    #expect(declared.count > 20, "found \(declared.count) public types under \(sources.path)")
    #expect(missing.sorted() == [])
    // The SDK's Objective-C constants: 22 in 11.x and 12.x (provider ids, sign-in methods, factor ids, error keys).
    #expect(constants.count == 22, "found \(constants.sorted())")
    #expect(constants.filter { !namespace.contains("static let \($0): String = ") }.sorted() == [])
  }

  /// The guest keeps its uid when it links a password; an email that has an account is refused.
  @Test @MainActor func aGuestIsUpgradedInPlaceByLinkingAPassword() async throws {
    let world = FirebaseWorld(accounts: [.init(email: "taken@example.com", password: "Str0ng-pass")])
    try await world.withDevice("phone") {
      let onboarding = GuestOnboarding()
      let guest = try await onboarding.continueAsGuest()
      #expect(Auth.auth().currentUser?.isAnonymous == true)
      #expect(Auth.auth().currentUser?.email == nil)
      #expect(await onboarding.upgrade(email: "taken@example.com", password: "Str0ng-pass") == nil)
      #expect(onboarding.message == "That email already has an account: sign in instead")
      #expect(await onboarding.upgrade(email: "gus@example.com", password: "Str0ng-pass") == guest)
      #expect(Auth.auth().currentUser?.isAnonymous == false)
      #expect(Auth.auth().currentUser?.email == "gus@example.com")
      #expect(world.account(email: "gus@example.com")?.uid == guest)
    }
  }

  /// On `credentialAlreadyInUse` the error carries the credential, and signing in with it reaches the account
  /// that already has it (the guest is left behind).
  @Test @MainActor func aGuestWhoseIdPIsTakenSignsInToThatAccount() async throws {
    let world = FirebaseWorld(identityProviderAccounts: [
      .google: [.init(email: "ivy@gmail.com", name: "Ivy")]
    ])
    try await world.withDevice("phone") {
      let onboarding = GuestOnboarding()
      let ivy = try #require(world.credential(for: .google, email: "ivy@gmail.com"))
      let owner = try await Auth.auth().signIn(with: ivy).user.uid
      try Auth.auth().signOut()
      let guest = try await onboarding.continueAsGuest()
      #expect(guest != owner)
      let again = try #require(world.credential(for: .google, email: "ivy@gmail.com"))
      let signedIn = try await onboarding.upgrade(with: again)
      #expect(signedIn == owner)
      #expect(Auth.auth().currentUser?.uid == owner)
      #expect(Auth.auth().currentUser?.isAnonymous == false)
    }
  }

  /// Firebase's phone guide as app code: a wrong code, then the right one; a guest whose number another account
  /// has lands in that account through the error's credential.
  @Test @MainActor func phoneSignInAsTheGuideWritesIt() async throws {
    let world = FirebaseWorld()
    try await world.withDevice("phone") {
      let login = PhoneLogin()
      login.sendCode(to: "+15555550100")
      #expect(login.verificationID != nil && login.message == nil)
      let code = try #require(world.newestSMS(to: "+15555550100")).code
      #expect(await login.signIn(code: code == "000000" ? "111111" : "000000") == nil)
      #expect(login.message == "Wrong code")
      let owner = try #require(await login.signIn(code: code))
      #expect(Auth.auth().currentUser?.phoneNumber == "+15555550100")
      try Auth.auth().signOut()

      let guest = try await GuestOnboarding().continueAsGuest()
      login.sendCode(to: "+15555550100")
      let again = try #require(world.newestSMS(to: "+15555550100")).code
      #expect(await login.signIn(code: again) == owner)
      #expect(Auth.auth().currentUser?.uid == owner && owner != guest)

      login.sendCode(to: "555-0100")
      #expect(login.message?.isEmpty == false)
    }
  }
}
