import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Invalid scenarios: every problem reported, placed at the offending key or value, with its message.
@Suite struct ScenarioLoaderErrorTests {
  /// The rendered diagnostics of loading `yaml`.
  func errors(_ yaml: MarkedYAML, machines: [String] = []) -> [String] {
    let result = yaml.load(with: ScenarioLoader(machineNames: machines))
    #expect(result.scenarios.isEmpty)
    return result.diagnostics.map(\.description)
  }

  static let scenarioLevelProblems = MarkedYAML(
    """
    scenario: All wrong
    2️⃣stpes:
      - background
    tags: 3️⃣{a: b}
    seed: 4️⃣-3
    machine: 5️⃣exec:./my-app --port 3
    backend:
      recent_login: 6️⃣5 minutes
      email_enumeration_protection: 7️⃣yes
      password_min_length: 8️⃣0
      9️⃣oob_send_limt: { count: 1, per: 1h }
    """)

  /// The diagnostics of loading `yaml`, as values.
  func diagnostics(_ yaml: MarkedYAML, machines: [String] = []) -> [Diagnostic] {
    let result = yaml.load(with: ScenarioLoader(machineNames: machines))
    #expect(result.scenarios.isEmpty)
    return result.diagnostics
  }

  @Test func reportsEveryScenarioLevelProblemTogether() {
    let yaml = Self.scenarioLevelProblems
    #expect(
      diagnostics(yaml) == [
        yaml.problem("2️⃣", .unknownKey(key: "stpes", context: "scenario", suggestion: "steps")),
        yaml.problem("3️⃣", .wrongType(key: "tags", expected: "a list of strings", found: .mapping)),
        yaml.problem("4️⃣", .notInteger(key: "seed", found: .text("-3"))),
        yaml.problem("5️⃣", .machineCommand(value: "exec:./my-app --port 3")),
        yaml.problem("6️⃣", .badDuration(key: "recent_login", value: "5 minutes")),
        yaml.problem("7️⃣", .notBoolean(key: "email_enumeration_protection", found: .text("yes"))),
        yaml.problem("8️⃣", .integerTooSmall(key: "password_min_length", value: "0", minimum: 1)),
        yaml.problem(
          "9️⃣", .unknownKey(key: "oob_send_limt", context: "backend", suggestion: "oob_send_limit")),
      ])
  }

  @Test func rendersEveryScenarioLevelProblemAsPathLineColumnError() {
    let yaml = Self.scenarioLevelProblems
    #expect(
      errors(yaml) == [
        // `stpes` stands in for `steps` (its list is read as the steps), so `steps` is not reported missing too.
        yaml.error("2️⃣", "unknown key 'stpes' in scenario; did you mean 'steps'?"),
        yaml.error("3️⃣", "'tags' must be a list of strings, found a mapping"),
        yaml.error("4️⃣", "expected a whole number for 'seed', found '-3'"),
        yaml.error(
          "5️⃣", "a scenario file cannot start a machine command; pass --machine exec:… on the command line"),
        yaml.error(
          "6️⃣", "bad duration '5 minutes' for 'recent_login'; write e.g. 30s, 5m, 1h, 3d or 1h30m"),
        yaml.error("7️⃣", "expected true or false for 'email_enumeration_protection', found 'yes'"),
        yaml.error("8️⃣", "'password_min_length' must be at least 1, found '0'"),
        yaml.error("9️⃣", "unknown key 'oob_send_limt' in backend; did you mean 'oob_send_limit'?"),
      ])
  }

  @Test func reportsEveryStepProblemTogether() {
    let yaml = MarkedYAML(
      """
      scenario: Steps
      devices: [phone, laptop]
      vars:
        email: carol@example.com
      steps:
        - 1️⃣sing_in: { email: a, password: pw-1 }
        - sign_up: { email: 2️⃣"${emial}", password: pw-2 }
        - sign_in: { email: a, password: pw-1 }
          3️⃣sign_up: { email: a, password: pw-1 }
          device: 4️⃣labtop
        - 5️⃣device: laptop
        - sign_in_with: 6️⃣gogle.com
        - follow_link: { mail: 7️⃣verify, to: a@example.com }
        - expect: { state: 8️⃣signedin, error: 9️⃣wrong-pasword }
        - wait: 🔟soon
        - background: 0️⃣now
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "unknown action 'sing_in'; did you mean 'sign_in'?"),
        yaml.error("2️⃣", "undefined variable '${emial}'; did you mean 'email'?"),
        yaml.error("3️⃣", "step has two actions, 'sign_in' and 'sign_up'; write one action per step"),
        yaml.error("4️⃣", "unknown device 'labtop'; did you mean 'laptop'?"),
        yaml.error("5️⃣", "step has no action"),
        yaml.error("6️⃣", "unknown identity provider 'gogle.com'; did you mean 'google.com'?"),
        yaml.error("7️⃣", "unknown mail kind 'verify'; did you mean 'verify_email'?"),
        yaml.error("8️⃣", "unknown state 'signedin'; did you mean 'signedIn'?"),
        yaml.error("9️⃣", "unknown error code 'wrong-pasword'; did you mean 'wrong-password'?"),
        yaml.error("🔟", "bad duration 'soon' for 'wait'; write e.g. 30s, 5m, 1h, 3d or 1h30m"),
        yaml.error("0️⃣", "'background' takes no arguments, found 'now'"),
      ])
  }

  /// The YAML traps newcomers fall into get a message that names the fix, not only libyaml's symptom.
  @Test(arguments: [
    (
      "scenario: x\nsteps:\n  - sign_in: { email: a@example.com, password: pw-pw-pw }\n  1️⃣expect: { state: signedIn }\n",
      "invalid YAML: did not find expected '-' indicator (while parsing a block collection at line 3, column 3); "
        + "'expect' belongs to the step '- sign_in': indent it as far as 'sign_in' (column 5)"
    ),
    (
      "scenario: x\nsteps:\n  - sign_in: { email: a@example.com, password: pw-pw-pw }\n 1️⃣expect: { state: signedIn }\n",
      "invalid YAML: did not find expected key (while parsing a block mapping at line 1, column 1); 'expect' "
        + "belongs to the step '- sign_in': indent it as far as 'sign_in' (column 5)"
    ),
    (
      "scenario: x\nsteps:\n  - wait: 5m\n      expect1️⃣: { state: signedOut }\n",
      "invalid YAML: mapping values are not allowed in this context; 'expect' belongs to the step '- wait': indent "
        + "it as far as 'wait' (column 5)"
    ),
    (
      "scenario: x\nsteps:\n  - launch\n1️⃣tags [a]\n",
      "invalid YAML: could not find expected ':' (while scanning a simple key at line 4, column 1); 'tags' has no "
        + "':' after it: write 'tags:'"
    ),
    (
      // Placed at the key, not where libyaml gave up, and the set-aside key is not also reported missing.
      "scenario: x\n1️⃣steps\n  - launch\n",
      "invalid YAML: could not find expected ':' (while scanning a simple key at line 2, column 1); 'steps' has no "
        + "':' after it: write 'steps:'"
    ),
    (
      "scenario: x\ngiven:\n  accounts:\n    - email: a@example.com\n      1️⃣hunter22\n      password: x\n"
        + "steps:\n  - launch\n",
      "invalid YAML: could not find expected ':' (while scanning a simple key at line 5, column 7); a key needs "
        + "':' after it"
    ),
    (
      "scenario: x\nsteps:\n  - sign_out\n    expect1️⃣: { state: signedOut }\n",
      "invalid YAML: mapping values are not allowed in this context; '- sign_out' has no ':', so the indented "
        + "line below cannot belong to it: write '- sign_out:'"
    ),
    (
      "scenario: x\nsteps:\n  - sign_out:\n  1️⃣\texpect: { state: signedOut }\n",
      "invalid YAML: found character that cannot start any token (while scanning for the next token at line 4, "
        + "column 3); a tab: YAML indents with spaces only"
    ),
    (
      "scenario: x\nvars: { on: true }\nsteps:\n  - network: { online: $1️⃣{on} }\n",
      "invalid YAML: did not find expected ',' or '}' (while parsing a flow mapping at line 4, column 14); a ${…} "
        + "inside { … } or [ … ] must be quoted: write \"${name}\""
    ),
    (
      "scenario: x\nsteps:\n  - sign_in:\n      email: a@example.com\n      password: pw\n      1️⃣expect: {}\n",
      "'expect' belongs to the step, not to the arguments of 'sign_in': indent it as far as 'sign_in'"
    ),
    (
      "scenario: x\nsteps:\n  - sign_out\n  - 1️⃣state: signedOut\n",
      "'state' is an expectation, not an action: write it under 'expect', as '- expect: { state: … }' (or on the "
        + "action's step, indented like the action)"
    ),
  ])
  func aYAMLTrapGetsAHintNamingTheFix(text: String, message: String) {
    let yaml = MarkedYAML(text)
    #expect(errors(yaml) == [yaml.error("1️⃣", message)])
  }

  /// A syntax error in a step sets that step aside and the file is read on: the problems before and after it,
  /// other syntax errors included, are all reported at once.
  @Test func aSyntaxErrorInAStepHidesNoOtherProblem() {
    let yaml = MarkedYAML(
      "scenario: traps\n"
        + "steps:\n"
        + "  - sign_in: { email: a@example.com, 1️⃣pasword: pw }\n"
        + "  - sign_out\n"
        + "    expect2️⃣: { state: signedOut }\n"
        + "  - wait: 3️⃣soon\n"
        + "  - network: { online: $4️⃣{on} }\n"
        + "  - expect: { state: signedIn, 5️⃣screeen: home }\n"
        + "6️⃣\t- sign_out\n"
        + "  - background: 7️⃣now\n")
    let errors = errors(yaml)
    #expect(
      errors == [
        yaml.error("1️⃣", "unknown key 'pasword' in sign_in; did you mean 'password'?"),
        yaml.error(
          "2️⃣",
          "invalid YAML: mapping values are not allowed in this context; '- sign_out' has no ':', so the indented "
            + "line below cannot belong to it: write '- sign_out:'"),
        yaml.error("3️⃣", "bad duration 'soon' for 'wait'; write e.g. 30s, 5m, 1h, 3d or 1h30m"),
        yaml.error(
          "4️⃣",
          "invalid YAML: did not find expected ',' or '}' (while parsing a flow mapping at line 7, column 14); a "
            + "${…} inside { … } or [ … ] must be quoted: write \"${name}\""),
        yaml.error("5️⃣", "unknown key 'screeen' in expect; did you mean 'screen'?"),
        yaml.error(
          "6️⃣",
          "invalid YAML: found character that cannot start any token (while scanning for the next token at line 9, "
            + "column 1); a tab: YAML indents with spaces only"),
        yaml.error("7️⃣", "'background' takes no arguments, found 'now'"),
      ], "\(errors)")
  }

  /// The slips that break a whole `steps:` list (libyaml then names the list's or the file's start as its
  /// context) set aside only the step they are in, with what is indented under them: `expect:` written at the
  /// dash, with its checks below it, and a step one column left of the others, which is told so.
  @Test func aSlipThatBreaksTheStepsListHidesNoOtherStep() {
    let atTheDash = MarkedYAML(
      "scenario: x\nsteps:\n  - sign_up: { email: a@example.com, 1️⃣pasword: pw }\n  - wait: 2️⃣soon\n"
        + "  - sign_out:\n  3️⃣expect:\n    state: signedOut\n    screen: signIn\n  - 4️⃣sign_inn: {}\n")
    let errors = errors(atTheDash)
    #expect(
      errors == [
        atTheDash.error("1️⃣", "unknown key 'pasword' in sign_up; did you mean 'password'?"),
        atTheDash.error("2️⃣", "bad duration 'soon' for 'wait'; write e.g. 30s, 5m, 1h, 3d or 1h30m"),
        atTheDash.error(
          "3️⃣",
          "invalid YAML: did not find expected '-' indicator (while parsing a block collection at line 3, column "
            + "3); 'expect' belongs to the step '- sign_out': indent it as far as 'sign_out' (column 5)"),
        atTheDash.error("4️⃣", "unknown action 'sign_inn'; did you mean 'sign_in'?"),
      ], "\(errors)")
    let leftOfTheOthers = MarkedYAML(
      "scenario: x\nsteps:\n  - wait: 1️⃣soon\n 2️⃣- launch\n  - 3️⃣sign_inn: {}\n")
    let dedented = self.errors(leftOfTheOthers)
    #expect(
      dedented == [
        leftOfTheOthers.error("1️⃣", "bad duration 'soon' for 'wait'; write e.g. 30s, 5m, 1h, 3d or 1h30m"),
        leftOfTheOthers.error(
          "2️⃣",
          "invalid YAML: did not find expected key (while parsing a block mapping at line 1, column 1); this item "
            + "starts in column 2 and the item above it in column 3: the items of one list start in the same column"
        ),
        leftOfTheOthers.error("3️⃣", "unknown action 'sign_inn'; did you mean 'sign_in'?"),
      ], "\(dedented)")
    // The item above it is the step above, past that step's own lines and a nested list's items.
    let belowAnExpect = MarkedYAML(
      "scenario: x\nsteps:\n  - sign_in: { email: a@example.com, password: pw }\n    expect:\n"
        + "      signed_in_devices:\n        - phone\n\n 1️⃣- sign_out\n")
    #expect(
      self.errors(belowAnExpect) == [
        belowAnExpect.error(
          "1️⃣",
          "invalid YAML: did not find expected key (while parsing a block mapping at line 1, column 1); this item "
            + "starts in column 2 and the item above it in column 3: the items of one list start in the same column"
        )
      ])
  }

  /// Outside the steps a syntax error sets aside the top-level entry that holds it, and the rest of the file is
  /// read on; what the entry's absence would make the rest report (a missing key, an undeclared account id,
  /// device or variable) is not reported. One file reports at most eight syntax errors.
  @Test func aSyntaxErrorElsewhereSetsItsEntryAside() {
    let given = MarkedYAML(
      "scenario: x\ndevices: [phone]\nvars: { who: a@example.com }\ngiven:\n  accounts:\n"
        + "    - { id: alice, email: a@example.com }: 1️⃣}\n  signed_in: { phone: a@example.com }\n"
        + "steps:\n  - wait: 2️⃣soon\n  - expect: { account: { id: alice, exists: true } }\n    device: phone\n"
    )
    let reported = errors(given)
    #expect(reported.count == 2, "\(reported)")
    #expect(reported.first?.hasPrefix("\(given.location("1️⃣")): error: invalid YAML") == true)
    #expect(
      reported.last == given.error("2️⃣", "bad duration 'soon' for 'wait'; write e.g. 30s, 5m, 1h, 3d or 1h30m")
    )

    let name = MarkedYAML(
      "scenario: a: b\ndevices: [phone]\nvars: { v: 1 }\nsteps:\n  - sign_out:\n    device: 3️⃣tablet\n"
        + "  - wait: 4️⃣${w}\n")
    let named = errors(name)
    #expect(named.count == 3, "\(named)")
    #expect(named.first?.contains("invalid YAML: mapping values are not allowed") == true)
    #expect(
      named.dropFirst().first?.hasPrefix("\(name.location("3️⃣")): error: unknown device 'tablet'") == true)
    #expect(named.last?.hasPrefix("\(name.location("4️⃣")): error: undefined variable '${w}'") == true)

    // A slip in the devices or vars entry hides what would only be an echo of it.
    let devices = MarkedYAML(
      "scenario: x\ndevices: [phone: a: b]\nsteps:\n  - sign_out:\n    device: tablet\n")
    #expect(errors(devices).count == 1, "\(errors(devices))")

    let many = MarkedYAML(
      "scenario: x\nsteps:\n" + String(repeating: "  - sign_out\n    expect: {}\n", count: 12))
    let eight = errors(many)
    #expect(eight.count == ScenarioLoader.maximumSyntaxErrors, "\(eight)")
    #expect(eight.allSatisfy { $0.contains("'- sign_out' has no ':'") })
  }

  /// A tag would be silently dropped (`!!binary aGVsbG8=` read as the action `aGVsbG8=`): it is refused where
  /// written, as libyaml's short form, and the rest of the document is still checked.
  @Test func aYAMLTagIsRefused() {
    let yaml = MarkedYAML(
      "scenario: 1️⃣!custom tagged\nsteps:\n  - 2️⃣!!binary aGVsbG8=\n  - wait: 3️⃣soon\n  - 4️⃣!!map { sign_out: }\n"
    )
    #expect(
      errors(yaml) == [
        yaml.error(
          "1️⃣",
          "YAML tags such as '!custom' are not supported: write the value without it (quote it to keep it text)"
        ),
        yaml.error(
          "2️⃣",
          "YAML tags such as '!!binary' are not supported: write the value without it (quote it to keep it text)"
        ),
        yaml.error(
          "2️⃣",
          "unknown action 'aGVsbG8='; no action is close: 'authflow machines' lists the actions each machine takes"
        ),
        yaml.error("3️⃣", "bad duration 'soon' for 'wait'; write e.g. 30s, 5m, 1h, 3d or 1h30m"),
        yaml.error(
          "4️⃣",
          "YAML tags such as '!!map' are not supported: write the value without it (quote it to keep it text)"
        ),
      ], "\(errors(yaml))")
  }

  /// In a file of several documents, a syntax error in one leaves the others checked.
  @Test func aSyntaxErrorInOneDocumentHidesNoOtherDocument() {
    let yaml = MarkedYAML(
      "scenario: first\nbackend: { a: b: c }\nsteps:\n  - sign_out:\n---\nscenario: second\nsteps:\n"
        + "  - wait: 1️⃣soon\n")
    let reported = errors(yaml)
    #expect(reported.count == 2, "\(reported)")
    #expect(reported.first?.contains("invalid YAML") == true)
    #expect(
      reported.last == yaml.error("1️⃣", "bad duration 'soon' for 'wait'; write e.g. 30s, 5m, 1h, 3d or 1h30m"))
  }

  @Test func reportsABadFollowLinkChoice() {
    let yaml = MarkedYAML(
      """
      scenario: Which email
      steps:
        - follow_link: { mail: verify_email, to: a@example.com, which: 1️⃣first }
        - follow_link: { mail: verify_email, to: a@example.com, which: 2️⃣0 }
        - follow_link: { mail: verify_email, to: a@example.com, which: 3️⃣-2 }
        - follow_link: { mail: verify_email, to: a@example.com, which: 4️⃣newst }
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "unknown email choice 'first'; did you mean 'oldest'?"),
        yaml.error("2️⃣", "'which' must be at least 1, found '0'"),
        yaml.error("3️⃣", "expected a whole number for 'which', found '-2'"),
        yaml.error("4️⃣", "unknown email choice 'newst'; did you mean 'newest'?"),
      ])
  }

  @Test func reportsGivenProblems() {
    let yaml = MarkedYAML(
      """
      scenario: Given
      devices: [phone, laptop]
      given:
        now: 1️⃣yesterday
        accounts:
          - email: alice@example.com
            email_verified: 2️⃣"true"
            providers: [3️⃣password, 4️⃣gooogle.com]
          - email: 5️⃣ALICE@example.com
          - email: 6️⃣bob
          - 7️⃣password: x
          - email: dave@example.com
            disabled: true
        identity_providers:
          8️⃣twiter.com: []
        signed_in:
          9️⃣tablet: alice@example.com
          laptop: 🔟alise@example.com
          phone: 0️⃣dave@example.com
      steps: [launch]
      """)
    #expect(
      errors(yaml) == [
        yaml.error(
          "1️⃣", "bad time 'yesterday' for 'now'; write an RFC 3339 time such as 2026-03-01T09:00:00Z"),
        yaml.error(
          "2️⃣",
          "expected true or false for 'email_verified', found \"true\" in quotes; write it without quotes"),
        yaml.error(
          "3️⃣",
          "'password' is not an identity provider; 'providers' lists federated providers"
            + " (an account has a password when 'password' is given)"),
        yaml.error("4️⃣", "unknown identity provider 'gooogle.com'; did you mean 'google.com'?"),
        yaml.error("5️⃣", "duplicate account 'alice@example.com' in 'accounts'"),
        yaml.error("6️⃣", "'email' must be an email address such as alice@example.com, found 'bob'"),
        yaml.error("7️⃣", "missing required key: one of 'email' or 'id'"),
        yaml.error("8️⃣", "unknown identity provider 'twiter.com'; did you mean 'twitter.com'?"),
        yaml.error(
          "9️⃣",
          "unknown device 'tablet'; this scenario's devices are 'phone', 'laptop' (declare every device under 'devices:')"
        ),
        yaml.error("🔟", "unknown account 'alise@example.com'; did you mean 'alice@example.com'?"),
        yaml.error("0️⃣", "'phone' cannot start signed in as 'dave@example.com': the account is disabled"),
      ])
  }

  @Test func reportsActionArgumentProblems() {
    let yaml = MarkedYAML(
      """
      scenario: Arguments
      given:
        identity_providers:
          google.com: [{ email: bob@gmail.com }]
      steps:
        - sign_up: 1️⃣{ email: a@example.com }
        - sign_in_with: 2️⃣apple.com
        - sign_in_with: { provider: google.com, account: 3️⃣bub@gmail.com }
        - sign_in_with: { provider: google.com, outcome: cancel, 4️⃣error: user-disabled }
        - link_provider: { provider: google.com, outcome: 5️⃣fail }
        - link_provider: { provider: google.com, 🅰️error: user-disabled }
        - reauthenticate: { password: x, 6️⃣provider: google.com }
        - admin: 7️⃣{ disable: a@example.com, enable: a@example.com }
        - fail_next: { operation: 8️⃣signIn, error: 9️⃣none }
        - 🔟sign_up
        - network: { online: 0️⃣off }
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "missing required key 'password'"),
        yaml.error(
          "2️⃣",
          "'apple.com' has no accounts to sign in with; list one under 'given.identity_providers'"
            + " or in a given account's 'providers'"),
        yaml.error("3️⃣", "unknown google.com account 'bub@gmail.com'; did you mean 'bob@gmail.com'?"),
        yaml.error("4️⃣", "'error' only goes with 'outcome: error', found outcome 'cancel'"),
        yaml.error("5️⃣", "unknown outcome 'fail'; did you mean 'error'?"),
        yaml.error("🅰️", "'error' only goes with 'outcome: error', found outcome 'success'"),
        yaml.error("6️⃣", "'password' and 'provider' cannot be used together"),
        yaml.error(
          "7️⃣",
          "'admin' takes exactly one of disable, enable, delete, revoke_sessions, verify_email, set_password,"
            + " set_claims, update_email, set_phone, unenroll_mfa, found 'disable' and 'enable'"),
        // Four operations start with `signIn`: all are listed rather than `signUp`, which is fewer edits away.
        yaml.error(
          "8️⃣",
          "unknown operation 'signIn'; expected one of "
            + BackendOperation.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")),
        yaml.error("9️⃣", "'error' must be an error code, found 'none'"),
        yaml.error("🔟", "'sign_up' needs arguments"),
        yaml.error("0️⃣", "expected true or false for 'online', found 'off'"),
      ])
  }

  @Test func reportsExpectationProblems() {
    let yaml = MarkedYAML(
      """
      scenario: Expectations
      devices: [phone, laptop]
      steps:
        - expect:
            1️⃣sreen: home
            user: 2️⃣nobody
            account: 3️⃣{ exists: false }
            mail: { to: a@example.com, kind: 4️⃣reset }
            signed_in_devices: [phone, 5️⃣tablet]
            link_error: 6️⃣auth/expird-action-code
            ui: { greeting: 7️⃣[a] }
        - expect: 8️⃣{}
        - expect:
            user: { providers: [9️⃣pasword] }
            account: { email: a@example.com, display_name: 🔟{} }
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "unknown key 'sreen' in expect; did you mean 'screen'?"),
        yaml.error("2️⃣", "'user' must be 'none' or a mapping, found 'nobody'"),
        yaml.error("3️⃣", "missing required key: one of 'email' or 'device' or 'id'"),
        yaml.error("4️⃣", "unknown mail kind 'reset'; did you mean 'password_reset'?"),
        yaml.error(
          "5️⃣",
          "unknown device 'tablet'; this scenario's devices are 'phone', 'laptop' (declare every device under 'devices:')"
        ),
        yaml.error("6️⃣", "unknown error code 'auth/expird-action-code'; did you mean 'expired-action-code'?"),
        yaml.error("7️⃣", "'greeting' must be a value, found a list"),
        yaml.error("8️⃣", "'expect' has no checks"),
        yaml.error("9️⃣", "unknown provider 'pasword'; did you mean 'password'?"),
        yaml.error("🔟", "'display_name' must be a string or null, found a mapping"),
      ])
  }

  @Test func reportsProblemsOfEveryDocumentAndKeepsTheValidOnes() {
    let yaml = MarkedYAML(
      """
      scenario: First
      steps: [1️⃣lanch]
      ---
      scenario: Valid
      steps: [launch]
      ---
      scenario: Third
      devices: [phone]
      steps:
        - sign_out:
          device: 2️⃣laptop
      """)
    let result = yaml.load()
    #expect(result.scenarios.map(\.name) == ["Valid"])
    #expect(
      result.diagnostics.map(\.description) == [
        yaml.error("1️⃣", "unknown action 'lanch'; did you mean 'launch'?"),
        yaml.error(
          "2️⃣",
          "unknown device 'laptop'; this scenario's devices are 'phone' (declare every device under 'devices:')"
        ),
      ])
  }

  @Test func checksMachineNamesWhenGiven() {
    let yaml = MarkedYAML("scenario: M\nmachine: 1️⃣authkti\nsteps: [launch]\n")
    #expect(
      errors(yaml, machines: ["authkit", "paper"]) == [
        yaml.error("1️⃣", "unknown machine 'authkti'; did you mean 'authkit'?")
      ])
  }

  @Test func refusesNewerVersionsWithoutJudgingTheirKeys() {
    let yaml = MarkedYAML("version: 1️⃣2\nscenario: Future\nfuture_key: x\nsteps: [teleport]\n")
    #expect(errors(yaml) == [yaml.error("1️⃣", "version 2 is newer than this authflow supports (1)")])
    let zero = MarkedYAML("version: 1️⃣0\nscenario: Past\nsteps: [launch]\n")
    #expect(errors(zero) == [zero.error("1️⃣", "'version' must be at least 1, found '0'")])
  }

  @Test func acceptsOnlyPlainTrueAndFalse() {
    for word in ["yes", "no", "on", "off", "True", "FALSE", "1", "y"] {
      let yaml = MarkedYAML("scenario: B\nsteps:\n  - network: { online: 1️⃣\(word) }\n")
      #expect(errors(yaml) == [yaml.error("1️⃣", "expected true or false for 'online', found '\(word)'")])
    }
  }

  @Test func reportsWrongTypesAtTheValue() {
    let yaml = MarkedYAML(
      """
      scenario: 1️⃣[a, b]
      description:2️⃣
      devices: 3️⃣[]
      vars: 4️⃣[x]
      steps: 5️⃣launch
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "'scenario' must be a string, found a list"),
        yaml.error("2️⃣", "'description' must be a string, found nothing"),
        yaml.error("3️⃣", "'devices' must not be empty"),
        yaml.error("4️⃣", "'vars' must be a mapping, found a list"),
        yaml.error("5️⃣", "'steps' must be a list of steps, found 'launch'"),
      ])
  }

  @Test func reportsADocumentThatIsNotAMapping() {
    let yaml = MarkedYAML("scenario: Fine\nsteps: [launch]\n---\n1️⃣- just\n- a list\n")
    let result = yaml.load()
    #expect(result.scenarios.map(\.name) == ["Fine"])
    #expect(
      result.diagnostics.map(\.description) == [
        yaml.error("1️⃣", "a scenario must be a mapping with 'scenario' and 'steps', found a list")
      ])
  }

  @Test func reportsInvalidYAMLWhereTheParserStoppedAndKeepsEarlierDocuments() {
    let yaml = MarkedYAML(
      """
      scenario: Before
      steps: [launch]
      ---
      scenario: Broken
      steps: [launch
      after1️⃣: x
      """)
    let result = yaml.load()
    #expect(result.scenarios.map(\.name) == ["Before"])
    #expect(
      result.diagnostics.map(\.description) == [
        yaml.error(
          "1️⃣",
          "invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 5, column 8)"
        )
      ])
  }

  @Test func reportsDuplicateKeys() {
    // Reported where the key is written again: that is the line to delete.
    let yaml = MarkedYAML("scenario: One\nsteps:\n  - sign_in: { email: a, password: b }\n    1️⃣sign_in: {}\n")
    #expect(errors(yaml) == [yaml.error("1️⃣", "duplicate key 'sign_in'")])
    let top = MarkedYAML("scenario: One\n# a comment\n\n1️⃣\"scenario\": Two\nsteps: [launch]\n")
    #expect(errors(top) == [top.error("1️⃣", "duplicate key 'scenario'")])
    // In a flow mapping too, and when a mapping has many keys.
    let flow = MarkedYAML("scenario: One\nsteps:\n  - expect: { state: signedIn, 1️⃣state: signedOut }\n")
    #expect(errors(flow) == [flow.error("1️⃣", "duplicate key 'state'")])
    let keys = (1...20).map { "k\($0): v" }.joined(separator: ", ")
    let wide = MarkedYAML("scenario: One\nvars: { \(keys), 1️⃣k7: again }\nsteps: [launch]\n")
    #expect(errors(wide) == [wide.error("1️⃣", "duplicate key 'k7'")])
    // Keys of a nested mapping are its own: the same names as the keys around it are no duplicates.
    let nested = MarkedYAML(
      "scenario: One\nvars: { scenario: a, vars: { vars: b, steps: c } }\nsteps: [launch]\n")
    // (A mapping is no variable's value: that is reported, and nothing else.)
    #expect(errors(nested).filter { $0.contains("duplicate") }.isEmpty)
    let inner = MarkedYAML("scenario: One\nvars: { x: { y: 1, 1️⃣y: 2 }, y: 3 }\nsteps: [launch]\n")
    #expect(errors(inner).filter { $0.contains("duplicate") } == [inner.error("1️⃣", "duplicate key 'y'")])
    // A duplicate key no longer hides the file's other problems.
    let more = MarkedYAML(
      "scenario: One\nsteps:\n  - 1️⃣sing_in: { email: a, password: b }\n  - expect: { state: 2️⃣signedin, 3️⃣state: home }\n"
    )
    #expect(
      errors(more) == [
        more.error("1️⃣", "unknown action 'sing_in'; did you mean 'sign_in'?"),
        more.error("2️⃣", "unknown state 'signedin'; did you mean 'signedIn'?"),
        more.error("3️⃣", "duplicate key 'state'"),
      ])
  }

  @Test func reportsUnterminatedVariablesAndVariablesThatAreNotScalars() {
    let yaml = MarkedYAML(
      """
      scenario: Vars
      vars:
        list: 1️⃣[a]
      steps:
        - tap: 2️⃣${list}
        - tap: 3️⃣"${open"
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "'list' must be a string, found a list"),
        yaml.error(
          "3️⃣", "unterminated '${' in '${open'; close it with '}', or write '$${' for a literal '${'"),
      ])
  }

  @Test func reportsTooManySteps() {
    let yaml = MarkedYAML(
      "scenario: Long\nsteps: 1️⃣[" + Array(repeating: "launch", count: 10_001).joined(separator: ", ") + "]\n")
    #expect(errors(yaml) == [yaml.error("1️⃣", "too many steps (10001); a scenario has at most 10000")])
  }

  @Test func reportsTooManyDocuments() {
    let document = "scenario: S\nsteps: [launch]\n"
    let text = Array(repeating: document, count: 1_001).joined(separator: "---\n")
    let result = ScenarioLoader().load(yaml: text, file: "many.yaml")
    #expect(result.scenarios.count == 1_000)
    #expect(
      result.diagnostics.map(\.description) == [
        "many.yaml:3001:1: error: too many YAML documents; a scenario file holds at most 1000"
      ])

    let exactly = Array(repeating: document, count: 1_000).joined(separator: "---\n") + "---\n"
    #expect(ScenarioLoader().load(yaml: exactly, file: "full.yaml").diagnostics == [])

    let empties = ScenarioLoader().load(yaml: String(repeating: "---\n", count: 100_000), file: "empty.yaml")
    #expect(
      empties.diagnostics.map(\.description) == [
        "empty.yaml:1002:1: error: too many YAML documents; a scenario file holds at most 1000"
      ])
  }

  @Test func controlCharactersInNamesTagsAndNotesAreErrors() {
    let message = "cannot hold control characters (line breaks, tabs, NUL, escape), found"
    let yaml = MarkedYAML(
      #"""
      scenario: 1️⃣"Sign up\n::error file=x::pwned"
      description: 2️⃣"two lines\nare fine, but not an \e"
      tags: [ok, 3️⃣"\e[31mred", 4️⃣"tab\there"]
      steps:
        - background:
          note: 5️⃣"next line\N::set-output name=x::y"
      """#)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", #"'scenario' \#(message) \n in 'Sign up\n::error file=x::pwned'"#),
        yaml.error("2️⃣", #"'description' \#(message) \u{1B} in 'two lines\nare fine, but not an \u{1B}'"#),
        yaml.error("3️⃣", #"'tags' \#(message) \u{1B} in '\u{1B}[31mred'"#),
        yaml.error("4️⃣", #"'tags' \#(message) \t in 'tab\there'"#),
        yaml.error("5️⃣", #"'note' \#(message) \u{85} in 'next line\u{85}::set-output name=x::y'"#),
      ])
  }
}

extension ScenarioLoaderErrorTests {
  @Test func claimsAreScalarsWithNamesFirebaseDoesNotReserve() {
    let yaml = MarkedYAML(
      """
      scenario: claims
      steps:
        - sign_in_with_custom_token: { uid: a, claims: { 1️⃣sub: x, nested: 2️⃣{ a: 1 } } }
        - admin: { set_claims: { email: a@example.com, claims: 3️⃣[role] } }
      """)
    #expect(
      errors(yaml) == [
        yaml.error(
          "1️⃣",
          "claim 'sub' is one of the ID token's own fields (Firebase refuses it as a custom claim); "
            + "name it something else"),
        yaml.error("2️⃣", "'nested' must be a string, a whole number or true/false, found a mapping"),
        yaml.error("3️⃣", "'claims' must be a mapping of claims, found a list"),
      ])
  }
}

extension ScenarioLoaderErrorTests {
  /// A misspelt key stands in for the one it is suggested as: the mistakes inside it are told in the same pass.
  @Test func theValueOfAMisspeltKeyIsCheckedAsTheKeyItSuggests() {
    let yaml = MarkedYAML(
      """
      scenario: Broken
      1️⃣stpes:
        - launch
        - 2️⃣sign_inn: { email: a@example.com, password: "Str0ng-pass" }
      given:
        3️⃣acounts: [{ email: b@example.com, 4️⃣email_verifed: true }]
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "unknown key 'stpes' in scenario; did you mean 'steps'?"),
        yaml.error("2️⃣", "unknown action 'sign_inn'; did you mean 'sign_in'?"),
        yaml.error("3️⃣", "unknown key 'acounts' in given; did you mean 'accounts'?"),
        yaml.error("4️⃣", "unknown key 'email_verifed' in account; did you mean 'email_verified'?"),
      ])
  }
}

