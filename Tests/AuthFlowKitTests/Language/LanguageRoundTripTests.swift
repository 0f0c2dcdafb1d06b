import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Every key the language declares survives load → model → written YAML (``ScenarioWriter``) → load.
@Suite struct LanguageRoundTripTests {
  /// A scenario that writes every key of ``ScenarioLanguage`` at least once, each knob and flag away from its
  /// default so that a key the loader dropped would show in the model.
  static let everyKey = """
    version: 1
    scenario: "Every key, $${not_a_var}"
    description: All of the language at once, a literal $${x} too.
    tags: [round-trip, every-key, "$${tag}"]
    reproduces: "https://example.com/issues/1?q=$${y}"
    machine: authkit
    seed: 7
    strict: true
    vars:
      who: ana@example.com
    backend:
      email_enumeration_protection: false
      one_account_per_email: false
      recent_login: 10m
      password_min_length: 8
      verify_email_code_ttl: 2d
      password_reset_code_ttl: 30m
      sign_in_link_ttl: 2h
      mail_scanner: true
      sign_in_methods: [password, email_link, google.com]
      id_token_ttl: 2h
      oob_send_limit: { count: 3, per: 2h }
      password_attempt_limit: { count: 4, per: 15m }
      mfa: { enabled: false, factors: [totp] }
      sms_code_ttl: 2m
      sms_send_limit: { count: 2, per: 1d }
      test_phone_numbers: { "+15555550199": "424242", "+15555550198": "000001" }
      trusted_providers: [apple.com, github.com@example.com]
    given:
      now: 2026-03-01T09:00:00Z
      accounts:
        - email: "${who}"
          password: correct-horse
          email_verified: true
          display_name: Ana
          providers: [google.com]
          disabled: false
          photo_url: "https://example.com/ana.png"
          claims: { role: admin, seats: 5 }
        - { email: ben@example.com, password: ben-pass, disabled: true }
        - { id: guest, anonymous: true }
        - { email: pam@example.com, email_verified: true, phone_number: "+15555550123", mfa: [{ factor: totp }, { factor: phone, number: "+15555550126" }] }
      identity_providers:
        twitter.com:
          - { email: cleo@example.com, name: Cleo, email_verified: true }
      signed_in:
        laptop: ana@example.com
        phone: guest
    devices: [phone, laptop]
    steps:
      - launch
      - terminate:
        device: laptop
        note: the OS kills it
      - background
      - foreground
      - sign_up: { email: dan@example.com, password: "Str0ng-pass", display_name: Dan }
      - sign_in: { email: "${who}", password: correct-horse }
      - sign_in_with: { provider: twitter.com, account: cleo@example.com, outcome: error, error: user-disabled }
      - sign_out
      - forgot_password: { email: ana@example.com }
      - resend_verification
      - refresh
      - delete_account
      - reauthenticate: { password: correct-horse }
      - reauthenticate: { provider: google.com, outcome: cancel }
      - cancel
      - link_provider: { provider: google.com, outcome: cancel }
      - link_provider: { provider: password, email: gus@example.com, password: "Str0ng-pass" }
      - sign_in_anonymously
      - unlink_provider: github.com
      - update_profile: { display_name: null, photo_url: "https://example.com/ana.png" }
      - change_password: { new_password: "N3w-pass!" }
      - change_email: { email: ann.new@example.com }
      - change_email: ann.newer@example.com
      - tap: go
      - type: { username: ana, password: secret-pin }
      - follow_link: { mail: password_reset, to: ana@example.com, new_password: "R3set-pass" }
      - follow_link: { mail: verify_email, to: ana@example.com, which: oldest }
      - follow_link: { mail: password_reset, to: ana@example.com, which: 3 }
      - send_sign_in_link: ana@example.com
      - send_sign_in_link: { email: ana@example.com }
      - follow_link: { mail: sign_in_link, to: ana@example.com, device: laptop }
      - wait: 1h30m
      - admin: { disable: ben@example.com }
      - admin: { enable: ben@example.com }
      - admin: { revoke_sessions: ana@example.com }
      - admin: { verify_email: dan@example.com }
      - admin: { set_password: { email: ana@example.com, password: "Adm1n-pass" } }
      - admin: { set_claims: { email: ana@example.com, claims: { role: editor, level: 3, beta: true, tier: "true" } } }
      - admin: { update_email: { email: ana@example.com, new_email: ana@work.example } }
      - admin: { set_claims: { id: guest, claims: { role: tester } } }
      - admin: { revoke_sessions: { id: guest } }
        expect: { account: { id: guest, anonymous: true, email: ana@work.example } }
      - admin: { set_phone: { id: guest, number: "+15555550124" } }
      - admin: { set_phone: { email: pam@example.com, number: null } }
      - sign_in_with_phone: "+15555550124"
      - enter_code
      - sign_in_with_phone: { number: "+15555550124" }
      - enter_code
      - link_provider: { provider: phone, number: "+15555550125" }
      - enter_code: { code: "999999" }
        expect: { sms: { to: "+15555550125", count: 1 }, user: { phone_number: "+15555550125" }, account: { id: guest, phone_number: null } }
      - enroll_mfa: { factor: phone, number: "+15555550127" }
      - enroll_mfa: { factor: totp }
      - unenroll_mfa: totp
      - admin: { unenroll_mfa: { id: guest, factor: phone } }
        expect: { user: { mfa: [phone, totp] }, account: { email: pam@example.com, mfa: [] } }
      - sign_in_with_custom_token: { uid: server-1 }
        expect: { account: { device: laptop, exists: true, providers: [] } }
      - sign_in_with_custom_token: { uid: server-2, claims: { role: support } }
      - admin: { delete: dan@example.com }
      - network: { online: false, device: laptop }
      - fail_next: { operation: signInWithPassword, error: too-many-requests, device: phone }
      - expect:
          state: signedIn
          screen: home
          error: none
          link_error: expired-action-code
          ui: { greeting: Ana, resend_seconds_left: 0 }
          user: { email: ana@example.com, email_verified: true, display_name: Ana, providers: [password], anonymous: false,
            photo_url: null, claims: { role: editor, level: 3 } }
          account:
            email: ana@example.com
            exists: true
            email_verified: true
            providers: [password, google.com]
            disabled: false
            display_name: Ana
            photo_url: "https://example.com/ana.png"
            claims: { beta: true, tier: "true" }
          mail: { to: ana@example.com, kind: verify_email, count: 2 }
          signed_in_devices: [phone, laptop]
    """

