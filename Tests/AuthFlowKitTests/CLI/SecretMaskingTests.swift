import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Every string a scenario gives as a password, and every value typed into a field its machine declares
/// secret, is hidden in every output of the built command, raw and escaped (SPEC 4; Docs/CommandLine.md,
/// "Secrets").
@Suite("secrets never print")
struct SecretMaskingTests {
  /// A password with what each output format escapes: quotes, a backslash, non-ASCII, markup.
  static let password = #"päss"w\ord<&>"#

  /// `secret` as each output (or an adapter) may write it.
  static func forms(of secret: String) -> [String] {
    var asciiJSON = ""
    for scalar in secret.unicodeScalars {
      switch scalar {
      case "\"": asciiJSON += "\\\""
      case "\\": asciiJSON += "\\\\"
      case _ where !scalar.isASCII: asciiJSON += String(format: "\\u%04x", scalar.value)
      default: asciiJSON.unicodeScalars.append(scalar)
      }
    }
    return [
      secret, String(JSONValue.quote(secret).dropFirst().dropLast()), asciiJSON, XMLText.content(secret),
      XMLText.attribute(secret), String(YAMLText.quoted(secret).dropFirst().dropLast()),
      MarkdownText.inline(secret), MermaidDiagram.label(secret),
    ]
  }

  /// Checks that no output holds any form of any of `secrets`.
  static func expectHidden(_ secrets: [String], in outputs: [(name: String, text: String)]) {
    for (name, text) in outputs {
      for secret in secrets {
        for form in Set(forms(of: secret)) {
          #expect(!text.contains(form), "\(name) holds '\(form)':\n\(text)")
        }
      }
    }
  }

