import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Valid scenarios, read into the model.
@Suite struct ScenarioLoaderTests {
  static let everything = MarkedYAML(
    """
    1️⃣version: 1
    scenario: Everything at once
    description: Every key the language has.
    tags: [sign-up, "verification"]
    reproduces: https://github.com/acme/app/issues/123
    machine: 2️⃣authkit
    seed: 7
    vars:
      email: Carol@Example.com
      pw: Str0ng!pass
      minutes: 10
      count: 3
    backend:
      email_enumeration_protection: false
      one_account_per_email: true
      recent_login: 10m
      password_min_length: 8
      verify_email_code_ttl: 1d
      password_reset_code_ttl: 30m
      id_token_ttl: 2h
      oob_send_limit: {count: 3, per: 1h30m}
      trusted_providers: [apple.com, google.com@GMail.com]
    devices: [phone, laptop]
    given:
      now: 2026-03-01T09:00:00Z
      accounts:
        - email: Alice@Example.com
          password: correct-horse
          email_verified: true
          display_name: Alice
          providers: [google.com]
          disabled: false
        - email: dave@example.com
          disabled: true
          display_name: null
      identity_providers:
        google.com:
          - { email: bob@gmail.com, name: Bob }
        twitter.com:
          - { email: carol@example.com, name: null, email_verified: false }
      signed_in:
        laptop: ALICE@example.com
    steps:
      - 3️⃣sign_up: { email: "${email}", password: "${pw}", display_name: Carol }
        expect: { 4️⃣state: signedInUnverified, 5️⃣screen: verifyEmail }
      - sign_in: { email: alice@example.com, password: correct-horse }
        device: laptop
        note: laptop signs in again
      - sign_in_with: google.com
      - sign_in_with: { provider: twitter.com, account: Carol@example.com, outcome: cancel }
      - sign_in_with: { provider: google.com, outcome: error }
      - sign_in_with: { provider: google.com, outcome: error, error: auth/user-disabled }
      - launch
      - terminate:
        device: phone
      - 6️⃣background
      - foreground
      - sign_out
      - forgot_password
      - forgot_password: alice@example.com
      - forgot_password: { email: ALICE@example.com }
      - resend_verification
      - refresh
      - delete_account
      - reauthenticate: { password: correct-horse }
      - reauthenticate: { provider: google.com, account: alice@example.com }
      - cancel
      - link_provider: twitter.com
      - link_provider: { provider: github.com, outcome: cancel }
      - change_password: n3w-pass
      - change_password: { new_password: "${pw}" }
      - tap: go
      - type: { username: carol, password: typed-secret }
      - follow_link: { mail: verify_email, to: "${email}" }
      - follow_link: { mail: password_reset, to: alice@example.com, new_password: reset-pass }
      - wait: ${minutes}m
      - admin: { disable: dave@example.com }
      - admin: { enable: dave@example.com }
      - admin: { delete: dave@example.com }
      - admin: { revoke_sessions: alice@example.com }
      - admin: { verify_email: alice@example.com }
      - admin: { set_password: { email: alice@example.com, password: admin-pass } }
      - network: { online: false }
        device: laptop
      - fail_next: { operation: signInWithPassword, error: too-many-requests }
      - 7️⃣expect:
          state: signedIn
          screen: home
          error: none
          link_error: auth/expired-action-code
          ui: { greeting: Carol, 8️⃣resend_seconds_left: 60, go_enabled: false, quoted: "60" }
          user: { email: carol@example.com, email_verified: false, display_name: null, providers: [password] }
          account:
            email: alice@example.com
            exists: true
            email_verified: true
            providers: [password, google.com]
            disabled: false
            display_name: Alice
          mail:
              to: carol@example.com
              kind: verify_email
              count: ${count}
          signed_in_devices: [phone, laptop]
      - expect: { user: none, error: app/weak-nickname, account: { email: gone@example.com, exists: false } }
      - expect: { mail: { to: x@example.com, kind: password_reset }, user: {}, signed_in_devices: [] }
        device: laptop
    """)

