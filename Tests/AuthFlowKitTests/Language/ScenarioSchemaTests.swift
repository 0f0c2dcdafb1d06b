import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// The schema is generated from the description the loader checks keys against; these tests hold the two
/// together.
@Suite struct ScenarioSchemaTests {
  func schema() throws -> [String: Any] {
    let data = Data(ScenarioSchema().json().utf8)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func isADraft2020_12SchemaWithAnIdAndDefinitions() throws {
    let schema = try schema()
    #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    #expect(schema["$id"] as? String == "urn:authflow:scenario-language:1")
    #expect(schema["additionalProperties"] as? Bool == false)
    #expect(schema["required"] as? [String] == ["scenario", "steps"])
    let definitions = try #require(schema["$defs"] as? [String: Any])
    for name in ["step", "expect", "state", "mailKind", "provider", "operation", "errorCode", "duration"] {
      #expect(definitions[name] != nil, "no $defs/\(name)")
    }
  }

  /// Every mapping of ``ScenarioLanguage`` — the keys the loader accepts — is a definition with exactly
  /// those keys, the same required ones, and no others.
  @Test func everyMappingTheLoaderChecksIsADefinitionWithExactlyItsKeys() throws {
    let schema = try schema()
    let definitions = try #require(schema["$defs"] as? [String: Any])
    let mappings = Self.mappings(in: .mapping(ScenarioLanguage.scenario))
    #expect(mappings.count >= 20)
    for mapping in mappings {
      let definition = try #require(
        mapping.name == "scenario" ? schema : definitions[mapping.name] as? [String: Any],
        "no $defs/\(mapping.name)")
      let properties = try #require(definition["properties"] as? [String: Any])
      #expect(Set(properties.keys) == Set(mapping.keys), "\(mapping.name)")
      #expect((definition["required"] as? [String] ?? []) == mapping.required, "\(mapping.name)")
      #expect(definition["additionalProperties"] as? Bool == false, "\(mapping.name)")
    }
  }

  @Test func theEnumsAreTheModelsValues() throws {
    let definitions = try #require(try schema()["$defs"] as? [String: [String: Any]])
    #expect(definitions["state"]?["enum"] as? [String] == AuthState.allCases.map(\.rawValue))
    #expect(definitions["mailKind"]?["enum"] as? [String] == MailKind.allCases.map(\.rawValue))
    #expect(definitions["provider"]?["enum"] as? [String] == (ProviderID.all + [.phone]).map(\.rawValue))
    #expect(definitions["operation"]?["enum"] as? [String] == BackendOperation.allCases.map(\.rawValue))
    #expect(definitions["machine"]?["enum"] as? [String] == MachineRegistry.builtIn.names)
    let step = try #require(definitions["step"]?["properties"] as? [String: Any])
    #expect(Set(ActionKind.allCases.map(\.rawValue)).isSubset(of: step.keys))
    let bare = try #require(definitions["bareAction"]?["enum"] as? [String])
    #expect(bare.contains("background") && bare.contains("forgot_password") && !bare.contains("wait"))
    let codes = try #require(
      (definitions["errorCode"]?["anyOf"] as? [[String: Any]])?.first?["enum"] as? [String])
    for code in AuthErrorCode.known {
      #expect(codes.contains(code.rawValue) && codes.contains("auth/\(code)"))
    }
  }

  @Test func theCommandPrintsTheSchema() throws {
    let run = try Authflow.run(["schema"])
    #expect(run.status == 0)
    #expect(run.stdout == ScenarioSchema().json())
  }

  /// Every mapping reachable from `shape`, each once.
  static func mappings(in shape: ValueShape) -> [MappingShape] {
    var found: [String: MappingShape] = [:]
    func walk(_ shape: ValueShape) {
      switch shape {
      case .mapping(let mapping):
        guard found[mapping.name] == nil else { return }
        found[mapping.name] = mapping
        for field in mapping.fields { walk(field.shape) }
      case .list(let item, _, _): walk(item)
      case .dictionary(let value, _, _): walk(value)
      case .either(let shapes): shapes.forEach(walk)
      default: break
      }
    }
    walk(shape)
    return found.keys.sorted().compactMap { found[$0] }
  }
}

