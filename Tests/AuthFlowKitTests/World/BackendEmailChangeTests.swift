import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: changing the email")
struct BackendEmailChangeTests {
  private func signedUp(_ fixture: WorldFixture, _ device: String = "phone") throws -> AuthClient {
    let client = fixture.client(device)
    _ = try client.signIn(email: "gus@example.com", password: "correct-horse")
    return client
  }

  private func newest(_ fixture: WorldFixture, _ kind: MailKind, to address: String) throws -> Outbox.Email {
    try #require(fixture.world.outbox.newest(kind, to: address))
  }

  @Test func theCodeForTheNewAddressChangesTheEmailAndTheOldAddressCanUndoIt() throws {
    let fixture = WorldFixture()
    fixture.account("gus@example.com")
    let client = try signedUp(fixture)
    let uid = try #require(client.currentUser?.uid)
    try client.sendEmailChange(to: "Gus.New@example.com")
    #expect(fixture.stored("gus@example.com")?.uid == uid)
    let change = try newest(fixture, .verifyAndChangeEmail, to: "gus.new@example.com")
    #expect(change.link.contains("mode=verifyAndChangeEmail"))
    #expect(try fixture.backend.inspectCode(change.code).newEmail == "gus.new@example.com")

    #expect(
      try fixture.backend.applyEmailChange(code: change.code, kind: .verifyAndChangeEmail)
        == "gus.new@example.com")
    #expect(fixture.stored("gus.new@example.com")?.uid == uid)
    #expect(fixture.stored("gus.new@example.com")?.emailVerified == true)
    #expect(fixture.stored("gus@example.com") == nil)
    #expect(
      errorCode { try fixture.backend.applyEmailChange(code: change.code, kind: .verifyAndChangeEmail) }
        == .invalidActionCode)
    // Every session is revoked, the one that asked included.
    #expect(errorCode { try client.reload() } == .userTokenExpired)
    #expect(client.currentUser == nil)

    let recover = try newest(fixture, .recoverEmail, to: "gus@example.com")
    _ = try fixture.backend.applyEmailChange(code: recover.code, kind: .recoverEmail)
    #expect(fixture.stored("gus@example.com")?.uid == uid)
    #expect(fixture.stored("gus.new@example.com") == nil)
    // The revert sends no recover link of its own.
    #expect(fixture.world.outbox.count(.recoverEmail, to: "gus.new@example.com") == 0)
  }

  @Test func anAddressTakenBeforeTheLinkIsOpenedIsRefusedThen() throws {
    let fixture = WorldFixture()
    fixture.account("gus@example.com")
    let client = try signedUp(fixture)
    try client.sendEmailChange(to: "gus.new@example.com")
    fixture.account("gus.new@example.com")
    let change = try newest(fixture, .verifyAndChangeEmail, to: "gus.new@example.com")
    #expect(
      errorCode { try fixture.backend.applyEmailChange(code: change.code, kind: .verifyAndChangeEmail) }
        == .emailAlreadyInUse)
    #expect(fixture.stored("gus@example.com") != nil)
  }

  /// Two changes asked for: once one is applied, the other's code is void (it was issued for the old email).
  @Test func onceTheEmailChangedAnOlderChangeCodeIsVoid() throws {
    let fixture = WorldFixture()
    fixture.account("gus@example.com")
    let client = try signedUp(fixture)
    try client.sendEmailChange(to: "first@example.com")
    try client.sendEmailChange(to: "second@example.com")
    let first = try newest(fixture, .verifyAndChangeEmail, to: "first@example.com")
    let second = try newest(fixture, .verifyAndChangeEmail, to: "second@example.com")
    _ = try fixture.backend.applyEmailChange(code: second.code, kind: .verifyAndChangeEmail)
    #expect(
      errorCode { try fixture.backend.applyEmailChange(code: first.code, kind: .verifyAndChangeEmail) }
        == .invalidActionCode)
    #expect(fixture.stored("second@example.com") != nil)
  }

  @Test func askingForAChangeNeedsARecentLoginAndAWellFormedAddress() throws {
    let fixture = WorldFixture()
    fixture.account("gus@example.com")
    let client = try signedUp(fixture)
    #expect(errorCode { try client.sendEmailChange(to: "not-an-email") } == .invalidEmail)
    fixture.wait(.minutes(6))
    #expect(errorCode { try client.sendEmailChange(to: "gus.new@example.com") } == .requiresRecentLogin)
    #expect(fixture.world.outbox.emails.isEmpty)
  }

  /// A custom-token (or phone, or guest) account has no address to verify or change: `MISSING_EMAIL`, and
  /// nothing is sent.
  @Test func anAccountWithoutAnEmailCannotChangeOrVerifyOne() throws {
    let fixture = WorldFixture()
    let client = fixture.client()
    _ = try client.signIn(customTokenFor: "staff-1", claims: [:])
    #expect(errorCode { try client.sendEmailChange(to: "staff@example.com") } == .missingEmail)
    #expect(errorCode { try client.sendEmailVerification() } == .missingEmail)
    #expect(fixture.world.outbox.emails.isEmpty)
  }

  @Test(arguments: [true, false])
  func aTakenAddressIsRevealedOnlyWithoutEnumerationProtection(protection: Bool) throws {
    let fixture = WorldFixture { $0.emailEnumerationProtection = protection }
    fixture.account("gus@example.com")
    fixture.account("ann@example.com")
    let client = try signedUp(fixture)
    #expect(
      errorCode { try client.sendEmailChange(to: "ann@example.com") }
        == (protection ? nil : .emailAlreadyInUse))
    #expect(fixture.world.outbox.emails.isEmpty)
  }

  /// The account's own address, in any case, is taken too: no link, so no revert link and no revoked session.
  @Test(arguments: [true, false])
  func theAccountsOwnAddressIsNoChange(protection: Bool) throws {
    let fixture = WorldFixture { $0.emailEnumerationProtection = protection }
    fixture.account("gus@example.com", verified: true)
    let client = try signedUp(fixture)
    #expect(
      errorCode { try client.sendEmailChange(to: "GUS@example.com") }
        == (protection ? nil : .emailAlreadyInUse))
    #expect(fixture.world.outbox.emails.isEmpty)
    if !protection {
      #expect(try client.updateEmail(to: "Gus@Example.com").email == "gus@example.com")
      #expect(fixture.world.outbox.emails.isEmpty)
    }
    #expect(try client.reload().email == "gus@example.com")
    #expect(fixture.stored("gus@example.com")?.emailVerified == true)
  }

  @Test func updateEmailIsRefusedUnderEnumerationProtection() throws {
    let fixture = WorldFixture()
    fixture.account("gus@example.com")
    let client = try signedUp(fixture)
    #expect(errorCode { try client.updateEmail(to: "gus.new@example.com") } == .operationNotAllowed)
    #expect(fixture.stored("gus@example.com") != nil)
  }

  /// Without protection `updateEmail` changes the email at once, unverified; other devices are signed out, the
  /// caller is not, and the old address can undo the change.
  @Test func updateEmailWithoutProtectionChangesAtOnceAndKeepsTheCallerSignedIn() throws {
    let fixture = WorldFixture { $0.emailEnumerationProtection = false }
    fixture.account("gus@example.com", verified: true)
    let phone = try signedUp(fixture)
    let tablet = try signedUp(fixture, "tablet")
    let user = try phone.updateEmail(to: "gus.new@example.com")
    #expect(user.email == "gus.new@example.com")
    #expect(fixture.stored("gus.new@example.com")?.emailVerified == false)
    #expect(try phone.reload().email == "gus.new@example.com")
    #expect(errorCode { try tablet.reload() } == .userTokenExpired)
    #expect(fixture.world.outbox.count(.recoverEmail, to: "gus@example.com") == 1)
    #expect(fixture.world.outbox.count(.verifyAndChangeEmail, to: "gus.new@example.com") == 0)
  }
}