  /// SPEC §11: `${var}` in every string, `scenario:` and `backend:` included; a value that is wholly one
  /// `${var}` takes the variable's type, quoted or not (YAML needs the quotes in a flow mapping).
  /// A file read for its world (`--given`) needs no `scenario:` or `steps:`, and its steps are not read, so a
  /// half-written bug report still gives its world; a mistake in the world itself is still reported.
  @Test func aWorldFileNeedsNoStepsAndItsStepsAreNotRead() throws {
    var loader = ScenarioLoader(machineNames: MachineRegistry.builtIn.names)
    loader.readsWorldOnly = true
    let given = """
      backend: { recent_login: 10m }
      devices: [phone, laptop]
      given:
        accounts: [{ email: ada@example.com, password: "Str0ng-pass", email_verified: true }]
      """
    let world = try #require(loader.load(yaml: given, file: "world.yaml").scenarios.first)
    #expect(world.name == "world.yaml")
    #expect(world.steps.isEmpty)
    #expect(world.devices == ["phone", "laptop"])
    #expect(world.given.accounts.map(\.email) == ["ada@example.com"])
    #expect(world.backend.recentLogin == .minutes(10))
    let halfWritten = "scenario: Report 12\n" + given + "\nsteps:\n  - sign_inn: { email: ada@example.com }\n"
    let loaded = loader.load(yaml: halfWritten, file: "report.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    #expect(loaded.scenarios.first?.name == "Report 12")
    #expect(!ScenarioLoader().load(yaml: halfWritten, file: "report.yaml").diagnostics.isEmpty)
    let wrongWorld = loader.load(yaml: "given:\n  acounts: []\n", file: "typo.yaml")
    #expect(wrongWorld.diagnostics.map(\.message).contains { $0.contains("unknown key 'acounts'") })
  }

  @Test func variablesWorkEverywhereAndKeepTheirType() throws {
    let result = ScenarioLoader().load(
      yaml: """
        scenario: "Sign in as ${email}"
        tags: ["${tag}"]
        vars: { email: ana@example.com, on: false, ttl: 2h, n: 3, tag: smoke }
        backend: { password_reset_code_ttl: "${ttl}", oob_send_limit: { count: "${n}", per: 1h } }
        steps:
          - network: { online: "${on}" }
          - network:
              online: ${on}
        """, file: "vars.yaml")
    #expect(result.diagnostics.map(\.description) == [])
    let scenario = try #require(result.scenarios.first)
    #expect(scenario.name == "Sign in as ana@example.com")
    #expect(scenario.tags == ["smoke"])
    #expect(scenario.backend.passwordResetCodeTTL == VirtualDuration(parsing: "2h"))
    #expect(scenario.backend.oobSendLimit.count == 3)
    #expect(scenario.steps.map(\.action) == [.network(online: false), .network(online: false)])
    // A quoted value that is more than one variable is text, and text is not a boolean.
    let mixed = ScenarioLoader().load(
      yaml: "scenario: x\nvars: { on: false }\nsteps:\n  - network: { online: \"${on}${on}\" }\n",
      file: "mixed.yaml")
    #expect(
      mixed.diagnostics.map(\.description).first?.contains("expected true or false for 'online'") == true)
  }

