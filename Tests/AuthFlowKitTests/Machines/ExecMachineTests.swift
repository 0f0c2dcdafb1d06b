import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Out-of-process machines: the Python reference adapter against authkit, and adapters that misbehave.
@Suite("exec: machines")
struct ExecMachineTests {
  // MARK: - The Python adapter plays authkit

  @Test(arguments: [
    ExecScenarios.verifyWhileBackgrounded, ExecScenarios.resendCountdown, ExecScenarios.revokedDuringWait,
    ExecScenarios.deleteWithReauthentication, ExecScenarios.collisionThenLinkAcrossRelaunch,
    ExecScenarios.signOutAfterALongWait,
  ])
  func thePythonAdapterPassesWithAuthkitsTranscript(_ yaml: String) throws {
    let scenario = try load(yaml)
    let python = try #require(Adapters.python)
    let outOfProcess = python.run(scenario)
    #expect(outOfProcess.status == .passed, "\(outOfProcess.failure?.message ?? "")")
    let inProcess = RunConfiguration(machine: "authkit").run(scenario)
    #expect(inProcess.status == .passed)
    // The first line names the machine; every later one (client calls, screens, checks) must match.
    #expect(outOfProcess.transcript.dropFirst().map(\.text) == inProcess.transcript.dropFirst().map(\.text))
  }