extension ScenarioLoaderErrorTests {
  /// Mistakes a newcomer makes, each told with what to write instead, and each one told at once.
  @Test func commonSlipsAreToldWithTheirFix() {
    let yaml = MarkedYAML(
      """
      scenario: slips
      steps:
        - sign_in: 1️⃣b@example.com
        - sign_out:
            2️⃣expect: { state: signedOut }
        - wait: 3️⃣4000d
        - wait: 3660d
        - wait: 🔟99999999999999s
        - sign_in_with: { provider: 4️⃣google, outcome: 5️⃣failed }
        - link_provider: 7️⃣password
        - 8️⃣wait 5m
        - 9️⃣logout
      6️⃣expect: { state: signedOut }
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "'sign_in' must be a mapping with 'email' and 'password', found 'b@example.com'"),
        yaml.error(
          "2️⃣",
          "'expect' belongs to the step, not to the arguments of 'sign_out': indent it as far as 'sign_out'"),
        yaml.error(
          "3️⃣", "duration '4000d' for 'wait' is longer than the longest allowed, 3660d (about 10 years)"),
        yaml.error(
          "🔟",
          "duration '99999999999999s' for 'wait' is longer than the longest allowed, 3660d (about 10 years)"),
        yaml.error("4️⃣", "unknown identity provider 'google'; did you mean 'google.com'?"),
        yaml.error("5️⃣", "unknown outcome 'failed'; did you mean 'error'?"),
        yaml.error(
          "7️⃣",
          "linking 'password' needs its credential: write "
            + "'link_provider: { provider: password, email: …, password: … }'"),
        yaml.error("8️⃣", "unknown action 'wait 5m': an action's arguments follow a colon, as in 'wait: …'"),
        yaml.error("9️⃣", "unknown action 'logout'; did you mean 'sign_out'?"),
        yaml.error(
          "6️⃣",
          "'expect' belongs to a step, not to the scenario: write it in an item of 'steps', indented as far as "
            + "the step's action"),
      ])
  }
}

extension ScenarioLoaderErrorTests {
  /// The Admin SDK refuses custom claims over 1,000 bytes of JSON before sending them; a token's own claims
  /// (a custom token's) and an expectation's are not an account's, and are not limited.
  @Test func anAccountsClaimsTakeAtMostAThousandBytesOfJSON() {
    // `{"big":"…"}` is ten bytes around the value.
    let fits = String(repeating: "x", count: 990)
    let over = String(repeating: "x", count: 991)
    let yaml = MarkedYAML(
      """
      scenario: claims
      given:
        accounts:
          - { email: a@example.com, password: Str0ng-pass, claims: { big: \(fits) } }
          - { email: b@example.com, password: Str0ng-pass, claims: 1️⃣{ big: \(over) } }
      steps:
        - admin: { set_claims: { email: a@example.com, claims: { big: \(fits) } } }
        - admin: { set_claims: { email: a@example.com, claims: 2️⃣{ big: \(over) } } }
        - sign_in_with_custom_token: { uid: a, claims: { big: \(over) } }
          expect: { user: { claims: { big: \(over) } } }
      """)
    let message = "these claims take 1001 bytes as JSON; Firebase refuses more than 1000 (claims-too-large)"
    #expect(errors(yaml) == [yaml.error("1️⃣", message), yaml.error("2️⃣", message)])
  }
}

extension ScenarioLoaderErrorTests {
  @Test func anAccountExpectationNamesItsAccountOneWay() {
    let yaml = MarkedYAML(
      """
      scenario: accounts
      devices: [phone]
      given:
        accounts: [{ id: guest, anonymous: true }]
      steps:
        - expect: { account: 1️⃣{ id: guest, device: phone } }
        - expect: { account: 2️⃣{ exists: false } }
        - expect: { account: { device: 3️⃣tablet } }
        - expect: { account: { id: 4️⃣gust } }
        - expect: { account: { email: a@example.com, device: phone, anonymous: false } }
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "'device' and 'id' cannot be used together"),
        yaml.error("2️⃣", "missing required key: one of 'email' or 'device' or 'id'"),
        yaml.error(
          "3️⃣",
          "unknown device 'tablet'; this scenario's devices are 'phone' (declare every device under 'devices:')"
        ),
        yaml.error("4️⃣", "unknown account id 'gust'; did you mean 'guest'?"),
      ])
  }

  @Test func aSendLimitAndAnIDTokenNeedSomeTime() {
    let yaml = MarkedYAML(
      """
      scenario: no window
      backend:
        sms_send_limit: { count: 1, per: 1️⃣0m }
        oob_send_limit: { count: 2, per: 1h }
        id_token_ttl: 2️⃣0s
        recent_login: 0s
      steps:
        - wait: 1s
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "'per' must be a duration longer than 0s, found '0m'"),
        yaml.error("2️⃣", "'id_token_ttl' must be a duration longer than 0s, found '0s'"),
      ])
  }

  @Test func twoGivenAccountsCannotShareAPhoneNumber() {
    let yaml = MarkedYAML(
      """
      scenario: one number
      given:
        accounts:
          - { email: a@example.com, phone_number: "+15555550100" }
          - { email: b@example.com, phone_number: 1️⃣"+15555550100" }
      steps:
        - wait: 1s
      """)
    #expect(errors(yaml) == [yaml.error("1️⃣", "duplicate account phone number '+15555550100' in 'accounts'")])
  }

  @Test func givenAccountsWithoutAnEmailAreNamedByID() {
    let yaml = MarkedYAML(
      """
      scenario: ids
      devices: [phone, laptop]
      given:
        accounts:
          - { id: guest, anonymous: true, email: 1️⃣g@example.com }
          - { id: 2️⃣guest }
          - { id: 3️⃣a@b.example }
          - 4️⃣{ anonymous: true }
          - { id: off, disabled: true }
        signed_in:
          phone: 5️⃣gueest
          laptop: 6️⃣off
      steps:
        - admin: { disable: { id: 7️⃣nobody } }
        - admin: { set_claims: 8️⃣{ email: g@example.com, id: guest, claims: {} } }
        - admin: { update_email: { id: guest, new_email: 9️⃣not-an-email } }
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "'anonymous' and 'email' cannot be used together"),
        yaml.error("2️⃣", "duplicate account id 'guest' in 'accounts'"),
        yaml.error(
          "3️⃣", "'id' must be a name without '@' (an email names an account by itself), found 'a@b.example'"),
        yaml.error("4️⃣", "missing required key: one of 'email' or 'id'"),
        yaml.error("5️⃣", "unknown account id 'gueest'; did you mean 'guest'?"),
        yaml.error("6️⃣", "'laptop' cannot start signed in as 'off': the account is disabled"),
        yaml.error("7️⃣", "unknown account id 'nobody'; expected one of 'guest', 'off'"),
        yaml.error("8️⃣", "'email' and 'id' cannot be used together"),
        yaml.error(
          "9️⃣", "'new_email' must be an email address such as alice@example.com, found 'not-an-email'"),
      ])
  }
}