  @Test func loadsEveryKeyIntoTheModel() throws {
    let yaml = Self.everything
    let result = yaml.load(with: ScenarioLoader(machineNames: ["authkit", "paper"]))
    #expect(result.diagnostics.map(\.description) == [])
    let scenario = try #require(result.scenarios.first)
    #expect(result.scenarios.count == 1)

    #expect(scenario.name == "Everything at once")
    #expect(scenario.file == "test.yaml")
    #expect(scenario.location == yaml.location("1️⃣"))
    #expect(scenario.description == "Every key the language has.")
    #expect(scenario.tags == ["sign-up", "verification"])
    #expect(scenario.reproduces == "https://github.com/acme/app/issues/123")
    #expect(scenario.machine == Located("authkit", at: yaml.location("2️⃣")))
    #expect(scenario.seed == 7)
    #expect(scenario.devices == ["phone", "laptop"])

    var backend = BackendSettings()
    backend.emailEnumerationProtection = false
    backend.oneAccountPerEmail = true
    backend.recentLogin = .minutes(10)
    backend.passwordMinLength = 8
    backend.verifyEmailCodeTTL = .days(1)
    backend.passwordResetCodeTTL = .minutes(30)
    backend.idTokenTTL = .hours(2)
    backend.oobSendLimit = .init(count: 3, per: .minutes(90))
    backend.trustedProviders = [.init(provider: .apple), .init(provider: .google, domain: "gmail.com")]
    #expect(scenario.backend == backend)

    let given = Given(
      now: try #require(VirtualTime(parsing: "2026-03-01T09:00:00Z")),
      accounts: [
        AccountSeed(
          email: "alice@example.com", password: "correct-horse", emailVerified: true, displayName: "Alice",
          providers: [.google]),
        AccountSeed(email: "dave@example.com", disabled: true),
      ],
      identityProviders: [
        .google: [IdentityProviderAccountSeed(email: "bob@gmail.com", name: "Bob")],
        .twitter: [IdentityProviderAccountSeed(email: "carol@example.com", name: nil, emailVerified: false)],
      ],
      signedIn: [(device: "laptop", account: "alice@example.com")])
    #expect(scenario.given == given)

    #expect(
      scenario.passwords == [
        "correct-horse", "Str0ng!pass", "n3w-pass", "typed-secret", "reset-pass", "admin-pass",
      ])
  }

  @Test func readsEveryActionForm() throws {
    let scenario = try #require(Self.everything.load().scenarios.first)
    let actions: [Action?] = [
      .signUp(email: "Carol@Example.com", password: "Str0ng!pass", displayName: "Carol"),
      .signIn(email: "alice@example.com", password: "correct-horse"),
      .signInWith(ProviderSheet(provider: .google)),
      .signInWith(ProviderSheet(provider: .twitter, account: "carol@example.com", outcome: .cancel)),
      .signInWith(ProviderSheet(provider: .google, outcome: .error(.invalidCredential))),
      .signInWith(ProviderSheet(provider: .google, outcome: .error(.userDisabled))),
      .launch, .terminate, .background, .foreground, .signOut,
      .forgotPassword(email: nil),
      .forgotPassword(email: "alice@example.com"),
      .forgotPassword(email: "ALICE@example.com"),
      .resendVerification, .refresh, .deleteAccount,
      .reauthenticate(.password("correct-horse")),
      .reauthenticate(.provider(ProviderSheet(provider: .google, account: "alice@example.com"))),
      .cancel,
      .linkProvider(ProviderSheet(provider: .twitter)),
      .linkProvider(ProviderSheet(provider: .github, outcome: .cancel)),
      .changePassword(newPassword: "n3w-pass"),
      .changePassword(newPassword: "Str0ng!pass"),
      .tap("go"),
      .type([
        TypedField(name: "username", value: "carol"), TypedField(name: "password", value: "typed-secret"),
      ]),
      .followLink(mail: .verifyEmail, to: "Carol@Example.com", newPassword: nil),
      .followLink(mail: .passwordReset, to: "alice@example.com", newPassword: "reset-pass"),
      .wait(.minutes(10)),
      .admin(.disable(account: "dave@example.com")),
      .admin(.enable(account: "dave@example.com")),
      .admin(.delete(account: "dave@example.com")),
      .admin(.revokeSessions(account: "alice@example.com")),
      .admin(.verifyEmail(account: "alice@example.com")),
      .admin(.setPassword(account: "alice@example.com", password: "admin-pass")),
      .network(online: false),
      .failNext(operation: .signInWithPassword, error: .tooManyRequests),
      nil, nil, nil,
    ]
    #expect(scenario.steps.map(\.action) == actions)
    #expect(scenario.steps.map(\.number) == Array(1...actions.count))
    var devices = [String?](repeating: nil, count: actions.count)
    (devices[1], devices[7], devices[35], devices[39]) = ("laptop", "phone", "laptop", "laptop")
    #expect(scenario.steps.map(\.device) == devices)
    #expect(
      scenario.steps.map(\.note) == [nil, "laptop signs in again"] + [String?](repeating: nil, count: 38))
  }

  @Test func placesStepsActionsAndExpectations() throws {
    let yaml = Self.everything
    let scenario = try #require(yaml.load().scenarios.first)
    let first = scenario.steps[0]
    #expect(first.location == yaml.location("3️⃣"))
    #expect(first.actionLocation == yaml.location("3️⃣"))
    #expect(first.expectations.map(\.location) == [yaml.location("4️⃣"), yaml.location("5️⃣")])
    let background = try #require(scenario.steps.first { $0.action == .background })
    #expect(background.location == yaml.location("6️⃣"))
    #expect(background.actionLocation == yaml.location("6️⃣"))
    let expectStep = scenario.steps[37]
    #expect(expectStep.actionLocation == yaml.location("7️⃣"))
    #expect(
      expectStep.expectations.first { $0.key == "ui.resend_seconds_left" }?.location == yaml.location("8️⃣"))
  }

  @Test func readsEveryExpectation() throws {
    let scenario = try #require(Self.everything.load().scenarios.first)
    let checks = scenario.steps.map { $0.expectations.map(\.check) }
    #expect(checks[0] == [.state(.signedInUnverified), .screen("verifyEmail")])
    #expect(
      checks[37] == [
        .state(.signedIn), .screen("home"), .error(nil), .linkError(.expiredActionCode),
        .ui(name: "greeting", value: "Carol"), .ui(name: "resend_seconds_left", value: "60"),
        .ui(name: "go_enabled", value: "false"), .ui(name: "quoted", value: "60"),
        .user(
          UserExpectation(
            email: "carol@example.com", emailVerified: false, displayName: .some(nil), providers: [.password])
        ),
        .account(
          AccountExpectation(
            email: "alice@example.com", exists: true, emailVerified: true, providers: [.password, .google],
            disabled: false, displayName: "Alice")),
        .mail(MailExpectation(to: "carol@example.com", kind: .verifyEmail, count: 3)),
        .signedInDevices(["phone", "laptop"]),
      ])
    #expect(
      checks[38] == [
        .user(nil), .error(AuthErrorCode(rawValue: "app/weak-nickname")),
        .account(AccountExpectation(email: "gone@example.com", exists: false)),
      ])
    #expect(
      checks[39] == [
        .mail(MailExpectation(to: "x@example.com", kind: .passwordReset)), .user(UserExpectation()),
        .signedInDevices([]),
      ])
  }

  @Test func appliesDefaults() throws {
    let result = MarkedYAML(
      """
      scenario: Minimal
      steps: [launch]
      """
    ).load()
    let scenario = try #require(result.scenarios.first)
    #expect(
      scenario
        == Scenario(
          name: "Minimal", file: "test.yaml", location: .init(file: "test.yaml", line: 1, column: 1),
          steps: [
            Step(
              number: 1, location: .init(file: "test.yaml", line: 2, column: 9), action: .launch,
              actionLocation: .init(file: "test.yaml", line: 2, column: 9))
          ]))
    #expect(scenario.devices == ["phone"])
    #expect(scenario.given == Given())
    #expect(scenario.backend == BackendSettings())
  }

  @Test func substitutesVariablesBeforeInterpretingValues() throws {
    let result = MarkedYAML(
      """
      scenario: Variables
      vars: { wait: 1h30m, online: "true", who: bob, price: "9$" }
      steps:
        - wait: ${wait}
        - network:
            online: ${online}
        - tap: "$${who} is ${who}, costs ${price}, $$ stays, ${price}${who}"
      """
    ).load()
    #expect(result.diagnostics == [])
    let actions = result.scenarios.first?.steps.map(\.action)
    #expect(
      actions == [
        .wait(.minutes(90)), .network(online: true), .tap("${who} is bob, costs 9$, $$ stays, 9$bob"),
      ])
  }

  /// An undefined `${name}` is an error outside `given` and `steps` too (SPEC §8): a typo in a name, a
  /// description or a tag would otherwise reach every report, and `--tag`, unseen. `$${` stays literal there.
  @Test func reportsUndefinedNamesWhereverTheyAreWritten() throws {
    let yaml = MarkedYAML(
      """
      scenario: 1️⃣${not_a_var}
      description: 2️⃣"Reported by ${reportr}, costs $${price}"
      vars: { reporter: ada }
      tags: [3️⃣"${typo}"]
      steps: [launch]
      """)
    let result = yaml.load()
    #expect(
      result.diagnostics == [
        yaml.problem("1️⃣", .undefinedVariable(name: "not_a_var", suggestion: nil)),
        yaml.problem("2️⃣", .undefinedVariable(name: "reportr", suggestion: "reporter")),
        yaml.problem("3️⃣", .undefinedVariable(name: "typo", suggestion: nil)),
      ])
    let literal = MarkedYAML(
      """
      scenario: "Costs $${price}"
      steps: [launch]
      """
    ).load()
    #expect(literal.scenarios.first?.name == "Costs ${price}")
  }

  @Test func loadsEveryDocumentInOrderAndSkipsEmptyOnes() {
    let result = MarkedYAML(
      """
      scenario: First
      steps: [launch]
      ---
      scenario: Second
      steps: [background]
      ---
      # only a comment
      ---
      scenario: Third
      steps: [foreground]
      ---
      """
    ).load()
    #expect(result.diagnostics == [])
    #expect(result.scenarios.map(\.name) == ["First", "Second", "Third"])
    #expect(result.scenarios.map(\.location.line) == [1, 4, 9])
  }

  @Test func acceptsAnyMachineWhenNoNamesAreGiven() {
    let result = MarkedYAML("scenario: M\nmachine: my-own-app\nsteps: [launch]").load()
    #expect(result.scenarios.first?.machine?.value == .registered("my-own-app"))
  }
}
