import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// The secrets a run knows are hidden wherever they appear, however the text around them was escaped.
@Suite("Redactor")
struct RedactorTests {
  static let password = #"päss"w\ord<&>/😀"#
  let redactor = Redactor(passwords: ["other", RedactorTests.password])

  @Test(arguments: [
    ("raw", password),
    ("JSON", String(JSONValue.quote(password).dropFirst().dropLast())),
    ("JSON, ASCII only", #"p\u00E4ss\"w\\ord<&>\/\ud83d\ude00"#),
    ("XML content", XMLText.content(password)),
    ("XML attribute", XMLText.attribute(password)),
    ("XML numeric", "p&#228;ss&#x22;w\\ord&#60;&amp;&gt;/😀"),
    ("YAML", String(YAMLText.quoted(password).dropFirst().dropLast())),
    ("YAML, long escapes", #"p\xE4ss\"w\\ord<&>/\U0001F600"#),
    ("Markdown", MarkdownText.inline(password)),
    ("Mermaid", MermaidDiagram.label(password)),
    ("percent", "p%C3%A4ss%22w%5Cord%3C%26%3E%2F%F0%9F%98%80"),
  ])
  func everyFormOfASecretIsHidden(form: String, written: String) {
    let scrubbed = redactor.scrub("before \(written) after")
    #expect(scrubbed == "before ‹password 2› after", "\(form): \(written)")
  }

  /// In a JSON or XML document only values are scrubbed: keys, element and attribute names and the declaration
  /// are the document's own words, whatever the passwords are.
  @Test func aDocumentsStructureIsKeptAndItsValuesScrubbed() {
    let words = Redactor(hiding: ["summary", "testcase", "1.0", "p\"w"])
    let json = #"{"summary": {"name": "summary of testcase"}, "list": ["1.0", "p\"w", 1.0]}"#
    #expect(
      words.scrub(json, markup: .json)
        == #"{"summary": {"name": "‹password› of ‹password›"}, "list": ["‹password›", "‹password›", 1.0]}"#)
    let xml =
      #"<?xml version="1.0"?><testcase name="testcase" file='summary'>a testcase &amp; p&quot;w</testcase>"#
    #expect(
      words.scrub(xml, markup: .xml)
        == #"<?xml version="1.0"?><testcase name="‹password›" file='‹password›'>a ‹password› &amp; ‹password›</testcase>"#
    )
    #expect(words.scrub("a testcase", markup: .plain) == "a ‹password›")
  }

  @Test func aWholeReportIsScrubbedAsItsLinesWouldBe() {
    let lines = (0..<5_000).map { "line \($0): \($0 % 7 == 0 ? JSONValue.quote(Self.password) : "nothing")" }
    let report = lines.joined(separator: "\n") + "\n"
    #expect(report.utf8.count > 1 << 16)
    let scrubbed = redactor.scrub(report)
    #expect(scrubbed == lines.map(redactor.scrub).joined(separator: "\n") + "\n")
    #expect(!scrubbed.contains("ss\\\"w"))
    #expect(scrubbed.split(separator: "\n").count == 5_000)
  }

  @Test func anASCIISecretInASCIITextIsHiddenWhereverItSits() {
    let redactor = Redactor(passwords: ["correct-horse", "horse-battery"])
    #expect(redactor.scrub("correct-horse") == "‹password 1›")
    #expect(
      redactor.scrub("step 3: sign in with correct-horse (line 9)")
        == "step 3: sign in with ‹password 1› (line 9)")
    #expect(redactor.scrub("typed horse-battery") == "typed ‹password 2›")
    // A secret's beginning at the end of the text, or a near miss, is not the secret.
    #expect(redactor.scrub("a correct-hors") == "a correct-hors")
    #expect(redactor.scrub("correct-horsE, horse-batter") == "correct-horsE, horse-batter")
  }

  @Test func aSecretCutShortByAnEllipsisIsHiddenToo() {
    #expect(redactor.scrub(#"stderr: p\u00e4ss\"w…"#) == "stderr: ‹password 2›…")
    #expect(redactor.scrub("«päss\u{FFFD}…»") == "«‹password 2›…»")
    // Too little of it to tell from other text.
    #expect(redactor.scrub("pä…") == "pä…")
  }

  @Test func aSecretInTextWithOtherCharactersBeyondASCIIIsFoundToo() {
    // Transcript lines hold `✓`, `…` and placeholders: the quick look at their bytes must not wave them through.
    let redactor = Redactor(passwords: ["correct-horse"])
    #expect(redactor.scrub("✓ typed correct-horse") == "✓ typed ‹password 1›")
    #expect(redactor.scrub("‹password 1› then corr… ✓") == "‹password 1› then ‹password 1›… ✓")
    #expect(redactor.scrub("✓ cor… and correct-hors ‹password›") == "✓ cor… and correct-hors ‹password›")
    let accented = Redactor(passwords: ["çorrect"])
    #expect(accented.scrub("✓ typed çorrect, ‹password 1›") == "✓ typed ‹password 1›, ‹password 1›")
    #expect(accented.scrub("✓ çorr…") == "✓ ‹password 1›…")
  }