/// The schema checked by a real validator (Python's `jsonschema`, Draft202012Validator) against the
/// bundled scenarios, a fixture that uses every key and form, and examples the loader refuses.
@Suite(.enabled(if: Python.hasJSONSchema, "needs python3 with jsonschema and PyYAML; .ci/run installs them"))
struct ScenarioSchemaValidationTests {
  static let fixtures = URL(fileURLWithPath: Fixture.path("Schema"))
  static let everyKey = fixtures.appendingPathComponent("every-key.yaml").path

  struct Validation {
    var errors: [String: [String]]
    var uncovered: [String]
  }

  /// Validates `files` with `Fixtures/Schema/validate.py` against the schema `authflow schema` prints.
  func validate(_ files: [String]) throws -> Validation {
    let directory = TestFiles.root.appendingPathComponent("authflow-schema-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let schemaPath = directory.appendingPathComponent("authflow.schema.json").path
    let printed = try Authflow.run(["schema"])
    try #require(printed.status == 0)
    try printed.stdout.write(toFile: schemaPath, atomically: true, encoding: .utf8)
    let script = Self.fixtures.appendingPathComponent("validate.py").path
    let run = try Python.run([script, schemaPath] + files)
    try #require(run.status == 0, "validate.py failed:\n\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    return Validation(
      errors: json["files"] as? [String: [String]] ?? [:], uncovered: json["uncovered"] as? [String] ?? [])
  }

  @Test func everyBundledScenarioIsValid() throws {
    let loaded = Repository.bundledScenarios()
    try #require(loaded.diagnostics.isEmpty)
    let files = Array(Set(loaded.scenarios.map(\.file))).sorted()
    #expect(files.count > 50)
    let validation = try validate(files + [Fixture.path("passing.yaml"), Fixture.path("failing.yaml")])
    for (file, errors) in validation.errors.sorted(by: { $0.key < $1.key }) {
      #expect(errors.isEmpty, "\(file):\n\(errors.joined(separator: "\n"))")
    }
  }

  /// `every-key.yaml` is accepted by the loader and by the schema, and uses every key and alternative the
  /// schema has: so every key in the schema is one the loader accepts, with a value of the same type.
  @Test func aFixtureUsingEveryKeyAndFormIsValidForBoth() throws {
    let loaded = ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(paths: [Self.everyKey])
    #expect(loaded.diagnostics.map(\.description) == [])
    let validation = try validate([Self.everyKey])
    #expect(validation.errors[Self.everyKey] == [])
    #expect(validation.uncovered == [], "every-key.yaml should use these keys and forms too")
  }