  /// The Python port of `showcase` plays every bundled showcase scenario with the built-in machine's transcript:
  /// guests, links, phone, MFA and claims all reach an adapter through the protocol.
  @Test func thePythonShowcaseAdapterPlaysTheShowcaseScenariosAsTheMachineDoes() throws {
    let loaded = ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(paths: [
      Repository.root.appendingPathComponent("Scenarios/showcase").path
    ])
    #expect(loaded.diagnostics.isEmpty)
    #expect(loaded.scenarios.count > 50)
    var python = RunConfiguration(machine: Adapters.showcaseName)
    python.startAdapter()
    let builtIn = RunConfiguration(machine: "showcase")
    for scenario in loaded.scenarios {
      let outOfProcess = python.run(scenario)
      #expect(outOfProcess.status == .passed, "\(scenario.name): \(outOfProcess.failure?.message ?? "")")
      let inProcess = builtIn.run(scenario)
      #expect(
        outOfProcess.transcript.dropFirst().map(\.text) == inProcess.transcript.dropFirst().map(\.text),
        "\(scenario.name)")
    }
  }

  @Test func theHandshakeDescribesTheAdapter() throws {
    let python = try #require(Adapters.python)
    let descriptor = try python.descriptor(for: MachineReference(Adapters.pythonName)).get()
    #expect(descriptor.supportedActions == AuthKitMachine.supportedActions)
    #expect(descriptor.signInProviders == [.apple])
    #expect(descriptor.screens.contains("reauthenticate"))
    #expect(descriptor.summary.hasPrefix("authkit (Python): "))
  }

  // MARK: - Misbehaving adapters error their scenario, and only theirs

  @Test(arguments: [
    (
      "exit",
      "the adapter exited with status 3 while handling 'sign_in' on phone; its stderr ended with: about to exit"
    ),
    ("crash", "exited with status 139 (the shell's way of saying SIGSEGV (signal 11))"),
    ("hang", "the adapter sent nothing for 3s (--exec-timeout) while handling 'sign_in' on phone"),
    (
      "no-newline",
      #"the adapter sent «{"type": "done", "state": "signedOut", "screen": "signIn", "error": null, "ui": {}}» "#
        + "without the newline that ends a message, then nothing for 3s (--exec-timeout)"
    ),
    ("long-line", "the adapter sent a line over 1 MiB while handling 'sign_in' on phone"),
    ("many-lines", "the adapter sent more than 10000 lines for one message while handling 'sign_in'"),
    ("many-logs", "the adapter logged more than 1000 lines for one message while handling 'sign_in'"),
    ("garbage", "sent a line that is not a protocol message (not JSON): «my password is ‹password 1›»"),
    ("not-an-object", "sent a line that is not a protocol message (an array, not an object): «[1, 2]»"),
    (
      "unknown-type",
      "sent an unknown message type 'shout'; it may send: ready, call, done, fail"
    ),
    ("unknown-method", "called an unknown method 'signInn'; did you mean 'signIn'?"),
    ("bad-arguments", "called 'signIn' with bad arguments: no string 'password'"),
    ("bad-state", "sent a 'done' message whose 'state' is 'happy'; it must be one of signedOut,"),
    ("fail", "the adapter reported a failure: no keychain on this device while handling 'sign_in' on phone"),
  ])
  func aMisbehavingAdapterErrorsItsScenarioAndTheNextStillPasses(mode: String, message: String) throws {
    let configuration = try Adapters.misbehaving(mode)
    let misbehaves = configuration.run(try load(ExecScenarios.signIn))
    #expect(misbehaves.status == .errored)
    #expect(misbehaves.failure?.step == 1)
    let text = misbehaves.failure?.message ?? ""
    #expect(text.contains(message), "\(text)")
    #expect(!text.contains("correct-horse"))
    #expect(configuration.run(try load(ExecScenarios.neverSignsIn)).status == .passed)
  }

  /// The email-change calls reach the client: the careful one sends the link, the direct one is refused under
  /// enumeration protection.
  @Test func anAdapterChangesTheEmailThroughItsCalls() throws {
    let result = try Adapters.misbehaving("email-change").run(try load(ExecScenarios.signIn))
    let lines = result.transcript.map(\.text)
    #expect(lines.contains("sendEmailVerification(beforeUpdatingEmail: ann.new@example.com) → ok"))
    #expect(lines.contains("updateEmail(ann.newer@example.com) → operation-not-allowed"))
    #expect(lines.contains { $0.hasPrefix("verify_and_change_email to ann.new@example.com: ") })
  }

  /// An adapter answers the second-factor challenge through its calls: the pending challenge's factors, the
  /// authenticator's code, a wrong code refused; no code reaches the transcript.
  @Test func anAdapterAnswersASecondFactorChallengeThroughItsCalls() throws {
    let result = try Adapters.misbehaving("mfa").run(try load(ExecScenarios.signInWithMFA))
    #expect(result.status == .passed, "\(result.failure?.message ?? "")")
    let lines = result.transcript.map(\.text)
    #expect(
      lines.contains {
        $0.hasPrefix("signInWithPassword(ann@example.com, ") && $0.hasSuffix("multi-factor-auth-required")
      })
    #expect(lines.contains("finalizeMfaSignIn(totp, code: ••••••) → invalid-verification-code"))
    #expect(lines.contains("finalizeMfaSignIn(totp, code: ••••••) → ok"))
    #expect(!lines.contains { $0.contains("000000") || $0.contains("111111") })
  }

  /// Lists and nested claims go from an adapter into a custom token and come back in the ID token's claims.
  @Test func anAdapterSignsInWithListsAndNestedClaims() throws {
    let result = try Adapters.misbehaving("nested-claims").run(try load(ExecScenarios.signIn))
    #expect(result.status == .passed, "\(result.failure?.message ?? "")")
  }

  @Test func callIdsComeBackExactlyAsTheAdapterWroteThem() throws {
    let result = try Adapters.misbehaving("ids").run(try load(ExecScenarios.signIn))
    let text = result.failure?.message ?? ""
    #expect(
      text.contains(#"ids came back as 123456789012345678901234567890 9007199254740993 -1.50 1e400 "a-1""#),
      "\(text)")
  }

  /// A transcript line an adapter logs is kept up to 4 KiB, cut at a character, and says how much was left out.
  @Test func aLongLogLineIsCutAtACharacter() throws {
    let result = try Adapters.misbehaving("long-log").run(try load(ExecScenarios.signIn))
    #expect(result.status == .passed, "\(result.failure?.message ?? "")")
    let logged = try #require(result.transcript.map(\.text).first { $0.hasPrefix("é") })
    #expect(logged == String(repeating: "é", count: 2048) + "… (5904 more bytes)")
  }

  /// The calls an adapter makes on the `tick` that shows it after a wait count in the wait's step.
  @Test func callsMadeToShowTheAppAfterAWaitCountInItsStep() throws {
    let result = try Adapters.misbehaving("tick-calls").run(try load(ExecScenarios.revokedDuringWait))
    #expect(result.status == .errored)
    #expect(result.failure?.step == 2)
    #expect(result.failure?.message.contains("made more than 1000 auth-client calls in one step") == true)
  }

  /// An app that dies as it starts errors its scenario where the scenario starts (step 0), with no view made
  /// up for it and every step skipped.
  @Test func anAdapterThatDiesAsItStartsErrorsTheScenarioBeforeItsFirstStep() throws {
    let result = try Adapters.misbehaving("exit-on-restore").run(try load(ExecScenarios.revokedDuringWait))
    #expect(result.status == .errored)
    #expect(result.failure?.step == 0)
    #expect(
      result.failure?.message.hasSuffix(
        "the adapter exited with status 1 while starting on phone; its stderr ended with: cannot restore the "
          + "session") == true, "\(result.failure?.message ?? "")")
    #expect(result.steps.allSatisfy { $0.status == .skipped })
    #expect(!result.transcript.contains { $0.text.hasPrefix("launched: ") })
  }

  @Test func anAdapterThatDiesOnAnEventDuringWaitErrorsThatStep() throws {
    let result = try Adapters.misbehaving("exit-on-event").run(try load(ExecScenarios.revokedDuringWait))
    #expect(result.status == .errored)
    #expect(result.failure?.step == 2)
    #expect(
      result.failure?.message
        == "step 2: machine 'exec:python3 \(Adapters.script) exit-on-event' failed on phone: the adapter exited "
        + "with status 4 while handling an authStateChanged event on phone")
  }

  @Test(arguments: [
    (
      "no-ready",
      "the adapter exited with status 1 while answering the handshake's hello; its stderr ended with: no ready"
    ),
    ("old-protocol", "the adapter speaks protocol 2; this authflow speaks protocol 1"),
    ("unknown-action", "naming an unknown action 'sign_inn' in 'actions'; did you mean 'sign_in'?"),
  ])
  func aFailingHandshakeIsAUsageProblem(mode: String, message: String) throws {
    var configuration = try Adapters.misbehaving(mode)
    configuration.startAdapter()
    let problems = configuration.problems()
    #expect(problems.count == 1)
    guard case .cannotStart(let machine, let reason) = problems.first else {
      Issue.record("expected cannotStart, found \(problems)")
      return
    }
    #expect(machine == .exec(command: "python3 \(Adapters.script) \(mode)"))
    #expect(reason.contains(message), "\(reason)")
    #expect(problems.first?.description.hasPrefix("cannot start machine 'exec:python3 ") == true)
  }

  @Test func theCommandLineRunsAnAdapterAndExitsTwoWhenItsHandshakeFails() throws {
    let directory = try Adapters.temporaryDirectory()
    let misbehaving = directory.appendingPathComponent("misbehaving.yaml").path
    let passing = directory.appendingPathComponent("passing.yaml").path
    try ExecScenarios.signIn.write(toFile: misbehaving, atomically: true, encoding: .utf8)
    try ExecScenarios.neverSignsIn.write(toFile: passing, atomically: true, encoding: .utf8)
    let run = try Authflow.run([
      "run", "--machine", "exec:python3 \(Adapters.script) hang", "--exec-timeout", "3", misbehaving, passing,
    ])
    #expect(run.status == 1)
    #expect(run.lastLine == "1 passed, 0 failed, 1 errored")
    let handshake = try Authflow.run([
      "run", "--machine", "exec:python3 \(Adapters.script) no-ready", passing,
    ])
    #expect(handshake.status == 2)
    #expect(handshake.stderr.contains("its stderr ended with: no ready"))
    // What the adapter printed before it died is quoted: a password of the scenarios to run is hidden there too.
    let secret = directory.appendingPathComponent("secret.yaml").path
    try """
    scenario: A password the adapter prints
    steps:
      - sign_in: { email: ada@example.com, password: "ready today" }
    """.write(toFile: secret, atomically: true, encoding: .utf8)
    let hidden = try Authflow.run(["run", "--machine", "exec:python3 \(Adapters.script) no-ready", secret])
    #expect(hidden.status == 2)
    #expect(hidden.stderr.contains("its stderr ended with: no ‹password›"), "\(hidden.stderr)")
    #expect(!hidden.stderr.contains("ready today"))
  }

  // MARK: - The wire format

  @Test func messagesAreCompactLinesWithTypeFirstAndFieldsInTheirOrder() {
    let now = VirtualTime.defaultStart
    #expect(
      HarnessMessage.hello(device: "phone", now: now, user: nil, probe: false).line
        == #"{"type":"hello","protocol":1,"device":"phone","now":"2026-01-01T00:00:00Z","user":null,"probe":false}"#
    )
    let typed = Action.type([
      TypedField(name: "username", value: "ann"), TypedField(name: "password", value: "pw"),
    ])
    #expect(
      HarnessMessage.action(typed, now: now).line
        == #"{"type":"action","action":"type","args":{"username":"ann","password":"pw"},"now":"2026-01-01T00:00:00Z"}"#
    )
    let sheet = Action.signInWith(ProviderSheet(provider: .apple, outcome: .error(.userDisabled)))
    #expect(
      HarnessMessage.arguments(of: sheet).line
        == #"{"provider":"apple.com","account":null,"outcome":"error","error":"user-disabled"}"#)
  }

  private func load(_ yaml: String) throws -> Scenario {
    let loaded = ScenarioLoader().load(yaml: yaml, file: "inline.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    return try #require(loaded.scenarios.first)
  }
}

