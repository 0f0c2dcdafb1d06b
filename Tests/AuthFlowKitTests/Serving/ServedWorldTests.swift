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

  /// Each send gives its own codes its `continueUrl`, under the world's lock: concurrent sends of one kind to one
  /// address never take each other's (serve once matched them by kind and recipient afterwards).
  @Test func concurrentSendsKeepTheirOwnContinueURLs() async throws {
    var settings = BackendSettings()
    settings.oobSendLimit = .init(count: 1_000, per: .hours(1))
    let world = ServedWorld(settings: settings)
    _ = try world.signUp(email: "many@example.com", password: "secret-1")
    await withTaskGroup(of: Void.self) { group in
      for client in 0..<8 {
        group.addTask {
          for n in 0..<25 {
            try? world.sendPasswordReset(
              email: "many@example.com", continueURL: "https://app.example/\(client)/\(n)")
          }
        }
      }
    }
    let urls = world.outbox.compactMap { world.continueURL(ofCode: $0.code) }
    #expect(urls.count == 200)
    #expect(Set(urls).count == 200)
    let admin = try #require(
      try world.actionCode(.passwordReset, email: "many@example.com", continueURL: "https://a/"))
    #expect(world.continueURL(ofCode: admin) == "https://a/")
    try world.sendPasswordReset(email: "many@example.com")
    #expect(world.outbox.last.map { world.continueURL(ofCode: $0.code) } == .some(nil))
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
