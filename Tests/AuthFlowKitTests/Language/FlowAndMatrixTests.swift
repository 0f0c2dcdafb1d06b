import Foundation
import Testing

@testable import AuthFlowLanguage

/// `use:` flow files and `matrix:` (SPEC §11): what they expand to, and every mistake they can hold.
@Suite struct FlowAndMatrixTests {
  /// A fresh directory holding `files` (name → text); returns its path.
  private func directory(_ files: [String: String]) throws -> String {
    let root = TestFiles.root.appendingPathComponent(
      "authflow-flows-\(UUID().uuidString)")
    for (name, text) in files {
      let url = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root.path
  }

  private func load(_ paths: [String]) -> LoadResult {
    ScenarioLoader(machineNames: ["authkit", "showcase"]).load(paths: paths)
  }

  private let signInFlow = """
    flow: sign in
    params: [email, password]
    steps:
      - sign_in: { email: "${email}", password: "${password}" }
      - foreground
    """

  @Test func aFlowsStepsArePlayedInPlaceWithItsParametersOnTheUseStepsDevice() throws {
    let dir = try directory([
      "flows/sign-in.yaml": signInFlow,
      "scenarios/one.yaml": """
      scenario: Uses a flow
      devices: [phone, laptop]
      vars: { who: ada@example.com }
      steps:
        - launch
        - use: { file: ../flows/sign-in.yaml, with: { email: "${who}", password: "Str0ng-pass" } }
          device: laptop
          expect: { state: signedIn }
        - sign_out
      """,
    ])
    let result = load(["\(dir)/scenarios"])
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let scenario = try #require(result.scenarios.first)
    #expect(result.scenarios.count == 1, "the flow file beside the scenarios is not a scenario")
    let steps = scenario.steps
    #expect(steps.map(\.number) == [1, 2, 3, 4, 5])
    #expect(steps.map { $0.action?.kind } == [.launch, .signIn, .foreground, nil, .signOut])
    #expect(steps[1].device == "laptop" && steps[2].device == "laptop" && steps[4].device == nil)
    #expect(steps[1].location.file == "\(dir)/flows/sign-in.yaml" && steps[1].location.line == 4)
    let use = SourceLocation(file: "\(dir)/scenarios/one.yaml", line: 6, column: 5)
    #expect(steps.map(\.usedAt) == [nil, use, use, nil, nil], "the flow's steps name the use: step")
    #expect(steps[3].expectations.count == 1)
    guard case .signIn(let email, _) = steps[1].action else {
      Issue.record("expected a sign_in, found \(String(describing: steps[1].action))")
      return
    }
    #expect(email == "ada@example.com")
    #expect(scenario.passwords == ["Str0ng-pass"], "a password given to a flow is still hidden")
  }

  @Test func parameterMistakesAreReportedAtTheUseStep() throws {
    let dir = try directory([
      "sign-in.yaml": signInFlow,
      "bad.yaml": """
      scenario: Bad use
      steps:
        - use: { file: sign-in.yaml, with: { emial: ada@example.com, password: x } }
      """,
    ])
    let problems = load(["\(dir)/bad.yaml"]).diagnostics.map(\.problem)
    #expect(
      problems == [
        .missingFlowParameter(name: "email", flow: "sign in"),
        .unknownFlowParameter(
          name: "emial", flow: "sign in", suggestion: "email", declared: ["email", "password"]),
      ])
  }