  /// Every key of every mapping the language declares, reached from `scenario`.
  static func declaredKeys() -> Set<String> { ScenarioLanguage.declaredKeys }

  /// What a scenario means, without where it was written.
  struct Meaning: Equatable {
    var name: String, description: String?, tags: [String], reproduces: String?, machine: String?
    var seed: UInt64?, strict: Bool, backend: BackendSettings, given: Given, devices: [String]
    var steps: [StepMeaning]

    init(_ scenario: Scenario) {
      (name, description, tags, reproduces) =
        (scenario.name, scenario.description, scenario.tags, scenario.reproduces)
      (machine, seed, strict) = (scenario.machine?.value.description, scenario.seed, scenario.strict)
      (backend, given, devices) = (scenario.backend, scenario.given, scenario.devices)
      steps = scenario.steps.map(StepMeaning.init)
    }
  }

  struct StepMeaning: Equatable {
    var number: Int, action: Action?, device: String?, note: String?,
      checks: [AuthFlowLanguage.Expectation.Check]

    init(_ step: Step) {
      (number, action, device, note) = (step.number, step.action, step.device, step.note)
      checks = step.expectations.map(\.check)
    }
  }

  /// Keys that expand while loading and leave nothing of their own in the model: `matrix` makes scenarios,
  /// `use` makes steps (FlowAndMatrixTests covers them).
  static let expansionKeys: Set<String> = ["matrix", "machines", "use", "file", "with"]

