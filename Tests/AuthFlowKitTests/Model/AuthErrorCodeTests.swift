import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage

/// `AuthErrorCode.known` is the codes an app can see (SPEC 5.6): what scenarios may write and the schema lists.
@Suite struct AuthErrorCodeTests {
  @Test func everyKnownCodeParsesWithOrWithoutItsPrefix() {
    for code in AuthErrorCode.known {
      #expect(AuthErrorCode(parsing: code.rawValue) == code)
      #expect(AuthErrorCode(parsing: "auth/" + code.rawValue) == code)
    }
    #expect(AuthErrorCode(parsing: "app/quota") == AuthErrorCode(rawValue: "app/quota"))
    #expect(AuthErrorCode(parsing: "wrong-pasword") == nil)
  }

  /// Only `serve`'s Admin SDK endpoints answer `uid-already-exists` (`DUPLICATE_LOCAL_ID`); no scenario step
  /// can cause it, so a scenario cannot name it.
  @Test func uidAlreadyExistsIsNotACodeAnAppSees() {
    #expect(!AuthErrorCode.known.contains(.uidAlreadyExists))
    #expect(AuthErrorCode(parsing: "uid-already-exists") == nil)
    #expect(AuthErrorCode(parsing: "auth/uid-already-exists") == nil)
    #expect(!ScenarioSchema(machineNames: []).json().contains("uid-already-exists"))
    let yaml = MarkedYAML(
      """
      scenario: Admin-only code
      steps:
        - fail_next: { operation: signInWithPassword, error: 1️⃣uid-already-exists }
        - expect: { error: 2️⃣uid-already-exists }
      """)
    let result = yaml.load(with: ScenarioLoader(machineNames: []))
    #expect(
      result.diagnostics.map(\.description) == [
        // Nothing is close, and the codes are too many to list: the message says where they are.
        yaml.error("1️⃣", "unknown error code 'uid-already-exists'" + Self.noCodeIsClose),
        yaml.error("2️⃣", "unknown error code 'uid-already-exists'" + Self.noCodeIsClose),
      ])
  }

  static let noCodeIsClose =
    "; no code is close: Docs/ScenarioLanguage.md lists Firebase's under 'Error codes', and a machine's own "
    + "are written 'app/…'"

  /// An outage a user reproduces: `fail_next` with `internal-error`, which the app shows as it is.
  @Test func anInjectedInternalErrorReachesTheApp() throws {
    let result = try play(
      """
      scenario: the backend is down for one sign-in
      given:
        accounts: [{ email: ana@example.com, password: "correct-horse", email_verified: true }]
      steps:
        - fail_next: { operation: signInWithPassword, error: internal-error }
        - sign_in: { email: ana@example.com, password: "correct-horse" }
          expect: { state: signedOut, error: auth/internal-error }
        - sign_in: { email: ana@example.com, password: "correct-horse" }
          expect: { state: signedIn, error: none }
      """)
    expectPassed(result)
  }
}
