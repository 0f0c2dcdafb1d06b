import AuthFlowFirebase
import AuthFlowKit
import Foundation
import Testing

/// FirebaseAuth-style app code played by scenario files: the transcript, expectations and invariants see its calls.
@Suite struct ScenarioRunTests {
  static let scenarios = """
    scenario: Sign up, verify in the browser, come back verified
    steps:
      - sign_up: { email: carol@example.com, password: Str0ng-pass }
        expect: { state: signedInUnverified, screen: verify, mail: { kind: verify_email, to: carol@example.com } }
      - follow_link: { mail: verify_email, to: carol@example.com }
      - foreground
      - expect: { state: signedIn, screen: home, user: { email: carol@example.com, email_verified: true } }
    ---
    scenario: An untrusted provider collides with a password account
    given:
      accounts: [{ email: bob@example.com, password: Str0ng-pass }]
      identity_providers: { facebook.com: [{ email: bob@example.com }] }
    steps:
      - sign_in_with: { provider: facebook.com }
        expect: { state: signedOut, error: account-exists-with-different-credential }
      - sign_in_with: { provider: facebook.com, outcome: cancel }
        expect: { error: web-context-cancelled }
      - sign_in: { email: bob@example.com, password: wrong-pass }
        expect: { error: invalid-credential }
    """

  @Test func scenariosPlayAgainstFirebaseStyleAppCode() throws {
    let outcome = try playScenarios(Self.scenarios, on: CompletionStyleMachine.descriptor)
    #expect(outcome.problems == [])
    #expect(outcome.results.count == 2)
    for result in outcome.results {
      #expect(result.status == .passed, "\(result.name): \(String(describing: result.failure))")
    }
    let transcript = outcome.results.first?.transcript.map(\.text) ?? []
    #expect(transcript.contains("signUp(carol@example.com, ‹password 1›) → ok"))
    #expect(transcript.contains("reload → ok"))
  }
}