  @Test func placeholdersAreNeverMaskedAgainAndEmptySecretsNever() {
    let short = Redactor(passwords: ["", "s", "password 1"])
    #expect(short.scrub("‹password 2› is s") == "‹password 2› is ‹password 2›")
    #expect(
      Redactor(hiding: ["a"]).scrub("a ‹password 3›, ‹password›") == "‹password› ‹password 3›, ‹password›")
    #expect(Redactor(passwords: [""]).scrub("text") == "text")
  }

  /// A password of one to three characters hides where it stands alone, raw or escaped, and never inside a
  /// longer word: `show‹password 1›se` would garble the machine's name and tell the password; a longer one hides
  /// everywhere.
  @Test func aShortSecretHidesOnlyWhereItStandsAlone() {
    let redactor = Redactor(passwords: ["ca", "x"])
    #expect(redactor.scrub("showcase: ca") == "showcase: ‹password 1›")
    #expect(redactor.scrub("carla@example.com, extra") == "carla@example.com, extra")
    #expect(
      redactor.scrub(#"{"password":"ca","key":"x"}"#) == #"{"password":"‹password 1›","key":"‹password 2›"}"#)
    #expect(redactor.scrub(#"\u0063a, x…"#) == "‹password 1›, ‹password 2›…")
    #expect(redactor.scrub("é-ca-1 2ca") == "é-‹password 1›-1 2ca")
    let long = Redactor(passwords: ["hunt"])
    #expect(long.scrub("manhunter") == "man‹password 1›er")
  }

  /// A weak-password test's `password` is kept inside authflow's longer words (`wrong-password`, `new_password`),
  /// which print whatever the secret is, and hidden wherever it stands as a word of its own; so is `failed`,
  /// except where a report writes a status.
  @Test func aSecretInsideOneOfAuthflowsLongerWordsIsKept() {
    let redactor = Redactor(passwords: ["password", "failed"], keeping: ScenarioLanguage.words)
    #expect(
      redactor.scrub("found wrong-password, new_password: password")
        == "found wrong-password, new_password: ‹password 1›")
    #expect(redactor.scrub("the password is failed") == "the ‹password 1› is ‹password 2›")
    #expect(Redactor(passwords: ["password"]).scrub("wrong-password") == "wrong-‹password 1›")
    let net = Redactor(hiding: ["failed", "skip"], keeping: ScenarioLanguage.words)
    let json = #"{"status": "failed", "steps": [{"action": "sign_in", "status":"failed"}], "name": "failed"}"#
    #expect(
      net.scrub(json, markup: .json)
        == #"{"status": "failed", "steps": [{"action": "sign_in", "status":"failed"}], "name": "‹password›"}"#
    )
    #expect(
      net.scrub(#"<failure message="failed" type="failed">failed</failure>"#, markup: .xml)
        == #"<failure message="‹password›" type="failed">‹password›</failure>"#)
  }

  /// Most output holds secrets, if at all, as written: found at once, even right after a near miss, at the very
  /// end of a text, or continued by an escape or a cut that only the full search reads.
  @Test func aPlainSecretIsFoundWhereverItStartsAndANearMissIsNot() {
    let redactor = Redactor(passwords: ["correct-horse"])
    #expect(redactor.scrub("correct-horse") == "‹password 1›")
    #expect(redactor.scrub("correct-hors") == "correct-hors")
    #expect(redactor.scrub("correct-horsecorrect-horse!") == "‹password 1›‹password 1›!")
    #expect(redactor.scrub("correct-horn correct-horse") == "correct-horn ‹password 1›")
    #expect(redactor.scrub(#"correct-horse"#) == "‹password 1›")
    #expect(redactor.scrub("correct-h…") == "‹password 1›…")
    #expect(redactor.scrub("corr…") == "‹password 1›…")
    #expect(redactor.scrub("cor…") == "cor…")
  }

  @Test func theLongestSecretWins() {
    let redactor = Redactor(passwords: ["pass", "passphrase"])
    #expect(redactor.scrub("passphrase pass") == "‹password 2› ‹password 1›")
  }

  @Test func textAroundSecretsIsKeptAsWrittenAndTextWithoutOneIsUnchanged() {
    let redactor = Redactor(passwords: ["hunter2", "é-secret"])
    let clean = #"100% of \n & #1 ‹password› é, but h unter2"#
    #expect(redactor.scrub(clean) == clean)
    #expect(
      redactor.scrub(#"a hunter2 & b%20 \ é-secret, ‹password 9› "hunter2"é"#)
        == #"a ‹password 1› & b%20 \ ‹password 2›, ‹password 9› "‹password 1›"é"#)
  }
}