extension ScenarioLoaderErrorTests {
  @Test func phoneNumbersAndCodesAreCheckedWhereTheScenarioGivesThem() {
    let yaml = MarkedYAML(
      """
      scenario: phones
      backend:
        test_phone_numbers: { 1️⃣"555-0199": "424242", "+15555550198": 2️⃣"42" }
      given:
        accounts: [{ email: a@example.com, phone_number: 3️⃣"0100" }]
      steps:
        - sign_in_with_phone: 4️⃣""
        - enter_code: { code: "123456", 5️⃣cod: "1" }
        - link_provider: 6️⃣{ provider: phone }
        - admin: { set_phone: { email: a@example.com, number: 7️⃣"" } }
        - expect: { sms: 8️⃣{ count: 1 } }
      """)
    #expect(
      errors(yaml) == [
        yaml.error(
          "1️⃣", "'test_phone_numbers' must be E.164 phone numbers such as +15555550100, found '555-0199'"),
        yaml.error("2️⃣", "'+15555550198' must be a six-digit code, found '42'"),
        yaml.error("3️⃣", "'phone_number' must be an E.164 phone number such as +15555550100, found '0100'"),
        yaml.error("4️⃣", "'sign_in_with_phone' must not be empty"),
        yaml.error("5️⃣", "unknown key 'cod' in enter_code; did you mean 'code'?"),
        yaml.error("6️⃣", "missing required key 'number'"),
        yaml.error("7️⃣", "'number' must not be empty"),
        yaml.error("8️⃣", "missing required key 'to'"),
      ])
  }
}

