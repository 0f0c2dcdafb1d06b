import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: phone sign-in and linking")
struct BackendPhoneTests {
  private func code(_ fixture: WorldFixture, _ number: String) throws -> String {
    try #require(fixture.world.smsOutbox.newest(to: number)).code
  }

  @Test func anSMSCodeSignsInOnceAndMakesAPhoneOnlyAccount() throws {
    let fixture = WorldFixture()
    let id = try fixture.backend.sendVerificationCode(number: "+15555550100")
    let sent = try code(fixture, "+15555550100")
    #expect(sent.count == 6 && sent.allSatisfy(\.isNumber))
    #expect(
      errorCode { try fixture.backend.signInWithPhone(verificationID: id, code: nil) }
        == .missingVerificationCode)
    let wrong = sent == "000000" ? "111111" : "000000"
    #expect(
      errorCode { try fixture.backend.signInWithPhone(verificationID: id, code: wrong) }
        == .invalidVerificationCode)
    let (info, tokens, isNew) = try fixture.backend.signInWithPhone(verificationID: id, code: sent)
    #expect(isNew && info.email == nil && info.phoneNumber == "+15555550100" && info.providers == [.phone])
    #expect(tokens.idToken.signInProvider == .phone)
    #expect(
      errorCode { try fixture.backend.signInWithPhone(verificationID: id, code: sent) }
        == .invalidVerificationID)
    let again = try fixture.backend.sendVerificationCode(number: "+15555550100")
    let (same, _, isNewAgain) = try fixture.backend.signInWithPhone(
      verificationID: again, code: try code(fixture, "+15555550100"))
    #expect(!isNewAgain && same.uid == info.uid)
  }

  @Test func codesExpireNumbersMustBeE164AndSendsAreLimited() throws {
    let fixture = WorldFixture { $0.smsSendLimit = .init(count: 2, per: .hours(1)) }
    #expect(errorCode { try fixture.backend.sendVerificationCode(number: "555-0100") } == .invalidPhoneNumber)
    #expect(errorCode { try fixture.backend.sendVerificationCode(number: "+0123") } == .invalidPhoneNumber)
    let id = try fixture.backend.sendVerificationCode(number: "+15555550100")
    fixture.wait(.minutes(5))
    let sent = try code(fixture, "+15555550100")
    fixture.wait(.seconds(1))
    #expect(
      errorCode { try fixture.backend.signInWithPhone(verificationID: id, code: sent) } == .sessionExpired)
    _ = try fixture.backend.sendVerificationCode(number: "+15555550100")
    #expect(
      errorCode { try fixture.backend.sendVerificationCode(number: "+15555550100") } == .tooManyRequests)
    fixture.wait(.hours(1))
    #expect(errorCode { try fixture.backend.sendVerificationCode(number: "+15555550100") } == nil)
  }

  @Test func aTestNumberGetsNoSMSAndTakesItsFixedCode() throws {
    let fixture = WorldFixture { $0.testPhoneNumbers = ["+15555550199": "424242"] }
    let id = try fixture.backend.sendVerificationCode(number: "+15555550199")
    #expect(fixture.world.smsOutbox.count(to: "+15555550199") == 0)
    #expect(
      try fixture.backend.signInWithPhone(verificationID: id, code: "424242").0.phoneNumber == "+15555550199")
  }

  @Test func linkingANumberUpgradesAGuestAndRefusesANumberInUse() throws {
    let fixture = WorldFixture()
    let (guest, tokens) = try fixture.backend.signInAnonymously()
    let id = try fixture.backend.sendVerificationCode(number: "+15555550100")
    let linked = try fixture.backend.linkPhone(
      tokens.idToken, verificationID: id, code: try code(fixture, "+15555550100"))
    #expect(linked.uid == guest.uid && !linked.isAnonymous && linked.providers == [.phone])
    let second = try fixture.backend.sendVerificationCode(number: "+15555550101")
    #expect(
      errorCode {
        try fixture.backend.linkPhone(tokens.idToken, verificationID: second, code: "123456")
      } == .providerAlreadyLinked)

    let (_, other) = try fixture.backend.signInAnonymously()
    let taken = try fixture.backend.sendVerificationCode(number: "+15555550100")
    #expect(
      errorCode {
        try fixture.backend.linkPhone(
          other.idToken, verificationID: taken, code: try code(fixture, "+15555550100"))
      } == .credentialAlreadyInUse)
    let info = try fixture.backend.unlink(tokens.idToken, provider: .phone)
    #expect(info.phoneNumber == nil && info.providers.isEmpty)
  }

  @Test func updatingANumberNeedsARecentLoginAndAFreeNumber() throws {
    let fixture = WorldFixture()
    let first = try fixture.backend.sendVerificationCode(number: "+15555550100")
    let (pat, _, _) = try fixture.backend.signInWithPhone(
      verificationID: first, code: try code(fixture, "+15555550100"))
    let (guest, tokens) = try fixture.backend.signInAnonymously()

    let taken = try fixture.backend.sendVerificationCode(number: "+15555550100")
    #expect(
      errorCode {
        try fixture.backend.updatePhone(
          tokens.idToken, verificationID: taken, code: try code(fixture, "+15555550100"))
      } == .credentialAlreadyInUse)
    let proof = try #require(fixture.backend.temporaryProof(forVerificationID: taken))
    #expect(proof.number == "+15555550100")

    let fresh = try fixture.backend.sendVerificationCode(number: "+15555550101")
    fixture.wait(.minutes(4))
    let freshCode = try code(fixture, "+15555550101")
    fixture.wait(.minutes(2))
    #expect(
      errorCode { try fixture.backend.updatePhone(tokens.idToken, verificationID: fresh, code: freshCode) }
        == .requiresRecentLogin)
    let (_, newTokens) = try fixture.backend.signInAnonymously()
    let replaced = try fixture.backend.sendVerificationCode(number: "+15555550102")
    let updated = try fixture.backend.updatePhone(
      newTokens.idToken, verificationID: replaced, code: try code(fixture, "+15555550102"))
    #expect(updated.phoneNumber == "+15555550102" && !updated.isAnonymous && updated.uid != guest.uid)

    let (info, _, isNew) = try fixture.backend.signInWithPhone(
      temporaryProof: proof.proof, number: proof.number)
    #expect(info.uid == pat.uid && !isNew)
    #expect(
      errorCode { try fixture.backend.signInWithPhone(temporaryProof: proof.proof, number: proof.number) }
        == .invalidTemporaryProof)
    #expect(
      errorCode {
        try fixture.backend.signInWithPhone(temporaryProof: "proof.forged", number: "+15555550100")
      }
        == .invalidTemporaryProof)
  }

  @Test func reauthenticatingWithANumberNeedsTheUsersOwn() throws {
    let fixture = WorldFixture()
    let mine = try fixture.backend.sendVerificationCode(number: "+15555550100")
    let (me, _, _) = try fixture.backend.signInWithPhone(
      verificationID: mine, code: try code(fixture, "+15555550100"))
    let theirs = try fixture.backend.sendVerificationCode(number: "+15555550101")
    let (them, _, _) = try fixture.backend.signInWithPhone(
      verificationID: theirs, code: try code(fixture, "+15555550101"))

    let other = try fixture.backend.sendVerificationCode(number: "+15555550101")
    #expect(
      errorCode {
        try fixture.backend.reauthenticatePhone(
          verificationID: other, code: try code(fixture, "+15555550101"), uid: me.uid)
      } == .userMismatch)
    let unknown = try fixture.backend.sendVerificationCode(number: "+15555550102")
    #expect(
      errorCode {
        try fixture.backend.reauthenticatePhone(
          verificationID: unknown, code: try code(fixture, "+15555550102"), uid: me.uid)
      } == .userNotFound)
    #expect(fixture.backend.account(phoneNumber: "+15555550102") == nil)
    fixture.wait(.minutes(10))
    let again = try fixture.backend.sendVerificationCode(number: "+15555550100")
    let (info, tokens) = try fixture.backend.reauthenticatePhone(
      verificationID: again, code: try code(fixture, "+15555550100"), uid: me.uid)
    #expect(info.uid == me.uid && info.uid != them.uid)
    #expect(tokens.idToken.authTime == fixture.world.now)
  }

  @Test func aTemporaryProofSignsInToTheNumbersAccountForAnHour() throws {
    let fixture = WorldFixture()
    let id = try fixture.backend.sendVerificationCode(number: "+15555550100")
    let (owner, _, _) = try fixture.backend.signInWithPhone(
      verificationID: id, code: try code(fixture, "+15555550100"))
    let (_, guest) = try fixture.backend.signInAnonymously()
    let taken = try fixture.backend.sendVerificationCode(number: "+15555550100")
    #expect(
      errorCode {
        try fixture.backend.linkPhone(
          guest.idToken, verificationID: taken, code: try code(fixture, "+15555550100"))
      } == .credentialAlreadyInUse)
    let proof = try #require(fixture.backend.temporaryProof(forVerificationID: taken)).proof
    #expect(
      errorCode { try fixture.backend.signInWithPhone(temporaryProof: proof, number: "+15555550101") }
        == .invalidTemporaryProof)
    #expect(
      errorCode {
        try fixture.backend.signInWithPhone(temporaryProof: "never-issued", number: "+15555550100")
      }
        == .invalidTemporaryProof)
    #expect(
      errorCode {
        try fixture.backend.linkPhone(guest.idToken, temporaryProof: proof, number: "+15555550100")
      }
        == .credentialAlreadyInUse)
    let (info, tokens, isNew) = try fixture.backend.signInWithPhone(
      temporaryProof: proof, number: "+15555550100")
    #expect(info.uid == owner.uid && !isNew && tokens.idToken.signInProvider == .phone)
    #expect(
      errorCode { try fixture.backend.signInWithPhone(temporaryProof: proof, number: "+15555550100") }
        == .invalidTemporaryProof)
    let later = try fixture.backend.sendVerificationCode(number: "+15555550100")
    _ = errorCode {
      try fixture.backend.linkPhone(
        guest.idToken, verificationID: later, code: try code(fixture, "+15555550100"))
    }
    let unused = try #require(fixture.backend.temporaryProof(forVerificationID: later)).proof
    fixture.wait(.hours(1))
    fixture.wait(.seconds(1))
    #expect(
      errorCode { try fixture.backend.signInWithPhone(temporaryProof: unused, number: "+15555550100") }
        == .invalidTemporaryProof)
  }

  @Test func phoneSignInNeedsTheMethodEnabled() {
    let fixture = WorldFixture { $0.signInMethods = ["password"] }
    #expect(
      errorCode { try fixture.backend.sendVerificationCode(number: "+15555550100") } == .operationNotAllowed)
  }

  @Test func anAdminSetsAndRemovesANumber() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    fixture.account("bob@example.com")
    try fixture.backend.perform(.setPhone(account: "alice@example.com", number: "+15555550100"))
    #expect(fixture.stored("alice@example.com")?.providers == [.password, .phone])
    #expect(throws: AdminError.refused(.phoneNumberAlreadyExists)) {
      try fixture.backend.perform(.setPhone(account: "bob@example.com", number: "+15555550100"))
    }
    #expect(throws: AdminError.refused(.invalidPhoneNumber)) {
      try fixture.backend.perform(.setPhone(account: "bob@example.com", number: "555-0100"))
    }
    #expect(fixture.stored("bob@example.com")?.phoneNumber == nil)
    try fixture.backend.perform(.setPhone(account: "alice@example.com", number: nil))
    #expect(fixture.stored("alice@example.com")?.phoneNumber == nil)
  }
}
