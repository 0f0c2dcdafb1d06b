import AuthFlowEngine
import AuthFlowLanguage

/// `authflow play`: a scenario written one step at a time. Each line is a step as a scenario writes it
/// (`launch`, `sign_up: {email: ada@example.com, password: "Str0ng-pass"}`, `wait: 5m`, …); the session plays
/// every step so far from the start on a fresh world (so `undo` is exact), and answers with what the new step
/// did: its transcript lines and what each device shows. `save` writes the steps as a scenario whose
/// expectations are what was observed, which then runs and passes.
public struct PlaySession {
  /// The machine played.
  public let machine: MachineDescriptor
  /// The world the session starts from (a scenario's `backend`, `given` and `devices`), without steps.
  public let world: Scenario
  let seed: UInt64
  /// The steps accepted so far.
  public private(set) var steps: [Step] = []
  /// Every password and typed value the lines gave, kept or not, in order of first appearance.
  private var mentions: [Scenario.SecretMention] = []
  /// Those each kept step gave first: with the world's, what the transcript numbers, as `run` numbers the
  /// saved file's (a password of an undone step is still hidden, but not counted).
  private var stepMentions: [[Scenario.SecretMention]] = []
  /// The widest transcript lane so far: each step's lines are printed on their own, and aligned with the
  /// earlier ones. It starts as wide as the usual lanes (the devices, `backend`, `authflow`).
  private var actorWidth: Int

  /// What the session's output must hide: the passwords given and the values typed into the machine's secret
  /// fields (and what may be one), as `authflow run` hides them.
  public var secrets: [String] {
    var scenario = world
    scenario.secretMentions = mentions
    return scenario.secrets(for: machine) + scenario.strayValues(for: machine)
  }

  /// A session on `machine` from `world` (its steps are ignored).
  public init(machine: MachineDescriptor, world: Scenario, seed: UInt64 = 0) {
    self.machine = machine
    var world = world
    world.steps = []
    self.world = world
    self.seed = seed
    mentions = world.secretMentions
    actorWidth = (world.devices + ["backend", "authflow"]).map { PlainText.visible($0).count }.max() ?? 0
  }

  /// What one step did.
  public struct Answer: Sendable {
    /// The transcript lines the step wrote.
    public var transcript: String
    /// Each running device: `phone: signedIn on home, error none, ui {greeting: Ada}`.
    public var devices: [String]
    /// Why the step did not pass (it is then not kept), or nil.
    public var problem: String?
  }

  /// Every action name, for help.
  public static let actionNames = ActionKind.allCases.map(\.rawValue).sorted()

  /// Reads `line` as a step and plays it after the others; a line that is not a valid step, or a step that
  /// errors, is not kept.
  public mutating func play(_ line: String) -> Answer {
    let loaded = ScenarioLoader().load(yaml: document(with: line), file: "play")
    for mention in loaded.scenarios.first?.secretMentions ?? [] where !mentions.contains(mention) {
      mentions.append(mention)
    }
    guard loaded.diagnostics.isEmpty, var step = loaded.scenarios.first?.steps.last else {
      let problems = loaded.diagnostics.map { "\($0.message)" }
      return Answer(transcript: "", devices: [], problem: problems.joined(separator: "; "))
    }
    step.number = steps.count + 1
    let numbered = numberedMentions
    let new = (loaded.scenarios.first?.secretMentions ?? []).filter { !numbered.contains($0) }
    let (run, before) = replay(adding: new)
    let status = run.perform(step)
    let entries = Array(run.world.transcript.dropFirst(before))
    actorWidth = max(actorWidth, entries.map { PlainText.visible($0.actor).count }.max() ?? 0)
    let transcript = TranscriptFormatter.plain(entries, indent: "  ", actorWidth: actorWidth)
    let devices = Self.describe(Observation(run))
    guard status != .errored else {
      return Answer(
        transcript: transcript, devices: devices, problem: run.failure?.message ?? "the step errored")
    }
    steps.append(step)
    stepMentions.append(new)
    return Answer(transcript: transcript, devices: devices, problem: nil)
  }

  /// The world's secrets and those of the kept steps, in order of first appearance: what a run of the saved
  /// file numbers.
  private var numberedMentions: [Scenario.SecretMention] {
    var seen = Set(world.secretMentions)
    return world.secretMentions + stepMentions.joined().filter { seen.insert($0).inserted }
  }

  /// Drops the last step; false when there is none.
  public mutating func undo() -> Bool {
    guard !steps.isEmpty else { return false }
    steps.removeLast()
    stepMentions.removeLast()
    return true
  }

  /// What each device shows now.
  public func status() -> [String] { Self.describe(Observation(replay().run)) }

  /// The session as a scenario named `name`: every step expects what its device showed after it (state,
  /// screen, error; after a link, the page), so it passes as played.
  public func scenario(named name: String) -> Scenario {
    var scenario = world
    scenario.name = name
    scenario.secretMentions = mentions
    // A file cannot name an `exec:` command (a scenario from a stranger must not run one): the command line does.
    let reference = MachineReference(machine.name)
    scenario.machine = reference.isCommand ? nil : Located(reference, at: world.location)
    scenario.seed = seed == 0 ? nil : seed
    let run = Run(scenario: scenario, descriptor: machine, seed: seed, recordsTranscript: false)
    run.setUpWorld()
    scenario.steps = steps.map { step in
      var step = step
      guard run.perform(step) == .passed, let action = step.action else { return step }
      var checks: [Expectation.Check] = []
      if action.kind.isDeviceAction {
        let device = step.device ?? scenario.defaultDevice
        if let shown = Observation(run).screens.first(where: { $0.device == device }) {
          checks = [.state(shown.state), .screen(shown.screen), .error(shown.error)]
        }
      } else if case .followLink = action {
        checks = [.linkError(run.world.linkError)]
      }
      step.expectations = checks.map { Expectation($0, at: step.location) }
      return step
    }
    return scenario
  }

  /// A fresh run with every accepted step played, and how long its transcript is; `adding` are the secrets a
  /// step about to be played gives first.
  private func replay(adding: [Scenario.SecretMention] = []) -> (run: Run, transcriptCount: Int) {
    var scenario = world
    scenario.steps = steps
    // The passwords of the kept steps (and the next one), so the transcript numbers them as `run` numbers the
    // saved file's (`‹password 2›`).
    scenario.secretMentions = numberedMentions + adding
    let run = Run(scenario: scenario, descriptor: machine, seed: seed)
    run.setUpWorld()
    for step in steps { _ = run.perform(step) }
    return (run, run.world.transcript.count)
  }

  /// The world written as a scenario with the accepted steps and `line` as the last, so the loader reads the
  /// line with every name the world declares (devices, accounts, identity-provider accounts).
  private func document(with line: String) -> String {
    var scenario = world
    scenario.name = "play"
    scenario.steps = steps
    var text = ScenarioWriter.yaml(scenario)
    if !text.hasSuffix("\n") { text += "\n" }
    return text + "  - " + line + "\n"
  }

  private static func describe(_ observation: Observation) -> [String] {
    observation.screens.map { shown in
      let ui = shown.ui.keys.sorted().map { "\($0): \(shown.ui[$0] ?? "")" }.joined(separator: ", ")
      return "\(shown.device): \(shown.state) on \(shown.screen), error \(shown.error?.rawValue ?? "none")"
        + (ui.isEmpty ? "" : ", ui {\(ui)}")
    }
  }
}
