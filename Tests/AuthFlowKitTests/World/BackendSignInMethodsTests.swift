import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: enabled sign-in methods")
struct BackendSignInMethodsTests {
  @Test func aDisabledMethodIsOperationNotAllowedAndAnonymousIsAdminRestricted() throws {
    let fixture = WorldFixture { $0.signInMethods = ["google.com"] }
    fixture.account("alice@example.com")
    #expect(
      errorCode { try fixture.backend.signUp(email: "b@example.com", password: "Str0ng-pass") }
        == .operationNotAllowed)
    #expect(
      errorCode {
        try fixture.backend.signInWithPassword(email: "alice@example.com", password: "correct-horse")
      }
        == .operationNotAllowed)
    #expect(errorCode { try fixture.backend.signInAnonymously() } == .adminRestrictedOperation)
    #expect(errorCode { try fixture.backend.sendSignInLink(email: "b@example.com") } == .operationNotAllowed)
    #expect(
      errorCode { try fixture.backend.signInWithIdp(fixture.idp(.apple, "a@icloud.com")) }
        == .operationNotAllowed)
    #expect(errorCode { try fixture.backend.signInWithIdp(fixture.idp(.google, "g@gmail.com")) } == nil)
  }
}