  static let invalidExamples: [(String, String)] = [
    ("an unknown key", "scenario: x\nstpes: [background]\nsteps: [background]\n"),
    ("an unknown action", "scenario: x\nsteps:\n  - sign_inn: { email: a@example.com, password: pw }\n"),
    ("a bad state", "scenario: x\nsteps:\n  - expect: { state: signedin }\n"),
    ("missing steps", "scenario: x\ndevices: [phone]\n"),
    ("an empty steps list", "scenario: x\nsteps: []\n"),
    ("a missing name", "steps: [background]\n"),
    ("two actions in one step", "scenario: x\nsteps:\n  - background:\n    foreground:\n"),
    ("a step with only a modifier", "scenario: x\nsteps:\n  - note: hello\n"),
    (
      "yes as a boolean", "scenario: x\nbackend: { email_enumeration_protection: yes }\nsteps: [background]\n"
    ),
    ("a quoted boolean", "scenario: x\nsteps:\n  - network: { online: \"false\" }\n"),
    ("a bad duration", "scenario: x\nsteps:\n  - wait: 5 minutes\n"),
    ("a duration without a unit", "scenario: x\nsteps:\n  - wait: 90\n"),
    ("an unknown error code", "scenario: x\nsteps:\n  - expect: { error: wrong-pasword }\n"),
    (
      "none where an error is needed",
      "scenario: x\nsteps:\n  - fail_next: { operation: lookup, error: none }\n"
    ),
    (
      "an unknown operation",
      "scenario: x\nsteps:\n  - fail_next: { operation: signin, error: user-disabled }\n"
    ),
    (
      "an unknown argument",
      "scenario: x\nsteps:\n  - sign_up: { email: a@example.com, password: pw, nick: n }\n"
    ),
    ("a missing argument", "scenario: x\nsteps:\n  - sign_in: { email: a@example.com }\n"),
    ("arguments for a bare action", "scenario: x\nsteps:\n  - background: { now: true }\n"),
    ("an empty change_password", "scenario: x\nsteps:\n  - change_password: {}\n"),
    ("an unknown mail kind", "scenario: x\nsteps:\n  - follow_link: { mail: verify, to: a@example.com }\n"),
    (
      "an error without outcome: error",
      "scenario: x\nsteps:\n  - sign_in_with: { provider: apple.com, outcome: cancel, error: user-disabled }\n"
    ),
    ("an unknown provider", "scenario: x\nsteps:\n  - sign_in_with: gogle.com\n"),
    (
      "two admin operations",
      "scenario: x\nsteps:\n  - admin: { disable: a@example.com, enable: a@example.com }\n"
    ),
    ("an empty expect", "scenario: x\nsteps:\n  - expect: {}\n"),
    ("an unknown expectation", "scenario: x\nsteps:\n  - expect: { sate: signedIn }\n"),
    (
      "a negative mail count",
      "scenario: x\nsteps:\n  - expect: { mail: { to: a, kind: verify_email, count: -1 } }\n"
    ),
    ("a newer language version", "version: 2\nscenario: x\nsteps: [background]\n"),
    ("an exec: machine", "scenario: x\nmachine: \"exec:./app\"\nsteps: [background]\n"),
    ("an unknown machine", "scenario: x\nmachine: autkit\nsteps: [background]\n"),
    ("a bad timestamp", "scenario: x\ngiven: { now: 2026-13-01 }\nsteps: [background]\n"),
    ("a malformed email", "scenario: x\ngiven: { accounts: [{ email: alice }] }\nsteps: [background]\n"),
    ("an unknown backend knob", "scenario: x\nbackend: { recent_logins: 5m }\nsteps: [background]\n"),
    ("a duplicate device", "scenario: x\ndevices: [phone, phone]\nsteps: [background]\n"),
    (
      "an unknown identity provider",
      "scenario: x\ngiven: { identity_providers: { yahoo.com: [] } }\nsteps: [background]\n"
    ),
  ]

  /// Spellings at the edge of a value's syntax, accepted by the loader and by the schema alike.
  @Test func edgeSpellingsPassTheSchemaAsTheyPassTheLoader() throws {
    let directory = TestFiles.root.appendingPathComponent("authflow-edge-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let yaml = "scenario: x\nsteps:\n  - wait: 0000000000005s\n  - wait: 1h0030m\n  - wait: 316224000s\n"
    let path = directory.appendingPathComponent("edge.yaml").path
    try yaml.write(toFile: path, atomically: true, encoding: .utf8)
    let loaded = ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(yaml: yaml, file: path)
    #expect(loaded.diagnostics.map(\.description) == [])
    #expect(try validate([path]).errors[path] == [])
  }

  /// Each example is refused by the loader and by the schema.
  @Test func invalidExamplesFailTheSchemaAsTheyFailTheLoader() throws {
    let directory = TestFiles.root.appendingPathComponent(
      "authflow-invalid-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var files: [(name: String, path: String)] = []
    for (index, (name, yaml)) in Self.invalidExamples.enumerated() {
      let path = directory.appendingPathComponent("invalid-\(index).yaml").path
      try yaml.write(toFile: path, atomically: true, encoding: .utf8)
      files.append((name, path))
      let loaded = ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(yaml: yaml, file: path)
      #expect(!loaded.diagnostics.isEmpty, "the loader accepts \(name)")
    }
    let validation = try validate(files.map(\.path))
    for file in files {
      #expect(validation.errors[file.path]?.isEmpty == false, "the schema accepts \(file.name)")
    }
  }
}
