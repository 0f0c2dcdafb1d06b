// A plain test whose only import of authflow is AuthFlowFirebase, built with `MemberImportVisibility` (Swift 7's
// default), where a member is visible only when its module is imported: the world's values must be usable.
import AuthFlowFirebase
import Testing

@Suite struct ImportOnlyWorldTests {
  @Test func theWorldsValuesAreUsableWithOneImport() async throws {
    let seed = FirebaseWorld.AccountSeed(
      email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)
    var settings = FirebaseWorld.Settings()
    settings.emailEnumerationProtection = false
    let world = FirebaseWorld(accounts: [seed], settings: settings)
    let start = world.now
    world.advance(by: .days(1) + .hours(1))
    #expect(world.now - start == .hours(25))
    #expect(world.now.date > start.date)
    let uid = try #require(world.account(email: "bob@example.com")?.uid)
    #expect(world.admin(.setClaims(account: .email("bob@example.com"), claims: ["role": .string("admin")])))
    let result = try await world.auth(for: "phone").signIn(
      withEmail: "bob@example.com", password: "Str0ng-pass")
    #expect(result.user.uid == uid)
    #expect(try await result.user.getIDTokenResult(forcingRefresh: true).claims["role"] as? String == "admin")
    try world.auth(for: "phone").signOut()
    world.failNext(.signInWithPassword, with: .networkRequestFailed)
    do {
      try await world.auth(for: "phone").signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
      Issue.record("the armed failure did not come")
    } catch {
      #expect((error as NSError).code == AuthErrorCode.networkError.rawValue)
    }
    #expect(!world.transcript.isEmpty)
  }
}