  /// A fresh folder with `files` written into it.
  static func folder(_ files: [String: String]) throws -> URL {
    let folder = TestFiles.root.appendingPathComponent("authflow-secrets-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    return folder
  }

  /// `authflow run` with every report and the transcripts, under GitHub Actions; every output it made.
  static func runEverywhere(_ arguments: [String], in folder: URL) throws -> [(name: String, text: String)] {
    let reports = ["json", "junit", "tap", "markdown", "console"].flatMap {
      ["--report", "\($0):\(folder.path)/report.\($0)"]
    }
    let run = try Authflow.run(
      ["run", "--transcripts", folder.appendingPathComponent("transcripts").path] + reports + arguments,
      environment: ["GITHUB_ACTIONS": "true"])
    var outputs = [("stdout", run.stdout), ("stderr", run.stderr)]
    #expect(run.stdout.contains("::error "), "\(run.stdout)\(run.stderr)")
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
    for file in files where file.hasPrefix("report.") || file.hasPrefix("transcripts/") {
      let url = folder.appendingPathComponent(file)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
      outputs.append((file, text))
    }
    #expect(outputs.count >= 8)
    return outputs
  }

  // MARK: - (a) Diagnostics

  @Test func diagnosticsNeverQuoteAPassword() throws {
    let yaml = #"""
      scenario: Broken passwords
      steps:
        - sign_in: { email: ann@example.com, password: "päss\"w\\ord<&>${" }
        - reauthenticate: 'päss"w\ord<&>'
        - change_password: "päss\"w\\ord<&>${nope"
      """#
    let folder = try Self.folder(["broken.yaml": yaml])
    let lint = try Authflow.run(
      ["lint", folder.path], environment: ["GITHUB_ACTIONS": "true"])
    #expect(lint.status == 2)
    #expect(lint.stderr.contains("unterminated '${' in '‹password›'"), "\(lint.stderr)")
    #expect(lint.stderr.contains("'reauthenticate' must be a mapping"), "\(lint.stderr)")
    #expect(lint.stderr.contains("::error file="))
    let run = try Authflow.run(["run", folder.path], environment: ["GITHUB_ACTIONS": "true"])
    #expect(run.status == 2)
    Self.expectHidden(
      [Self.password],
      in: [("lint", lint.stdout + lint.stderr), ("run", run.stdout + run.stderr)])
  }

  // MARK: - (b) A password written where the harness does not expect one

  @Test func aPasswordIsHiddenAsTheEmailInAnotherFieldAndInANote() throws {
    let paper = #"""
      scenario: The password typed into the username field
      machine: paper
      given:
        accounts:
          - { email: ann@example.com, password: "päss\"w\\ord<&>" }
      steps:
        - type: { username: "päss\"w\\ord<&>" }
          note: 'I typed päss"w\ord<&> in the wrong field'
        - expect: { screen: home }
      """#
    let sameAsEmail = """
      scenario: The password is the email
      given:
        accounts:
          - { email: bob@example.com, password: bob@example.com }
      steps:
        - sign_in: { email: bob@example.com, password: bob@example.com }
          note: my password is bob@example.com
        - expect: { state: signedOut }
      """
    let folder = try Self.folder(["paper.yaml": paper, "same.yaml": sameAsEmail])
    let outputs = try Self.runEverywhere(
      [folder.appendingPathComponent("paper.yaml").path, folder.appendingPathComponent("same.yaml").path],
      in: folder)
    Self.expectHidden([Self.password, "bob@example.com"], in: outputs)
    #expect(outputs.contains { $0.text.contains("‹password 1›") })
  }

  @Test func aValueTypedIntoAFieldTheMachineDoesNotKnowIsHidden() throws {
    let yaml = #"""
      scenario: A PIN typed into paper, which has no such field
      machine: paper
      steps:
        - type: { pwd: "päss\"w\\ord<&>" }
      """#
    let folder = try Self.folder(["pwd.yaml": yaml])
    let outputs = try Self.runEverywhere([folder.appendingPathComponent("pwd.yaml").path], in: folder)
    Self.expectHidden([Self.password], in: outputs)
    #expect(outputs.contains { $0.text.contains("type {pwd: ‹password›}") })
  }

  // MARK: - (c, d, e) What a machine declares secret, and what an adapter shows or says

  /// An adapter that declares `pin` secret and then shows what was typed into it everywhere it can: its
  /// screen, its error, a ui value, a display name, a call's arguments, its log and its stderr (JSON-escaped).
  static let leakyAdapter = #"""
    import json, sys
    view = {"state": "signedOut", "screen": "login", "error": None, "ui": {}}
    def send(message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()
    def call(method, args):
        send({"type": "call", "id": 1, "method": method, "args": args})
        while True:
            reply = json.loads(sys.stdin.readline())
            if reply["type"] == "result":
                return reply
            send({"type": "done", **view})
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            send({"type": "ready", "protocol": 1, "name": "leaky", "type_fields": ["pin", "die"],
                  "secret_fields": ["pin", "die"],
                  "actions": ["launch", "terminate", "background", "foreground", "type"], **view})
            continue
        if message["type"] == "action" and message["action"] == "type":
            args = message["args"]
            if "die" in args:
                print(json.dumps({"typed": args["die"]}), file=sys.stderr, flush=True)
                sys.exit(3)
            pin = args["pin"]
            call("signUp", {"email": "ann@example.com", "password": "Str0ng-pass"})
            call("updateDisplayName", {"name": pin})
            call("signIn", {"email": pin, "password": pin})
            call("log", {"text": "typed " + json.dumps(pin)})
            view = {"state": "signedIn", "screen": "pin-" + pin, "error": pin, "ui": {"echo": pin}}
        send({"type": "done", **view})
    """#

  @Test func whatAMachineDeclaresSecretIsHiddenWhereverTheAdapterPutsIt() throws {
    let shows = #"""
      scenario: The adapter shows the PIN
      steps:
        - type: { pin: "päss\"w\\ord<&>" }
        - expect: { screen: home }
      """#
    let dies = #"""
      scenario: The adapter dies quoting the PIN
      steps:
        - type: { die: "päss\"w\\ord<&>" }
      """#
    let folder = try Self.folder(["leaky.py": Self.leakyAdapter, "shows.yaml": shows, "dies.yaml": dies])
    let machine = "exec:python3 \(folder.appendingPathComponent("leaky.py").path)"
    let outputs = try Self.runEverywhere(
      [
        "--machine", machine, folder.appendingPathComponent("shows.yaml").path,
        folder.appendingPathComponent("dies.yaml").path,
      ], in: folder)
    Self.expectHidden([Self.password], in: outputs)
    let console = outputs.first { $0.name == "report.console" }?.text ?? ""
    #expect(console.contains("its stderr ended with: {\"typed\": \"‹password 1›\"}"), "\(console)")
    #expect(console.contains("screen: expected home, found pin-‹password 1›"), "\(console)")
  }
}
