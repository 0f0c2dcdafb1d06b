import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: custom tokens and custom claims")
struct BackendClaimsTests {
  @Test func aCustomTokenCreatesTheAccountOnceAndItsClaimsRideInEveryIDTokenOfTheSession() throws {
    let fixture = WorldFixture()
    let client = fixture.client()
    let (user, isNewUser) = try client.signIn(
      customTokenFor: "staff-42", claims: ["role": .string("support")])
    #expect(isNewUser)
    #expect(user.uid == "staff-42")
    #expect(user.email == nil)
    #expect(user.providers == [])
    #expect(client.idTokenClaims == ["role": .string("support")])
    #expect(try client.idToken(forcingRefresh: true).signInProvider == .custom)
    #expect(client.idTokenClaims == ["role": .string("support")])
    client.signOut()
    let again = try client.signIn(customTokenFor: "staff-42", claims: [:])
    #expect(!again.isNewUser)
    #expect(client.idTokenClaims.isEmpty)
  }

  @Test func aTokenForAGivenAccountsIDIsThatAccounts() throws {
    let disabled = try play(
      """
      scenario: A disabled member of staff
      machine: showcase
      given:
        accounts:
          - { id: staff-42, disabled: true }
      steps:
        - sign_in_with_custom_token: { uid: staff-42 }
          expect: { state: signedOut, error: user-disabled }
      """)
    expectPassed(disabled)
    let claims = try play(
      """
      scenario: The account's claims win over the token's
      machine: showcase
      given:
        accounts:
          - { id: staff-7, claims: { role: account } }
      steps:
        - sign_in_with_custom_token: { uid: staff-7, claims: { role: token, team: "7" } }
          expect: { state: signedIn, account: { id: staff-7, claims: { role: account } } }
        - admin: { set_claims: { id: staff-7, claims: { role: lead } } }
        - expect: { account: { id: staff-7, claims: { role: lead } } }
      """)
    expectPassed(claims)
  }

  @Test(arguments: ["", String(repeating: "u", count: 129)])
  func aBadUIDIsAnInvalidCustomToken(uid: String) {
    let fixture = WorldFixture()
    #expect(
      errorCode { try fixture.backend.signInWithCustomToken(uid: uid, claims: [:]) } == .invalidCustomToken)
  }

  @Test func aReservedClaimIsAnInvalidCustomToken() {
    let fixture = WorldFixture()
    #expect(
      errorCode { try fixture.backend.signInWithCustomToken(uid: "a", claims: ["sub": .string("x")]) }
        == .invalidCustomToken)
  }

  /// Claims set by the Admin SDK are the account's at once, but a device sees them only in its next ID token;
  /// they win over a custom token's claim of the same name.
  @Test func adminClaimsReachTheTokenAtTheNextRefreshAndWinOverTheTokensOwn() throws {
    let fixture = WorldFixture()
    fixture.account("ana@example.com")
    let client = fixture.client()
    _ = try client.signIn(email: "ana@example.com", password: "correct-horse")
    try fixture.backend.perform(.setClaims(account: "ana@example.com", claims: ["role": .string("editor")]))
    #expect(fixture.stored("ana@example.com")?.customClaims == ["role": .string("editor")])
    #expect(client.idTokenClaims.isEmpty)
    _ = try client.idToken(forcingRefresh: true)
    #expect(client.idTokenClaims == ["role": .string("editor")])

    let uid = try #require(fixture.stored("ana@example.com")?.uid)
    let staff = fixture.client("tablet")
    _ = try staff.signIn(customTokenFor: uid, claims: ["role": .string("viewer"), "team": .integer(7)])
    #expect(staff.idTokenClaims == ["role": .string("editor"), "team": .integer(7)])
  }
}
