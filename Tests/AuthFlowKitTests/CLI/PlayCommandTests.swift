import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `authflow play`: a scenario written one step at a time, through the library and through a terminal.
@Suite struct PlayCommandTests {
  @Test func stepsPlayAtOnceUndoIsExactAndTheSavedScenarioPasses() throws {
    let descriptor = try #require(MachineRegistry.builtIn.descriptor(named: "authkit"))
    let world = Scenario(
      name: "world", file: "w.yaml", location: SourceLocation(file: "w.yaml", line: 1, column: 1),
      given: Given(accounts: [
        AccountSeed(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)
      ]),
      steps: [])
    var session = PlaySession(machine: descriptor, world: world)
    let launched = session.play("launch")
    #expect(launched.problem == nil)
    #expect(launched.devices == ["phone: signedOut on signIn, error none, ui {resend_seconds_left: 0}"])
    let wrong = session.play(#"sign_in: {email: bob@example.com, password: "wrong-pass1"}"#)
    #expect(wrong.devices.first?.contains("error invalid-credential") == true, "\(wrong.devices)")
    #expect(wrong.transcript.contains("signInWithPassword(bob@example.com"), "\(wrong.transcript)")
    let typo = session.play("sign_inn")
    #expect(typo.problem == "unknown action 'sign_inn'; did you mean 'sign_in'?")
    #expect(session.steps.count == 2)
    let undone = session.undo()
    #expect(undone)
    let right = session.play(#"sign_in: {email: bob@example.com, password: "Str0ng-pass"}"#)
    #expect(right.devices.first?.hasPrefix("phone: signedIn on home") == true, "\(right.devices)")

    let scenario = session.scenario(named: "Bob signs in")
    #expect(
      scenario.steps.map { $0.expectations.map(\.key) } == [
        ["state", "screen", "error"], ["state", "screen", "error"],
      ])
    let reloaded = ScenarioLoader().load(yaml: ScenarioWriter.yaml(scenario), file: "saved.yaml")
    let saved = try #require(reloaded.scenarios.first, "\(reloaded.diagnostics)")
    #expect(RunConfiguration().run(saved).status == .passed)
  }

  @Test func aPersonAtATerminalCompletesUndoesAndSaves() throws {
    let save = TestFiles.root.appendingPathComponent(
      "played-\(UUID().uuidString).yaml")
    let script = Repository.root.appendingPathComponent("Tests/AuthFlowKitTests/Fixtures/Play/pty_session.py")
    let output = try Python.run([script.path, Authflow.executable.path, save.path])
    #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
    let shown = output.stdout
    #expect(shown.contains("1> launch"), "Tab completed 'lau': \(shown)")
    #expect(shown.contains("2> sign_up: {email"), "Tab completed 'sign_u' and 'em': \(shown)")
    #expect(shown.contains("ada@example.com, password: "), "Tab completed 'pas': \(shown)")
    #expect(shown.contains("phone: signedInUnverified on verifyEmail"), "\(shown)")
    #expect(shown.contains("undone; 1 step(s) left"), "\(shown)")
    #expect(shown.contains("it passes"), "\(shown)")
    let saved = try String(contentsOf: save, encoding: .utf8)
    #expect(saved.contains("  - launch:") && !saved.contains("sign_up"), "\(saved)")
  }

  /// `play` fed `lines` as typed, then ^D: its status and everything it printed.
  private func play(_ lines: [String], _ request: Commands.PlayRequest = Commands.PlayRequest())
    -> (Commands.ExitStatus, String)
  {
    let printed = Printed()
    let io = CommandIO(out: { printed.append($0) }, err: { printed.append($0) })
    var lines = lines
    let status = Commands.play(request, io: io) { _ in lines.isEmpty ? nil : lines.removeFirst() }
    return (status, printed.value)
  }

  @Test func theStepsItPrintsHideTheirPasswords() {
    let (status, printed) = play([#"sign_up: {email: ada@example.com, password: "Sup3r-secret"}"#, "steps"])
    #expect(status == .success)
    #expect(printed.contains("sign_up: { email: ada@example.com, password:"), "\(printed)")
    #expect(!printed.contains("Sup3r-secret"), "\(printed)")
  }

  /// The saved file is a scenario like one written by hand: it holds the password typed (so it replays what
  /// was played), while the screen, the save's own answer included, never shows it.
  @Test func theSavedFileHoldsThePasswordTheScreenHides() throws {
    let path = TestFiles.root.appendingPathComponent(
      "saved-\(UUID().uuidString).yaml")
    defer { try? FileManager.default.removeItem(at: path) }
    let (status, printed) = play([
      #"sign_up: {email: ada@example.com, password: "Sup3r-secret"}"#, "save \(path.path)",
    ])
    #expect(status == .success)
    #expect(printed.contains("it passes") && !printed.contains("Sup3r-secret"), "\(printed)")
    let saved = try String(contentsOf: path, encoding: .utf8)
    #expect(
      saved.contains("password: Sup3r-secret") || saved.contains(#"password: "Sup3r-secret""#), "\(saved)")
  }

  /// Saving before any step is kept (or after undoing every one) writes nothing: a scenario needs a step.
  @Test func savingWithNoStepsWritesNoFile() {
    let path = TestFiles.root.appendingPathComponent(
      "empty-\(UUID().uuidString).yaml")
    defer { try? FileManager.default.removeItem(at: path) }
    let (status, printed) = play(["launch", "undo", "save \(path.path)"])
    #expect(status == .success)
    #expect(printed.contains("nothing to save yet: play a step first"), "\(printed)")
    #expect(!FileManager.default.fileExists(atPath: path.path))
  }

  /// `save` replaces a file the session wrote (saving again after more steps), never one it did not: the
  /// `--given` scenario the session started from, say.
  @Test func savingNeverReplacesAFileTheSessionDidNotWrite() throws {
    let directory = TestFiles.root
    let mine = directory.appendingPathComponent("mine-\(UUID().uuidString).yaml")
    let theirs = directory.appendingPathComponent("theirs-\(UUID().uuidString).yaml")
    defer { for file in [mine, theirs] { try? FileManager.default.removeItem(at: file) } }
    try "hand-written\n".write(to: theirs, atomically: true, encoding: .utf8)
    let (status, printed) = play([
      "launch", "save \(theirs.path)", "save \(mine.path)", "background", "save \(mine.path)",
    ])
    #expect(status == .success)
    #expect(
      printed.contains("not saved: \(theirs.path) exists and this session did not write it"), "\(printed)")
    #expect(try String(contentsOf: theirs, encoding: .utf8) == "hand-written\n")
    let saved = try String(contentsOf: mine, encoding: .utf8)
    #expect(saved.contains("- background"), "the second save replaced the first: \(saved)")
  }

  /// Each step's lines are printed on their own, yet read as one transcript: passwords numbered as `run`
  /// numbers them (two different ones are told apart), and the actors' column as wide from the first step on.
  @Test func theTranscriptNumbersPasswordsAndKeepsOneColumn() {
    let (status, printed) = play([
      "launch", #"sign_up: {email: ada@example.com, password: "Sup3r-secret"}"#, "sign_out",
      #"sign_in: {email: ada@example.com, password: "wrong-pass1"}"#,
    ])
    #expect(status == .success)
    #expect(printed.contains("signUp(ada@example.com, ‹password 1›) → ok"), "\(printed)")
    #expect(
      printed.contains("signInWithPassword(ada@example.com, ‹password 2›) → invalid-credential"), "\(printed)"
    )
    // An undone step's password is still hidden, but numbers no more: as in a run of the saved file.
    let (_, redone) = play([
      #"sign_up: {email: ada@example.com, password: "Sup3r-secret"}"#, "undo",
      #"sign_up: {email: ada@example.com, password: "0ther-secret"}"#,
    ])
    #expect(redone.contains("signUp(ada@example.com, ‹password 1›) → ok"), "\(redone)")
    #expect(!redone.contains("Sup3r-secret") && !redone.contains("0ther-secret"))
    let lines = printed.split(separator: "\n").filter { $0.hasPrefix("  2026-") }
    let columns = Set(
      lines.map { line in
        line.dropFirst("  2026-01-01T00:00:00Z  ".count).prefix { $0 != " " }.count
          + line.dropFirst("  2026-01-01T00:00:00Z  ".count).drop { $0 != " " }.prefix { $0 == " " }.count
      })
    #expect(lines.count > 8 && columns.count == 1, "\(printed)")
  }

  /// A session on an `exec:` adapter saves a file that loads: a file cannot name a command, so it names no
  /// machine, and the save plays it on the session's adapter.
  @Test func aSessionOnAnAdapterSavesAFileThatLoads() throws {
    let adapter = Repository.root.appendingPathComponent("Adapters/python/authkit_adapter.py").path
    let machine = "exec:python3 '\(adapter)'"
    let path = TestFiles.root.appendingPathComponent("exec-\(UUID().uuidString).yaml")
    defer { try? FileManager.default.removeItem(at: path) }
    let (status, printed) = play(
      ["launch", "save \(path.path)"], Commands.PlayRequest(machine: machine))
    #expect(status == .success)
    #expect(
      printed.contains("wrote \(path.path): it passes on --machine \(machine), which the file cannot name"),
      "\(printed)")
    let saved = try String(contentsOf: path, encoding: .utf8)
    #expect(!saved.contains("machine:"), "\(saved)")
    #expect(ScenarioLoader().load(paths: [path.path]).diagnostics.isEmpty)
  }

  @Test func aValueTypedIntoASecretFieldIsHiddenToo() {
    let (status, printed) = play(
      [#"type: {username: ada@example.com, password: "Sup3r-secret"}"#, "status", "steps"],
      Commands.PlayRequest(machine: "paper"))
    #expect(status == .success)
    #expect(printed.contains("type {username: ada@example.com"), "\(printed)")
    #expect(!printed.contains("Sup3r-secret"), "\(printed)")
  }
}