extension ScenarioLoaderErrorTests {
  @Test func secondFactorsAreCheckedWhereTheScenarioGivesThem() {
    let yaml = MarkedYAML(
      """
      scenario: factors
      backend:
        mfa: { enabled: true, factors: [totp, 1️⃣sms] }
      given:
        accounts:
          - email: a@example.com
            mfa: [2️⃣{ factor: phone }, { factor: totp, 3️⃣number: "+15555550100" }]
      steps:
        - enroll_mfa: { factor: 4️⃣totpp }
        - unenroll_mfa: 5️⃣email
        - admin: { unenroll_mfa: 6️⃣{ email: a@example.com } }
        - expect: { user: { mfa: [totp, 7️⃣totp] } }
      """)
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "unknown second factor 'sms'; expected one of 'phone', 'totp'"),
        yaml.error("2️⃣", "missing required key 'number'"),
        yaml.error("3️⃣", "unknown key 'number' in a totp factor"),
        yaml.error("4️⃣", "unknown second factor 'totpp'; did you mean 'totp'?"),
        yaml.error("5️⃣", "unknown second factor 'email'; expected one of 'phone', 'totp'"),
        yaml.error("6️⃣", "missing required key 'factor'"),
        yaml.error("7️⃣", "duplicate second factor 'totp' in 'mfa'"),
      ])
  }

  /// An account production cannot have: second factors without a verified email (a user trial wrote one that
  /// `serve`'s import refused).
  @Test func secondFactorsNeedAVerifiedEmail() {
    let yaml = MarkedYAML(
      """
      scenario: factors
      given:
        accounts:
          - { email: a@example.com, mfa: 1️⃣[{ factor: totp }] }
          - { id: b, phone_number: "+15555550100", mfa: 2️⃣[{ factor: totp }] }
          - { email: c@example.com, email_verified: true, mfa: [{ factor: totp }] }
      steps:
        - launch
      """)
    let message =
      "an account with 'mfa' needs an 'email' and 'email_verified: true': production enrolls second factors only "
      + "for a verified email, and the Admin SDK imports none without one"
    #expect(errors(yaml) == [yaml.error("1️⃣", message), yaml.error("2️⃣", message)])
  }

  /// Values that would otherwise be dropped or changed without a word: a claim that is a fraction, null or
  /// past 64 bits (it became a string), a guest with a phone number or second factors (it lost them), a new
  /// password on a link that is no reset (ignored).
  @Test func valuesThatWouldBeDroppedOrChangedAreRefused() {
    let yaml = MarkedYAML(
      """
      scenario: dropped in silence
      given:
        accounts:
          - { id: guest, anonymous: true, phone_number: 1️⃣"+15555550100" }
          - { id: ghost, anonymous: true, mfa: 2️⃣[{ factor: totp }] }
          - { id: x, claims: { f: 3️⃣2.5, z: 4️⃣null, n: 5️⃣99999999999999999999999, e: 6️⃣1e3, ok: "2.5", v: v1.2 } }
      steps:
        - follow_link: { mail: verify_email, to: a@example.com, 7️⃣new_password: "N3w-pass!" }
        - follow_link: { mail: password_reset, to: a@example.com, new_password: "N3w-pass!" }
      """)
    let fraction = "a string, a whole number or true/false (quote a fraction to keep it text)"
    #expect(
      errors(yaml) == [
        yaml.error("1️⃣", "'anonymous' and 'phone_number' cannot be used together"),
        yaml.error("2️⃣", "'anonymous' and 'mfa' cannot be used together"),
        yaml.error("3️⃣", "'f' must be \(fraction), found '2.5'"),
        yaml.error("4️⃣", "'z' must be a string, a whole number or true/false, found null"),
        yaml.error("5️⃣", "'n' is too large, found '99999999999999999999999'"),
        yaml.error("6️⃣", "'e' must be \(fraction), found '1e3'"),
        yaml.error(
          "7️⃣",
          "'new_password' only goes with 'mail: password_reset', found mail 'verify_email'; it would be ignored"
        ),
      ])
  }
}

