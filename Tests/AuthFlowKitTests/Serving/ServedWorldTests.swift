import AuthFlowKit
import Foundation
import Testing

@Suite struct ServedWorldTests {
  @Test func concurrentSignUpsLoseAndDuplicateNothing() async {
    let world = ServedWorld()
    await withTaskGroup(of: Void.self) { group in
      for client in 0..<8 {
        group.addTask {
          for n in 0..<50 {
            _ = try? world.signUp(email: "u\(client)-\(n)@example.com", password: "secret-1")
          }
        }
      }
    }
    let accounts = world.accounts()
    #expect(accounts.count == 400)
    #expect(Set(accounts.map(\.uid)).count == 400)
    #expect(Set(accounts.compactMap(\.email)).count == 400)
  }

  @Test func failNextFailsOnlyTheNextMatchingCall() throws {
    let world = ServedWorld()
    world.failNext(.signUp, with: .tooManyRequests)
    #expect(throws: AuthErrorCode.tooManyRequests) {
      try world.signUp(email: "a@example.com", password: "secret-1")
    }
    let session = try world.signUp(email: "a@example.com", password: "secret-1")
    #expect(session.isNewUser)
  }

  @Test func theClockMovesOnlyWhenAdvanced() throws {
    let world = ServedWorld()
    let session = try world.signUp(email: "b@example.com", password: "secret-1")
    #expect(world.now == .defaultStart)
    world.advance(by: .minutes(6))
    #expect(throws: AuthErrorCode.requiresRecentLogin) { try world.delete(session.tokens.idToken) }
  }

  @Test func givenSeedsAccountsAndKnobs() throws {
    var settings = BackendSettings()
    settings.emailEnumerationProtection = false
    let given = Given(accounts: [
      AccountSeed(email: "c@example.com", password: "secret-1", emailVerified: true)
    ])
    let world = ServedWorld(settings: settings, given: given)
    #expect(try world.createAuthUri(email: "c@example.com") == [.password])
    #expect(throws: AuthErrorCode.userNotFound) {
      try world.signInWithPassword(email: "x@example.com", password: "secret-1")
    }
  }
}