  @Test func theFixtureWritesEveryDeclaredKey() {
    let missing = Self.declaredKeys().subtracting(Self.expansionKeys).filter {
      !Self.everyKey.contains("\($0):") && !Self.everyKey.contains("- \($0)\n")
    }
    #expect(missing.isEmpty, "keys the language declares that the fixture does not use: \(missing.sorted())")
    let actions = ActionKind.allCases.map(\.rawValue).filter { !Self.everyKey.contains("  - \($0)") }
    #expect(actions.isEmpty, "actions the fixture does not use: \(actions)")
  }

  @Test func everyKeySurvivesLoadWriteLoad() throws {
    let first = ScenarioLoader().load(yaml: Self.everyKey, file: "every-key.yaml")
    #expect(first.diagnostics.isEmpty, "\(first.diagnostics.map(\.description))")
    let scenario = try #require(first.scenarios.first)
    let written = ScenarioWriter.yaml(scenario)
    let second = ScenarioLoader().load(yaml: written, file: "written.yaml")
    #expect(second.diagnostics.isEmpty, "\(second.diagnostics.map(\.description))\n\(written)")
    let again = try #require(second.scenarios.first)
    #expect(Meaning(again) == Meaning(scenario), "\(written)")
    #expect(ScenarioWriter.yaml(again) == written)
  }

  #if DEBUG
    /// A key the language declares for a mapping is asked for by the mapping's reader: one no reader asks for
    /// would be accepted and then dropped without a word. Each mapping a reader reads key by key (every action's
    /// arguments among them) is asked for each of its keys while the fixture loads; debug builds (where the
    /// loader notes what is asked) also check that no reader asks a mapping for a key it does not declare
    /// (`Fields`).
    @Test func everyDeclaredKeyOfAMappingIsAskedForByItsReader() throws {
      var loader = ScenarioLoader()
      let reads = KeyReads()
      loader.keyReads = reads
      let loaded = loader.load(yaml: Self.everyKey, file: "every-key.yaml")
      #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.description))")
      var shapes: [String: MappingShape] = [:]
      func walk(_ shape: ValueShape) {
        switch shape {
        case .mapping(let mapping):
          guard shapes.updateValue(mapping, forKey: mapping.name) == nil else { return }
          for field in mapping.fields { walk(field.shape) }
        case .list(let item, _, _): walk(item)
        case .dictionary(let value, _, _): walk(value)
        case .either(let alternatives): alternatives.forEach(walk)
        default: break
        }
      }
      walk(.mapping(ScenarioLanguage.scenario))
      walk(ScenarioLanguage.step)
      // Keys read before or besides their mapping's reader, each on purpose: the document's `version` and
      // `matrix` (read first, from the document itself), and the `device` that `network` and `fail_next` may name
      // inside their arguments (the step reads it, as the step's device).
      let readElsewhere = ["scenario": ["version", "matrix"], "network": ["device"], "failNext": ["device"]]
      for (name, asked) in reads.asked.sorted(by: { $0.key < $1.key }) {
        // A mapping that takes either of two shapes (`reauthenticate`) is noted as `first+second`.
        let parts = name.split(separator: "+").map(String.init)
        guard parts.allSatisfy({ shapes[$0] != nil }) else { continue }
        let declared = Set(parts.flatMap { shapes[$0]?.keys ?? [] })
        let unasked = declared.subtracting(asked).subtracting(readElsewhere[name] ?? [])
        #expect(unasked.isEmpty, "\(name) declares \(unasked.sorted()), which its reader never asks for")
      }
      // Not a check of nothing: every action whose arguments may be a mapping had one read key by key.
      let noted = Set(reads.asked.keys.flatMap { $0.split(separator: "+").map(String.init) })
      var unread: [String] = []
      for kind in ActionKind.allCases {
        let alternatives: [ValueShape] =
          switch ScenarioLanguage.argument(of: kind) {
          case .either(let shapes): shapes
          case let shape: [shape]
          }
        let mappings = alternatives.compactMap {
          if case .mapping(let shape) = $0 { shape.name } else { nil }
        }
        if !mappings.isEmpty, noted.isDisjoint(with: mappings) { unread.append(kind.rawValue) }
      }
      #expect(unread.isEmpty, "actions whose argument mapping was never read key by key: \(unread)")
    }
  #endif

