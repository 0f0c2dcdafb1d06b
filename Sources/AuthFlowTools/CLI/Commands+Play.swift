import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension Commands {
  /// What `authflow play` needs: the machine, and the scenario file whose world to start from.
  public struct PlayRequest: Sendable {
    /// The machine to play (`--machine`).
    public var machine: String
    /// A scenario file whose `backend`, `given` and `devices` start the session (`--given`); nil: an empty world.
    public var given: String?
    /// Seeds ids and codes (`--seed`).
    public var seed: UInt64
    /// The machines `machine` may name.
    public var registry: MachineRegistry

    /// A session's settings.
    public init(
      machine: String = MachineRegistry.defaultMachine, given: String? = nil, seed: UInt64 = 0,
      registry: MachineRegistry = .builtIn
    ) {
      self.machine = machine
      self.given = given
      self.seed = seed
      self.registry = registry
    }
  }

  /// The session's own commands, besides steps.
  public static let playCommands = ["help", "status", "steps", "undo", "save", "quit"]

  /// `authflow play`: reads lines from `readLine` (given the prompt; nil ends the session) and answers each.
  /// A line is a step (`sign_in: {email: …, password: …}`) or one of ``playCommands``.
  public static func play(
    _ request: PlayRequest, io: CommandIO = .standard, readLine: (String) -> String?
  ) -> ExitStatus {
    let configuration = RunConfiguration(machine: request.machine, registry: request.registry)
    guard let machine = descriptor(request.machine, in: configuration, io: io) else { return .invalidInput }
    // An async app runs on the main thread, as in `run` (MainThread), and so does the session that drives it.
    guard machine.isAsync else { return play(request, machine: machine, io: io, readLine: readLine) }
    return MainThread.perform { play(request, machine: machine, io: io, readLine: readLine) }
  }

  private static func play(
    _ request: PlayRequest, machine: MachineDescriptor, io: CommandIO, readLine: (String) -> String?
  ) -> ExitStatus {
    var world = Scenario(
      name: "play", file: "play", location: SourceLocation(file: "play", line: 1, column: 1), steps: [])
    if let path = request.given {
      var loader = ScenarioLoader(machineNames: request.registry.names)
      loader.readsWorldOnly = true
      let loaded = loader.load(paths: [path])
      guard loaded.diagnostics.isEmpty, let first = loaded.scenarios.first else {
        printDiagnostics(loaded, io: io)
        if loaded.diagnostics.isEmpty { io.err("error: '\(path)' holds no scenario\n") }
        return .invalidInput
      }
      world = first
    }
    var session = PlaySession(machine: machine, world: world, seed: request.seed)
    // The files this session wrote: `save` replaces one of them, never a file it did not write (the `--given`
    // scenario, say), which the user would lose.
    var saved: Set<String> = []
    io.out(
      "playing \(machine.name)\(request.given.map { " from \($0)" } ?? ""); type a step, or help\n")
    let output = io
    while let line = readLine("\(session.steps.count + 1)> ") {
      let text = line.trimmingCharacters(in: .whitespaces)
      let words = text.split(separator: " ", maxSplits: 1).map(String.init)
      // What the session prints hides every password and secret value given so far, as `run` does.
      var io: CommandIO { output.hiding(session.secrets) }
      switch words.first {
      case nil: continue
      case "help":
        io.out(
          "a step as a scenario writes it, e.g. sign_up: {email: ada@example.com, password: \"Str0ng-pass\"}\n"
            + "  status        what each device shows\n  steps         the steps so far\n"
            + "  undo          forget the last step\n  save FILE     write the session as a scenario, and say whether it passes\n"
            + "  quit          end (so does ^D)\n  actions: \(PlaySession.actionNames.joined(separator: ", "))\n"
        )
      case "status":
        for line in session.status() { io.out("  \(line)\n") }
      case "steps":
        // The steps as a file would hold them, but on the screen without their passwords (as a transcript).
        io.out(ScenarioWriter.yaml(session.scenario(named: "play")))
      case "undo":
        io.out(session.undo() ? "undone; \(session.steps.count) step(s) left\n" : "nothing to undo\n")
        for line in session.status() { io.out("  \(line)\n") }
      case "save":
        guard words.count == 2 else {
          io.out("save needs a file: save FILE\n")
          continue
        }
        // A scenario needs a step: a file without one would not load.
        guard !session.steps.isEmpty else {
          io.out("nothing to save yet: play a step first\n")
          continue
        }
        let path = URL(fileURLWithPath: words[1]).standardizedFileURL.path
        guard saved.contains(path) || !FileManager.default.fileExists(atPath: path) else {
          io.out("not saved: \(words[1]) exists and this session did not write it; save to a new file\n")
          continue
        }
        if save(session, to: words[1], machine: request.machine, registry: request.registry, io: io) {
          saved.insert(path)
        }
      case "quit", "exit":
        return .success
      default:
        let answer = session.play(text)
        if !answer.transcript.isEmpty { io.out(answer.transcript + "\n") }
        for line in answer.devices { io.out("  \(line)\n") }
        if let problem = answer.problem { io.out("not kept: \(problem)\n") }
      }
    }
    return .success
  }

  /// Writes the session to `path` as a scenario, then loads and runs it and says how it went; false when it
  /// could not write the file.
  private static func save(
    _ session: PlaySession, to path: String, machine: String, registry: MachineRegistry, io: CommandIO
  ) -> Bool {
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      .replacingOccurrences(of: "-", with: " ")
    let yaml = ScenarioWriter.yaml(session.scenario(named: name.isEmpty ? "played" : name))
    var files = OutputFiles(io: io)
    // The file holds the passwords typed, as a scenario written by hand would: the screen never shows them.
    guard write(yaml, to: path, what: "the scenario", files: &files, io: io, verbatim: true) else {
      return false
    }
    let loaded = ScenarioLoader(machineNames: registry.names).load(paths: [path])
    guard loaded.diagnostics.isEmpty, let scenario = loaded.scenarios.first else {
      io.out("wrote \(path), but it does not load: \(loaded.diagnostics.map(\.description))\n")
      return true
    }
    // On the session's machine: an `exec:` one is not in the file, which says the others.
    let result = RunConfiguration(machine: machine, registry: registry).run(scenario)
    let outcome = result.status == .passed ? "it passes" : "it \(result.status.rawValue)"
    let command =
      MachineReference(machine).isCommand ? " on --machine \(machine), which the file cannot name" : ""
    io.out("wrote \(path): \(outcome)\(command)\n")
    return true
  }
}
