import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// What Tab offers in `authflow play`, read off the language table.
@Suite struct StepCompletionTests {
  private func offered(_ line: String) -> [String] {
    StepCompletion.candidates(for: line, commands: Commands.playCommands).candidates
  }

  @Test func theFirstWordIsAnActionExpectOrACommand() {
    #expect(
      offered("sign_i") == [
        "sign_in", "sign_in_anonymously", "sign_in_with", "sign_in_with_custom_token",
        "sign_in_with_phone",
      ])
    #expect(offered("ex") == ["expect"])
    #expect(offered("und") == ["undo"])
    #expect(offered("").count == ActionKind.allCases.count + 1 + Commands.playCommands.count)
  }

  @Test(arguments: [
    ("sign_in: {em", ["email"]),
    ("sign_in: {email: ada@example.com, pa", ["password"]),
    ("sign_up: { email: a@example.com, d", ["display_name"]),
    ("expect: {sta", ["state"]),
    ("follow_link: {mail: verify_email, to: a@example.com, w", ["which"]),
    ("admin: {dis", ["disable"]),
    ("sign_in_with: {pro", ["provider"]),
  ])
  func insideBracesTheKeysOfThatMapping(line: String, keys: [String]) {
    #expect(offered(line) == keys)
  }

  @Test(arguments: [
    ("expect: {state: signedI", ["signedInUnverified", "signedIn"]),
    ("expect: {error: wrong-pa", ["wrong-password"]),
    ("sign_in_with: goo", ["google.com"]),
    ("sign_in_with: {provider: app", ["apple.com"]),
    ("follow_link: {mail: verify", ["verify_email", "verify_and_change_email"]),
    ("unenroll_mfa: to", ["totp"]),
    ("network: {online: f", ["false"]),
  ])
  func afterAKeyTheNamesItsValueMayBe(line: String, names: [String]) {
    #expect(offered(line) == names)
  }

  @Test func freeTextAndQuotesOfferNothing() {
    #expect(offered("sign_in: {email: a").isEmpty)
    #expect(offered("note: \"sign").isEmpty)
    #expect(offered("wait: 5").isEmpty)
    #expect(offered("nonsense: {st").isEmpty)
  }

  @Test func theWordIsWhatFollowsTheLastDelimiter() {
    #expect(StepCompletion.candidates(for: "expect: {state: signedI").word == "signedI")
    #expect(StepCompletion.candidates(for: "sign_in: {").word == "")
  }
}