  @Test func aParameterMistakeHidesNoProblemOfTheFlowItself() throws {
    let dir = try directory([
      "typo.yaml": """
      flow: typo
      params: [who, who]
      steps:
        - sign_in: { email: "${who}", pasword: x }
      """,
      "two.yaml": "flow: one\nsteps:\n  - launch\n---\nflow: two\nsteps:\n  - launch\n",
      "uses.yaml": """
      scenario: Forgets the parameter
      steps:
        - use: typo.yaml
        - use: two.yaml
      """,
    ])
    let problems = load(["\(dir)/uses.yaml"]).diagnostics.map(\.problem)
    let usedAt = "\(dir)/uses.yaml:3:5"
    #expect(
      problems == [
        .inFlow(.flowFileHoldsMore, usedAt: "\(dir)/uses.yaml:4:10"),
        .inFlow(.duplicateEntry(kind: "parameter", value: "who", key: "params"), usedAt: usedAt),
        .inFlow(.unknownKey(key: "pasword", context: "sign_in", suggestion: "password"), usedAt: usedAt),
        .missingFlowParameter(name: "who", flow: "typo"),
      ], "the missing parameter's uses are not reported again as undefined variables")
  }

  @Test func aPasswordTheFlowWritesIsHiddenInTheUsesMistakes() throws {
    let dir = try directory([
      "f.yaml": """
      flow: login as Mango-secret-5
      params: [who]
      steps:
        - sign_in: { email: "${who}", password: "Mango-secret-5" }
      """,
      "s.yaml": """
      scenario: Gives a parameter too many
      steps:
        - use: { file: f.yaml, with: { who: a@example.com, extra: 1 } }
      """,
    ])
    let messages = load(["\(dir)/s.yaml"]).diagnostics.map(\.message)
    #expect(messages == ["flow 'login as ‹password›' has no parameter 'extra'; it declares 'who'"])
  }

  @Test func aFlowFileIsCheckedWhereItIsWrittenAndEachMistakeReportedOnce() throws {
    let dir = try directory([
      "flows/unused.yaml": "flow: unused\nparms: [a]\nsteps:\n  - launch\n  - sign_inn: {}\n",
      "flows/used.yaml": "flow: used\nparms: [a]\nsteps:\n  - launch\n",
      "uses.yaml": "scenario: Uses one\nsteps:\n  - use: flows/used.yaml\n",
    ])
    let diagnostics = load([dir]).diagnostics
    #expect(
      diagnostics.map(\.description) == [
        "\(dir)/flows/unused.yaml:2:1: error: unknown key 'parms' in flow; did you mean 'params'?",
        "\(dir)/flows/unused.yaml:5:5: error: unknown action 'sign_inn'; did you mean 'sign_in'?",
        "\(dir)/flows/used.yaml:2:1: error: unknown key 'parms' in flow; did you mean 'params'? (in a flow used "
          + "at \(dir)/uses.yaml:3:5)",
        // `parms` stands in for `params`: the flow declares `a`, which the use does not give.
        "\(dir)/uses.yaml:3:5: error: flow 'used' needs 'a'; give it under 'with:'",
      ])
  }

  /// A flow file read where it is written gives a scenario's hint for arguments written in line with their
  /// action, once with the use's, not "unknown action 'email'" beside it.
  @Test func aFlowFileToldAboutArgumentsInLineWithTheirActionOnce() throws {
    let dir = try directory([
      "flows/sign-up.yaml":
        "flow: sign up\nsteps:\n  - sign_up:\n    email: a@example.com\n    password: x\n",
      "flows/unused.yaml": "flow: unused\nsteps:\n  - expect:\n    state: signedIn\n",
      "uses.yaml": "scenario: Uses one\nsteps:\n  - use: flows/sign-up.yaml\n",
    ])
    #expect(
      load([dir]).diagnostics.map(\.description) == [
        "\(dir)/flows/sign-up.yaml:4:5: error: 'email' and 'password' line up with 'sign_up:' but belong to it: "
          + "indent them to column 7 (in a flow used at \(dir)/uses.yaml:3:5)",
        "\(dir)/flows/unused.yaml:4:5: error: 'state' lines up with 'expect:' but belongs to it: indent it to "
          + "column 7",
      ])
  }

  @Test func aUseStepGetsTheHintsOtherStepsGet() throws {
    let dir = try directory([
      "sign-in.yaml": signInFlow,
      "slips.yaml": """
      scenario: Slips
      steps:
        - use:
            file: sign-in.yaml
            with: { email: ada@example.com, password: x }
            expect: { state: signedIn }
        - launch:
          use: sign-in.yaml
      """,
    ])
    let problems = load(["\(dir)/slips.yaml"]).diagnostics.map(\.problem)
    #expect(
      problems == [
        .stepKeyInArguments(key: "expect", action: "use"),
        .twoActions(first: "use", second: "launch"),
      ])
  }

  @Test func aProblemInsideAFlowIsPlacedInTheFlowAndNamesTheUseStep() throws {
    let dir = try directory([
      "broken.yaml": """
      flow: broken
      steps:
        - sign_inn: { email: a@example.com }
        - use: broken.yaml
      """,
      "uses.yaml": """
      scenario: Uses a broken flow
      steps:
        - launch
        - use: broken.yaml
        - use: missing.yaml
        - use: /etc/passwd
        - use: uses.yaml
      """,
    ])
    let diagnostics = load(["\(dir)/uses.yaml"]).diagnostics
    let usedAt = "\(dir)/uses.yaml:4:5"
    #expect(
      diagnostics.map { "\($0.location.file.dropFirst(dir.count)):\($0.location.line):\($0.location.column)" }
        == [
          "/broken.yaml:3:5", "/broken.yaml:4:10", "/uses.yaml:1:1", "/uses.yaml:5:10", "/uses.yaml:6:10",
        ])
    #expect(
      diagnostics.map(\.problem) == [
        .inFlow(
          .unknownName(
            kind: "action", value: "sign_inn", suggestion: "sign_in",
            valid: ScenarioLoader.Document.actionNames + ScenarioLoader.Document.modifiers), usedAt: usedAt),
        .inFlow(.flowCycle(path: "\(dir)/broken.yaml"), usedAt: usedAt),
        .inFlow(.notAFlow(path: "\(dir)/uses.yaml"), usedAt: "\(dir)/uses.yaml:7:5"),
        .noSuchFile(path: "\(dir)/missing.yaml"),
        .flowPathNotRelative(path: "/etc/passwd"),
      ])
    #expect(diagnostics[0].message.hasSuffix("(in a flow used at \(usedAt))"))
  }

  @Test func textFromElsewhereCannotNameAFlow() {
    let result = ScenarioLoader().load(
      yaml: "scenario: From a request\nsteps:\n  - use: ../../etc/flow.yaml\n", file: "request body")
    #expect(result.diagnostics.map(\.problem) == [.flowsNotReadable])
  }

  @Test func aMatrixMakesOneScenarioPerCombinationNamedWithItsValues() throws {
    let result = ScenarioLoader(machineNames: ["authkit", "showcase"]).load(
      yaml: """
        scenario: Offline sign-up
        matrix:
          machines: [authkit, showcase]
          vars: { online: [true, false], who: [ada@example.com] }
        steps:
          - network: { online: "${online}" }
          - sign_up: { email: "${who}", password: "Str0ng-pass" }
        """, file: "matrix.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(
      result.scenarios.map(\.name) == [
        "Offline sign-up [online=true, who=ada@example.com, machine=authkit]",
        "Offline sign-up [online=false, who=ada@example.com, machine=authkit]",
        "Offline sign-up [online=true, who=ada@example.com, machine=showcase]",
        "Offline sign-up [online=false, who=ada@example.com, machine=showcase]",
      ])
    #expect(
      result.scenarios.map { $0.machine?.value.description } == [
        "authkit", "authkit", "showcase", "showcase",
      ])
    #expect(
      result.scenarios.map { $0.steps[0].action } == [
        .network(online: true), .network(online: false), .network(online: true), .network(online: false),
      ])
  }

  /// A value holding what separates a name's parts is quoted, so no two combinations can print one name:
  /// unquoted, `a` = "x, b=y" with `b` = z would read as three values.
  @Test func aValueThatCouldReadAsSeveralIsQuotedInTheName() throws {
    let result = ScenarioLoader(machineNames: []).load(
      yaml: """
        scenario: Names
        matrix: { vars: { a: ["x, b=y", plain, 'say "hi"', " padded"], b: [z] } }
        steps:
          - wait: "1s"
        """, file: "names.yaml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(
      result.scenarios.map(\.name) == [
        #"Names [a="x, b=y", b=z]"#, "Names [a=plain, b=z]", #"Names [a="say \"hi\"", b=z]"#,
        #"Names [a=" padded", b=z]"#,
      ])
  }

  @Test func matrixMistakesAreReportedOnce() {
    let result = ScenarioLoader(machineNames: ["authkit"]).load(
      yaml: """
        scenario: Wrong
        vars: { who: x }
        matrix: { vars: { who: [a, b], n: [] }, machines: [authkt] }
        steps:
          - launch
        """, file: "m.yaml")
    #expect(result.scenarios.isEmpty)
    #expect(
      result.diagnostics.map(\.problem) == [
        .matrixVariableInVars(name: "who"),
        .emptyValue(key: "n"),
        .unknownName(kind: "machine", value: "authkt", suggestion: "authkit", valid: ["authkit"]),
      ])
    let perCombination = ScenarioLoader().load(
      yaml: """
        scenario: One bad value
        matrix: { vars: { on: [true, maybe] } }
        steps:
          - network: { online: "${on}" }
          - network: { online: "${on}" }
        """, file: "m.yaml")
    #expect(perCombination.scenarios.isEmpty)
    #expect(perCombination.diagnostics.count == 2, "each bad step once, not once per combination")
    let huge = ScenarioLoader().load(
      yaml: """
        scenario: Too many
        matrix: { vars: { a: [1, 2, 3, 4, 5, 6, 7, 8], b: [1, 2, 3, 4, 5, 6, 7, 8], c: [1, 2, 3, 4, 5] } }
        steps:
          - launch
        """, file: "m.yaml")
    #expect(huge.diagnostics.map(\.problem) == [.matrixTooLarge(count: 320, limit: 256)])
    // Two combinations of one name would be two results nobody can tell apart.
    let twice = ScenarioLoader(machineNames: ["authkit"]).load(
      yaml: """
        scenario: Twice
        matrix: { vars: { a: [1, "1"] }, machines: [authkit, authkit] }
        steps:
          - launch
        """, file: "m.yaml")
    #expect(
      twice.diagnostics.map(\.problem) == [
        .matrixValueRepeated(name: "a", position: 2, earlier: 1),
        .duplicateEntry(kind: "machine", value: "authkit", key: "machines"),
      ])
    #expect(twice.diagnostics.first?.message.contains("the same text as value 1") == true)
    // A value is part of its combination's name, which must print on one line like any scenario name.
    let control = ScenarioLoader().load(
      yaml: """
        scenario: Control
        matrix: { vars: { m: [plain, "line\\nbreak", "esc\\e[31mred"] } }
        steps:
          - launch
        """, file: "m.yaml")
    #expect(
      control.diagnostics.map(\.problem) == [
        .matrixValueHoldsControl(name: "m", position: 2, character: "\\n"),
        .matrixValueHoldsControl(name: "m", position: 3, character: "\\u{1B}"),
      ])
  }

  @Test func aPasswordValueIsNamedByItsPlaceNotByItself() throws {
    let result = ScenarioLoader().load(
      yaml: """
        scenario: Passwords
        matrix: { vars: { pw: ["Secret-one-1", "Secret-two-2"], who: [a@example.com] } }
        steps:
          - sign_up: { email: "${who}", password: "${pw}" }
        """, file: "m.yaml")
    #expect(
      result.scenarios.map(\.name) == [
        "Passwords [pw=‹password: value 1›, who=a@example.com]",
        "Passwords [pw=‹password: value 2›, who=a@example.com]",
      ])
  }

  @Test func aFlowFileIsReadOnceAndItsSyntaxErrorIsPlacedInIt() throws {
    let uses = String(repeating: "  - use: bad.yaml\n", count: 3)
    let dir = try directory([
      "bad.yaml": "flow: bad\nsteps:\n  - launch\n  - [unclosed\n",
      "uses.yaml": "scenario: Uses a bad flow three times\nsteps:\n" + uses,
    ])
    let diagnostics = load(["\(dir)/uses.yaml"]).diagnostics
    #expect(diagnostics.count == 1, "one problem, not one per use: \(diagnostics.map(\.description))")
    #expect(diagnostics.first?.location.file == "\(dir)/bad.yaml")
    #expect(diagnostics.first?.message.hasSuffix("(in a flow used at \(dir)/uses.yaml:3:10)") == true)
  }
}
