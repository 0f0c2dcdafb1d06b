import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// The built-in invariants that guard the backend's own rules: no machine can break them, so each is checked
/// on a world whose backend is made to misbehave by hand.
@Suite("built-in invariants over the backend")
struct BuiltInInvariantTests {
  let fixture = WorldFixture()
  var backend: Backend { fixture.backend }

  /// Checks `invariant` on the fixture's world with one `phone` device, counting facts from `factsStart`.
  func check(_ invariant: Invariant, factsStart: Int = 0, device: Device? = nil) -> String? {
    let phone = device ?? Device(name: "phone", descriptor: TestMachines.trusting, world: fixture.world)
    let view = InvariantView(
      world: fixture.world, deviceList: [phone], stepDevice: phone, factsStart: factsStart, outboxStart: 0,
      action: nil, before: nil)
    return invariant.check(view)
  }

  @Test func recentLoginFiresOnASensitiveOperationOutsideTheWindow() throws {
    let start = fixture.world.now
    backend.record(.sensitiveOperation(.delete, uid: "u", authTime: start, at: start + .minutes(5)))
    #expect(check(.recentLogin) == nil)
    backend.record(.sensitiveOperation(.changePassword, uid: "u", authTime: start, at: start + .minutes(6)))
    #expect(check(.recentLogin) == "change password succeeded 6m after the last sign-in; recent_login is 5m")
  }

  @Test func anActionCodeAppliedTwiceFires() {
    let now = fixture.world.now
    backend.record(.actionCodeApplied(code: "code-1", kind: .verifyEmail, at: now))
    #expect(check(.actionCodeAppliesOnce, factsStart: 0) == nil)
    backend.record(.actionCodeApplied(code: "code-1", kind: .verifyEmail, at: now))
    #expect(
      check(.actionCodeAppliesOnce, factsStart: 1) == "the verify_email code code-1 was applied a second time"
    )
  }

  @Test func theRealBackendAppliesACodeOnce() throws {
    fixture.account("carol@example.com")
    let client = fixture.client()
    _ = try client.signIn(email: "carol@example.com", password: "correct-horse")
    try client.sendEmailVerification()
    let code = try #require(fixture.world.outbox.emails.last?.code)
    _ = try backend.applyVerification(code: code)
    #expect(errorCode { try backend.applyVerification(code: code) } == .invalidActionCode)
    #expect(check(.actionCodeAppliesOnce) == nil)
  }

  @Test func twoAccountsForOneEmailFire() {
    fixture.account("carol@example.com")
    var twin = backend.newAccount(email: "carol@example.com")
    twin.password = "other-pass"
    backend.insert(twin)
    backend.record(.accountCreated(uid: twin.uid, email: twin.email))
    #expect(check(.oneAccountPerEmail) == "2 accounts share the email carol@example.com")
  }

  @Test func aTokenMintedAfterDeletionFires() throws {
    fixture.account("carol@example.com", verified: true)
    let phone = Device(name: "phone", descriptor: TestMachines.trusting, world: fixture.world)
    let account = try #require(backend.account(email: "carol@example.com"))
    phone.client.restore(account.info, backend.issueSession(uid: account.uid))
    try backend.perform(.delete(account: "carol@example.com"))
    #expect(check(.deletedAccountStaysDeleted, device: phone) == nil)
    // A broken backend that still mints tokens for the deleted account:
    phone.client.restore(account.info, backend.issueSession(uid: account.uid))
    #expect(
      check(.deletedAccountStaysDeleted, device: phone)
        == "phone holds a session of carol@example.com minted after the account was deleted")
  }

  /// A custom token for a deleted uid makes a new account with that uid, as production does: its session is the
  /// new account's, while the deleted account's own sessions stay dead.
  @Test func aUidMadeAgainByACustomTokenIsANewAccount() throws {
    fixture.account("carol@example.com", verified: true)
    let phone = Device(name: "phone", descriptor: TestMachines.trusting, world: fixture.world)
    let account = try #require(backend.account(email: "carol@example.com"))
    let old = backend.issueSession(uid: account.uid)
    try backend.perform(.delete(account: "carol@example.com"))
    let (info, tokens, isNewUser) = try backend.signInWithCustomToken(uid: account.uid, claims: [:])
    #expect(isNewUser && info.email == nil)
    phone.client.restore(info, tokens)
    #expect(check(.deletedAccountStaysDeleted, device: phone) == nil)
    #expect(DeviceView(device: phone, world: fixture.world).session == .live)
    phone.client.restore(account.info, old)
    #expect(DeviceView(device: phone, world: fixture.world).session == .accountDeleted)
  }
}