extension ScenarioLoaderErrorTests {
  /// A YAML 1.1 merge key is not read as the keys it would merge: it is named for what it is, so a user who
  /// shared arguments through an anchor knows to write them out.
  @Test func aMergeKeyIsNamedAsSuch() {
    let yaml = MarkedYAML(
      """
      scenario: merge
      steps:
        - sign_in: &bob
            email: bob@example.com
            password: "Str0ng-pass"
        - reauthenticate:
            1️⃣<<: *bob
            provider: password
        - 2️⃣<<: { launch: null }
      """)
    let found = errors(yaml)
    #expect(
      found.contains(
        yaml.error("1️⃣", "'<<' (a YAML merge key) is not supported in reauthenticate: write the keys out")))
    #expect(
      found.contains(
        yaml.error("2️⃣", "'<<' (a YAML merge key) is not supported in a step: write the keys out")),
      "\(found)")
  }
}

extension ScenarioLoaderErrorTests {
  /// An action's arguments, or `expect`'s keys, written in line with it rather than under it: one message
  /// with the column to indent them to, not "unknown action 'email'; did you mean 'change_email'?".
  @Test func argumentsInLineWithTheirActionAreToldWhereTheyGo() {
    let yaml = MarkedYAML(
      """
      scenario: lined up
      steps:
        - sign_up:
          1️⃣email: a@example.com
          password: "Str0ng-pass"
        - expect:
          2️⃣state: signedIn
        - sign_out:
          expect:
          3️⃣screen: signIn
        - sign_in:
          4️⃣email: a@example.com
          pasword: "Str0ng-pass"
        - sign_out:
          5️⃣background:
      """)
    #expect(
      errors(yaml) == [
        yaml.error(
          "1️⃣", "'email' and 'password' line up with 'sign_up:' but belong to it: indent them to column 7"),
        yaml.error("2️⃣", "'state' lines up with 'expect:' but belongs to it: indent it to column 7"),
        yaml.error("3️⃣", "'screen' lines up with 'expect:' but belongs to it: indent it to column 7"),
        yaml.error(
          "4️⃣", "'email' and 'pasword' line up with 'sign_in:' but belong to it: indent them to column 7"),
        // Two actions are two actions, not arguments.
        yaml.error("5️⃣", "step has two actions, 'sign_out' and 'background'; write one action per step"),
      ])
  }
}