  /// The language's key lists are the declarations' (`ScenarioKeySyntax`, `ModifierSyntax`, `ActionSyntax`,
  /// `AdminSyntax`, `ExpectSyntax`, `BackendSettings.knobs`, `GivenKeySyntax`, `AccountFieldSyntax`,
  /// `IdentityProviderAccountSyntax`), in order.
  @Test func theLanguageListsExactlyTheDeclaredKeys() {
    #expect(ScenarioLanguage.scenario.keys == ScenarioKeySyntax.all.map(\.name))
    // The loader reads `vars` first, then every other key it reads itself, each once.
    let read = ScenarioKeySyntax.all.filter { $0.read != nil }.map(\.name)
    let order = ["vars"] + ScenarioKeySyntax.readingOrder.map(\.name)
    #expect(order.sorted() == read.sorted())
    #expect(ScenarioLanguage.modifiers.map(\.name) == ModifierSyntax.all.map(\.name))
    #expect(ScenarioLanguage.backend.keys == BackendSettings.knobs.map(\.name))
    #expect(ScenarioLanguage.given.keys == GivenKeySyntax.all.map(\.name))
    #expect(ScenarioLanguage.givenAccount.keys == AccountFieldSyntax.all.map(\.name))
    #expect(ScenarioLanguage.identityProviderAccount.keys == IdentityProviderAccountSyntax.all.map(\.name))
    #expect(ActionSyntax.all.map(\.kind) == ActionKind.allCases)
    #expect(
      ScenarioLanguage.stepMapping.keys.filter { ActionKind(rawValue: $0) != nil }
        == ActionKind.allCases.map(\.rawValue))
    #expect(ScenarioLanguage.admin.keys == AdminSyntax.all.map(\.name))
    #expect(ScenarioLanguage.expectation.keys == ExpectSyntax.all.map(\.name))
  }

  /// Every admin operation and every expect key the fixture writes is written back under the same key.
  @Test func eachDeclarationWritesItsOwnKey() throws {
    let scenario = try #require(
      ScenarioLoader().load(yaml: Self.everyKey, file: "every-key.yaml").scenarios.first)
    var admins: Set<String> = []
    var checks: Set<String> = []
    for step in scenario.steps {
      if case .admin(let admin) = step.action {
        admins.insert(admin.key)
        let written = try #require(ActionSyntax.of(.admin).write(.admin(admin)))
        #expect(written.hasPrefix("{ \(admin.key): "), "\(written)")
      }
      checks.formUnion(step.expectations.map(\.check.key))
    }
    #expect(admins == Set(AdminSyntax.all.map(\.name)))
    #expect(checks == Set(ExpectSyntax.all.map(\.name)))
  }

  @Test func noKnobOrGivenFlagIsDroppedOnTheWayIn() throws {
    let scenario = try #require(
      ScenarioLoader().load(yaml: Self.everyKey, file: "every-key.yaml").scenarios.first)
    let defaults = BackendSettings()
    for knob in BackendSettings.knobs {
      #expect(knob.value(scenario.backend) != knob.value(defaults), "\(knob.name) kept its default")
    }
    #expect(Set(BackendSettings.knobs.map(\.name)) == Set(ScenarioLanguage.backend.keys))
    #expect(BackendSettings.knobs.map(\.name) == ScenarioLanguage.backend.keys)
  }
}
