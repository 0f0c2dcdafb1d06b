import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// "Did you mean" suggestions for mistyped names.
@Suite("Did you mean")
struct SuggestionTests {
  static let actions = ActionKind.allCases.map(\.rawValue)
  static let screens = AuthKitMachine.Screen.allCases.map(\.rawValue)

  @Test(arguments: [
    ("sign_inn", actions, "sign_in"),
    ("sigh_up", actions, "sign_up"),
    ("forgot-password", actions, "forgot_password"),
    ("verify", screens, "verifyEmail"),
    ("HOME", screens, "home"),
    ("singIn", screens, "signIn"),
    ("autkit", ["authkit", "authkit~no-foreground-refresh"], "authkit"),
    ("signedin", ["signedOut", "signedInUnverified", "signedIn"], "signedIn"),
  ])
  func aNearMissSuggestsTheNearestName(word: String, candidates: [String], nearest: String) {
    #expect(Suggestion.nearest(to: word, in: candidates) == nearest)
    #expect(Suggestion.didYouMean(word, in: candidates) == "; did you mean '\(nearest)'?")
  }

  @Test(arguments: [
    ("teleport", actions, "network"), ("dashboard", screens, "home"),
    (
      "expired-code",
      AuthErrorCode.known.map(\.rawValue), "expired-action-code"
    ),
  ])
  func everyUnknownNameGetsTheNearestSuggestion(word: String, candidates: [String], nearest: String) {
    #expect(Suggestion.nearest(to: word, in: candidates) == nearest)
  }

  @Test func theOnlyNameAWordBeginsOrARESTPathIsSuggested() {
    let fields = ["email", "exists", "phone_number", "photo_url", "providers", "mfa", "claims"]
    #expect(Suggestion.didYouMean("phone", in: fields) == "; did you mean 'phone_number'?")
    #expect(Suggestion.didYouMean("pho", in: fields) == "")
    let operations = BackendOperation.allCases.map(\.rawValue)
    #expect(
      Suggestion.didYouMean("mfaEnrollment:start", in: operations) == "; did you mean 'startMfaEnrollment'?")
    #expect(
      Suggestion.didYouMean("mfaSignIn:finalize", in: operations) == "; did you mean 'finalizeMfaSignIn'?")
  }

  @Test func theSameWordsInAnotherOrderAreSuggested() {
    let kinds = MailKind.allCases.map(\.rawValue)
    #expect(Suggestion.didYouMean("reset_password", in: kinds) == "; did you mean 'password_reset'?")
    #expect(Suggestion.didYouMean("email_verify", in: kinds) == "; did you mean 'verify_email'?")
    #expect(
      Suggestion.didYouMean("password-wrong", in: ["wrong-password"]) == "; did you mean 'wrong-password'?")
  }

  @Test func noCandidatesNoSuggestion() {
    #expect(Suggestion.nearest(to: "anything", in: [String]()) == nil)
    #expect(Suggestion.didYouMean("anything", in: [String]()) == "")
  }

  @Test func aTranspositionCountsAsOneEdit() {
    #expect(Suggestion.editDistance("signIn", "singIn") == 1)
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("", "home") == 4)
    #expect(Suggestion.editDistance("home", "home") == 0)
  }

  @Test func theFirstOfEquallyNearCandidatesWins() {
    #expect(Suggestion.nearest(to: "cat", in: ["bat", "hat"]) == "bat")
    #expect(Suggestion.nearest(to: "cat", in: ["hat", "bat"]) == "hat")
  }

  @Test(.timeLimit(.minutes(1))) func aVeryLongNameIsJudgedInBoundedWork() {
    let long = String(repeating: "a", count: 100_000)
    #expect(Suggestion.nearest(to: long, in: Self.actions) != nil)
  }
}