/// The adapters these tests start.
private enum Adapters {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let pythonName =
    "exec:python3 '\(repository.appendingPathComponent("Adapters/python/authkit_adapter.py").path)'"
  static let showcaseName =
    "exec:python3 '\(repository.appendingPathComponent("Adapters/python/showcase_adapter.py").path)'"
  /// One handshake for every test that uses the reference adapter.
  static let python: RunConfiguration? = {
    var configuration = RunConfiguration(machine: pythonName)
    configuration.startAdapter()
    return configuration
  }()

  static func temporaryDirectory() throws -> URL {
    let directory = TestFiles.root.appendingPathComponent("authflow-exec-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// The misbehaving adapter, written once; its first argument picks how it misbehaves.
  static let script: String = {
    let path = TestFiles.root.appendingPathComponent(
      "authflow-misbehaving-\(UUID()).py"
    )
    .path
    FileManager.default.createFile(atPath: path, contents: Data(misbehavingSource.utf8))
    return path
  }()

  /// Only `hang` and `no-newline` need a short `--exec-timeout` (3 s: long enough for a slow Python start-up); the others get a long one, so that a Python
  /// start-up slowed by a loaded machine is not taken for a quiet adapter.
  static func misbehaving(_ mode: String) throws -> RunConfiguration {
    RunConfiguration(
      machine: "exec:python3 \(script) \(mode)",
      execTimeout: .seconds(["hang", "no-newline"].contains(mode) ? 3 : 30))
  }

  /// Behaves until the scenario signs in (or, for `exit-on-event`, until the client signs itself out), then
  /// does what its mode says. Handshake modes break the `ready` itself.
  static let misbehavingSource = #"""
    import json, os, re, signal, sys, time
    mode = sys.argv[1]
    out = sys.stdout
    def send(message):
        out.write(json.dumps(message) + "\n")
        out.flush()
    view = {"state": "signedOut", "screen": "signIn", "error": None, "ui": {}}
    def call(number, method, args):
        """A harness call; events that come first are answered with the view."""
        send({"type": "call", "id": number, "method": method, "args": args})
        while True:
            reply = json.loads(sys.stdin.readline())
            if reply["type"] == "result":
                return reply
            send({"type": "done", **view})
    actions = ["launch", "terminate", "background", "foreground", "sign_in", "sign_out"]
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            if mode == "no-ready":
                sys.exit("no ready today")
            if mode == "unknown-action":
                actions.append("sign_inn")
            if mode == "exit-on-restore" and message.get("user") and not message.get("probe"):
                sys.exit("cannot restore the session")
            if message.get("user"):
                view["state"], view["screen"] = "signedIn", "home"
            send({"type": "ready", "protocol": 2 if mode == "old-protocol" else 1, "name": "misbehaving",
                  "actions": actions, "screens": ["signIn", "home"], **view})
            continue
        if message["type"] == "event" and mode == "exit-on-event":
            sys.exit(4)
        if message["type"] == "tick" and mode == "tick-calls":
            for number in range(1001):
                call(number, "fetchSignInMethods", {"email": "bob@example.com"})
        if message["type"] == "action" and message["action"] == "sign_in" and mode == "long-log":
            call(1, "log", {"text": "é" * 5000})
            call(2, "signIn", message["args"])
            view["state"], view["screen"] = "signedIn", "home"
            send({"type": "done", **view})
            continue
        if message["type"] == "action" and message["action"] == "sign_in" and mode == "email-change":
            calls = [("signIn", message["args"]), ("sendEmailChange", {"email": "ann.new@example.com"}),
                     ("updateEmail", {"email": "ann.newer@example.com"})]
            for number, (method, args) in enumerate(calls):
                send({"type": "call", "id": number, "method": method, "args": args})
                sys.stdin.readline()
            view["state"], view["screen"] = "signedIn", "home"
            send({"type": "done", **view})
            continue
        if message["type"] == "action" and message["action"] == "sign_in" and mode == "nested-claims":
            claims = {"roles": ["admin", "editor"], "org": {"id": "acme", "seats": 3, "trial": False}}
            signed_in = call(1, "signInWithCustomToken", {"uid": "staff-7", "claims": claims})
            held = call(2, "idTokenClaims", {})
            if signed_in["ok"] and held["value"] == claims:
                view["state"], view["screen"] = "signedIn", "home"
            send({"type": "done", **view})
            continue
        if message["type"] == "action" and message["action"] == "sign_in" and mode == "mfa":
            first = call(1, "signIn", message["args"])
            pending = call(2, "pendingMultiFactor", {})["value"]
            factor = pending["factors"][0]["id"] if first.get("error") == "multi-factor-auth-required" else ""
            code = call(3, "authenticatorCode", {"factor_id": factor})["value"]
            wrong = call(4, "resolveSecondFactor", {"factor_id": factor, "code": "000000" if code != "000000" else "111111"})
            done = call(5, "resolveSecondFactor", {"factor_id": factor, "code": code})
            if done["ok"] and not wrong["ok"] and done["value"]["mfa"][0]["factor"] == "totp":
                view["state"], view["screen"] = "signedIn", "home"
            send({"type": "done", **view})
            continue
        if message["type"] == "action" and message["action"] == "sign_in" and mode != "exit-on-event":
            print("about to " + mode, file=sys.stderr, flush=True)
            if mode == "exit":
                sys.exit(3)
            elif mode == "crash":
                os.kill(os.getpid(), signal.SIGSEGV)
            elif mode == "hang":
                time.sleep(60)
            elif mode == "long-line":
                out.write("x" * (2 << 20) + "\n")
                out.flush()
            elif mode == "no-newline":
                out.write(json.dumps({"type": "done", **view}))
                out.flush()
            elif mode == "many-logs":
                for number in range(1001):
                    send({"type": "call", "id": number, "method": "log", "args": {"text": "line " + str(number)}})
                    sys.stdin.readline()
            elif mode == "many-lines":
                for number in range(10001):
                    send({"type": "call", "id": number, "method": "currentUser", "args": {}})
                    sys.stdin.readline()
            elif mode == "garbage":
                out.write("my password is " + message["args"]["password"] + "\n")
                out.flush()
            elif mode == "not-an-object":
                send([1, 2])
            elif mode == "unknown-type":
                send({"type": "shout"})
            elif mode == "unknown-method":
                send({"type": "call", "id": 1, "method": "signInn", "args": {}})
            elif mode == "bad-arguments":
                send({"type": "call", "id": 1, "method": "signIn", "args": {"email": "a@example.com"}})
            elif mode == "bad-state":
                send({"type": "done", "state": "happy", "screen": "home"})
            elif mode == "fail":
                send({"type": "fail", "message": "no keychain on this device"})
            elif mode == "ids":
                echoed = []
                for id in ["123456789012345678901234567890", "9007199254740993", "-1.50", "1e400", '"a-1"']:
                    out.write('{"type": "call", "id": ' + id + ', "method": "currentUser", "args": {}}\n')
                    out.flush()
                    echoed.append(re.search(r'"id":(.*?),"ok"', sys.stdin.readline()).group(1))
                send({"type": "fail", "message": "ids came back as " + " ".join(echoed)})
            for rest in sys.stdin:
                pass
            sys.exit(0)
        send({"type": "done", **view})
    """#
}

/// Scenarios the exec tests play, inline.
enum ExecScenarios {
  static let signIn = """
    scenario: Signs in
    given:
      accounts: [{ email: ann@example.com, password: correct-horse, email_verified: true }]
    steps:
      - sign_in: { email: ann@example.com, password: correct-horse }
      - expect: { state: signedIn }
    """

  static let signInWithMFA = """
    scenario: Signs in with a second factor
    given:
      accounts: [{ email: ann@example.com, password: correct-horse, email_verified: true, mfa: [{ factor: totp }] }]
    steps:
      - sign_in: { email: ann@example.com, password: correct-horse }
      - expect: { state: signedIn, user: { mfa: [totp] } }
    """

  static let neverSignsIn = """
    scenario: Never signs in
    steps:
      - background
      - foreground
      - expect: { state: signedOut, screen: signIn }
    """

  static let verifyWhileBackgrounded = """
    scenario: Sign up, verify while backgrounded, come back signed in
    steps:
      - sign_up: { email: carol@example.com, password: Str0ng!pass }
        expect: { state: signedInUnverified, screen: verifyEmail, mail: { to: carol@example.com, kind: verify_email } }
      - background
      - follow_link: { mail: verify_email, to: carol@example.com }
      - foreground
      - expect: { state: signedIn, screen: home, user: { email_verified: true } }
    """

  static let resendCountdown = """
    scenario: The resend countdown runs with the clock
    steps:
      - sign_up: { email: mia@example.com, password: Str0ng-pass, display_name: Mia }
      - resend_verification
      - expect: { ui: { resend_seconds_left: 60, display_name: Mia } }
      - resend_verification
      - background
      - wait: 45s
      - foreground
      - expect: { ui: { resend_seconds_left: 15 }, mail: { to: mia@example.com, kind: verify_email, count: 2 } }
    """

  static let revokedDuringWait = """
    scenario: Revoked sessions end at the scheduled token refresh
    given:
      accounts: [{ email: ann@example.com, password: correct-horse, email_verified: true }]
      signed_in: { phone: ann@example.com }
    steps:
      - admin: { revoke_sessions: ann@example.com }
      - wait: 1h
      - expect: { state: signedOut, screen: signIn, error: user-token-expired }
    """

  /// More token refreshes than one step's call budget happen during the wait; none is charged to the sign-out.
  static let signOutAfterALongWait = """
    scenario: Signs out after 39 days idle
    given:
      accounts: [{ email: ann@example.com, password: correct-horse, email_verified: true }]
      signed_in: { phone: ann@example.com }
    steps:
      - wait: 39d
      - sign_out:
        expect: { state: signedOut, screen: signIn, error: none }
    """

  static let deleteWithReauthentication = """
    scenario: Delete asks for the password, a wrong one first
    given:
      accounts: [{ email: ann@example.com, password: correct-horse, email_verified: true }]
      signed_in: { phone: ann@example.com }
    steps:
      - delete_account
      - expect: { screen: reauthenticate }
      - reauthenticate: { password: wrong-horse }
      - expect: { screen: reauthenticate, error: invalid-credential }
      - reauthenticate: { password: correct-horse }
      - expect: { state: signedOut, screen: signIn, account: { email: ann@example.com, exists: false } }
    """

  static let collisionThenLinkAcrossRelaunch = """
    scenario: A pending Apple credential is lost when the app is killed
    given:
      accounts: [{ email: ann@example.com, password: correct-horse, email_verified: true }]
      identity_providers:
        apple.com: [{ email: ann@example.com, name: Ann, email_verified: false }]
    steps:
      - sign_in_with: apple.com
      - expect: { error: account-exists-with-different-credential }
      - terminate
      - launch
      - sign_in: { email: ann@example.com, password: correct-horse }
      - expect: { state: signedIn, user: { providers: [password] } }
      - sign_out
      - sign_in_with: apple.com
      - sign_in: { email: ann@example.com, password: correct-horse }
      - expect: { user: { providers: [password, apple.com] } }
    """
}
