import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: passwords, enumeration protection, one account per email")
struct BackendPasswordsTests {
  @Test func signUpCreatesAnUnverifiedLowercasedAccount() throws {
    let fixture = WorldFixture()
    let (info, _) = try fixture.backend.signUp(email: "Carol@Example.com", password: "Str0ng!pass")
    #expect(info.email == "carol@example.com")
    #expect(info.emailVerified == false)
    #expect(info.providers == [.password])
  }

  @Test func signUpRejectsBadInput() {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    #expect(
      errorCode { try fixture.backend.signUp(email: "not-an-email", password: "long-enough") }
        == .invalidEmail)
    #expect(
      errorCode { try fixture.backend.signUp(email: "new@example.com", password: "short") } == .weakPassword)
    #expect(
      errorCode { try fixture.backend.signUp(email: "ALICE@example.com", password: "long-enough") }
        == .emailAlreadyInUse)
  }

  @Test func oneAccountPerEmailCountsFederatedAccounts() {
    let on = WorldFixture()
    on.account("bob@gmail.com", password: nil, verified: true, providers: [.google])
    #expect(
      errorCode { try on.backend.signUp(email: "bob@gmail.com", password: "long-enough") }
        == .emailAlreadyInUse)

    let off = WorldFixture { $0.oneAccountPerEmail = false }
    off.account("bob@gmail.com", password: nil, verified: true, providers: [.google])
    #expect(errorCode { try off.backend.signUp(email: "bob@gmail.com", password: "long-enough") } == nil)
  }

  @Test func enumerationProtectionHidesWhetherTheEmailExists() {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    #expect(
      errorCode { try fixture.backend.signInWithPassword(email: "nobody@example.com", password: "x") }
        == .invalidCredential)
    #expect(
      errorCode { try fixture.backend.signInWithPassword(email: "alice@example.com", password: "wrong") }
        == .invalidCredential)
    #expect((try? fixture.backend.createAuthUri(email: "alice@example.com")) == [])
  }

  @Test func withoutProtectionErrorsNameTheProblem() {
    let fixture = WorldFixture { $0.emailEnumerationProtection = false }
    fixture.account("alice@example.com")
    fixture.account("fed@example.com", password: nil, providers: [.apple])
    #expect(
      errorCode { try fixture.backend.signInWithPassword(email: "nobody@example.com", password: "x") }
        == .userNotFound)
    #expect(
      errorCode { try fixture.backend.signInWithPassword(email: "alice@example.com", password: "wrong") }
        == .wrongPassword)
    #expect(
      errorCode { try fixture.backend.signInWithPassword(email: "fed@example.com", password: "anything") }
        == .wrongPassword)
    #expect((try? fixture.backend.createAuthUri(email: "alice@example.com")) == [.password])
  }

  @Test func disabledIsCheckedBeforeThePassword() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    try fixture.backend.perform(.disable(account: "alice@example.com"))
    #expect(
      errorCode { try fixture.backend.signInWithPassword(email: "alice@example.com", password: "wrong") }
        == .userDisabled)
  }

  @Test func changingThePasswordNeedsARecentLoginAndRevokesOtherSessions() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let (_, laptop) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    let (_, phone) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    fixture.wait(.minutes(5))
    let fresh = try fixture.backend.changePassword(phone.idToken, to: "new-password")
    #expect(errorCode { try fixture.backend.refreshToken(laptop.refreshToken) } == .userTokenExpired)
    #expect(errorCode { try fixture.backend.lookup(laptop.idToken) } == .userTokenExpired)
    #expect(errorCode { try fixture.backend.lookup(fresh.idToken) } == nil)

    fixture.wait(.seconds(1))
    #expect(
      errorCode { try fixture.backend.changePassword(fresh.idToken, to: "another-one") }
        == .requiresRecentLogin)
  }
}
