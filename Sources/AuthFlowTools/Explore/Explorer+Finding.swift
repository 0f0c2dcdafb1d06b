import AuthFlowEngine
import AuthFlowLanguage

/// An invariant a walk broke, shrunk to a minimal scenario that breaks it the same way.
public struct ExploreFinding: Sendable {
  /// The invariant's name.
  public var invariant: String
  /// The bug it catches.
  public var catches: String
  /// What was wrong at the last step of the minimal scenario.
  public var message: String
  /// The walk that broke it (1-based) and the steps explored until then, that walk's included.
  public var walk: Int
  /// Steps explored until the finding, the finding walk's included.
  public var stepsToFind: Int
  /// Steps of the walk as found, and of the minimal scenario.
  public var foundLength: Int
  /// Steps of the minimal scenario.
  public var minimalLength: Int
  /// Walks replayed while shrinking.
  public var replays: Int
  /// The minimal scenario: `reproduces:` names the invariant and the command; steps before the last pin what
  /// the app showed.
  public var scenario: Scenario
  /// The scenario as a file.
  public var yaml: String
  /// The machine the bug is a variant of (`authkit` for `authkit~…`), when the registry has it.
  public var baseMachine: String?
}

extension Explorer {
  func finding(invariant: String, message: String, moves: [Move], walk: Int, steps: Int) -> ExploreFinding {
    var shrinker = Shrinker(machine: machine, seed: options.seed, invariant: invariant)
    shrinker.watch = watch
    let (minimal, world) = shrinker.shrink(moves, in: self.world.scenario)
    let catches = (Invariant.builtIn + machine.invariants).first { $0.name == invariant }?.catches ?? ""
    let base = baseMachine
    var scenario = world
    scenario.steps = Shrinker.steps(minimal)
    let (pinned, lastMessage) = pin(scenario)
    scenario.steps = pinned
    if let base { scenario.steps = keepingWhatHolds(on: base, scenario) }
    let broken = lastMessage ?? message
    scenario.name = "\(machine.name) breaks invariant \(invariant)"
    scenario.tags = ["explore"]
    scenario.reproduces = "invariant \(invariant), \(options.commandLine)"
    scenario.seed = options.seed
    let reference = MachineReference(machine.name)
    if !reference.isCommand {
      scenario.machine = Located(reference, at: SourceLocation(file: ExploreWorld.file, line: 1, column: 1))
    }
    let found = moves.count == minimal.count ? "" : ", shrunk from \(moves.count) steps"
    scenario.description =
      "Found by authflow explore (seed \(options.seed), walk \(walk), \(steps) steps explored\(found)). "
      + "Invariant \(invariant) catches \(catches). At step \(minimal.count): \(broken)."
      + (base.map { " It \(passes(scenario, on: $0) ? "passes" : "fails too") on \($0)." } ?? "")
    return ExploreFinding(
      invariant: invariant, catches: catches, message: broken, walk: walk, stepsToFind: steps,
      foundLength: moves.count, minimalLength: minimal.count, replays: shrinker.replays, scenario: scenario,
      yaml: ScenarioWriter.yaml(scenario), baseMachine: base)
  }

  /// Whether `scenario` passes on the machine named `name`.
  private func passes(_ scenario: Scenario, on name: String) -> Bool {
    guard let descriptor = options.registry.descriptor(named: name) else { return false }
    let run = Run(scenario: scenario, descriptor: descriptor, seed: options.seed, recordsTranscript: false)
    run.watch = watch
    return run.play().status == .passed
  }

  /// `authkit` for `authkit~mutant`, when the registry has it.
  var baseMachine: String? {
    guard let base = MachineReference(machine.name).base else { return nil }
    return options.registry.descriptor(named: base) == nil ? nil : base
  }

  /// The steps with, on each step but the last, what the app showed after it (state, screen, error) and, after
  /// a link, what the page showed; and the message of the invariant the last step breaks.
  private func pin(_ scenario: Scenario) -> (steps: [Step], message: String?) {
    var steps = scenario.steps
    let run = Run(scenario: scenario, descriptor: machine, seed: options.seed, recordsTranscript: false)
    run.watch = watch
    run.setUpWorld()
    for index in steps.indices {
      let step = steps[index]
      guard run.perform(step) == .passed else { return (steps, run.failure?.actual) }
      guard index < steps.count - 1, let action = step.action else { continue }
      var checks: [Expectation.Check] = []
      if action.kind.isDeviceAction {
        let name = step.device ?? scenario.defaultDevice
        if let machine = run.devices.first(where: { $0.name == name })?.machine {
          checks = [.state(machine.state), .screen(machine.screen)]
          if let error = machine.error { checks.append(.error(error)) }
        }
      } else if case .followLink = action {
        checks = [.linkError(run.world.linkError)]
      }
      steps[index].expectations = checks.enumerated().map { offset, check in
        Expectation(check, at: SourceLocation(file: ExploreWorld.file, line: step.number, column: offset + 2))
      }
    }
    return (steps, nil)
  }

  /// Drops the pinned expectations that do not hold on `base`, so the scenario passes there and fails on the
  /// explored machine only through the invariant.
  private func keepingWhatHolds(on base: String, _ scenario: Scenario) -> [Step] {
    guard let descriptor = options.registry.descriptor(named: base) else { return scenario.steps }
    var scenario = scenario
    for _ in 0...scenario.steps.reduce(0, { $0 + $1.expectations.count }) {
      let run = Run(scenario: scenario, descriptor: descriptor, seed: options.seed, recordsTranscript: false)
      run.watch = watch
      let result = run.play()
      guard result.status == .failed, let failure = result.failure, failure.step >= 1,
        failure.key != nil, failure.violation == nil
      else { break }
      scenario.steps[failure.step - 1].expectations.removeAll { $0.location == failure.location }
    }
    return scenario.steps
  }
}
