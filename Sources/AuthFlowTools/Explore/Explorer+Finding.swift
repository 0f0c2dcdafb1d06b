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
    if let reference, invariant == Self.againstName(reference) {
      return difference(from: reference, message: message, moves: moves, walk: walk, steps: steps)
    }
    var shrinker = Shrinker(machine: machine, seed: options.seed, invariant: invariant)
    shrinker.watch = watch
    shrinker.stepTimeout = options.stepTimeout
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
      "Found by \(options.program) explore (seed \(options.seed), walk \(walk), \(steps) steps explored\(found)). "
      + "Invariant \(invariant) catches \(catches). At step \(minimal.count): \(broken)."
      + (base.map { " It \(passes(scenario, on: $0) ? "passes" : "fails too") on \($0)." } ?? "")
    return ExploreFinding(
      invariant: invariant, catches: catches, message: broken, walk: walk, stepsToFind: steps,
      foundLength: moves.count, minimalLength: minimal.count, replays: shrinker.replays, scenario: scenario,
      yaml: ScenarioWriter.yaml(scenario), baseMachine: base)
  }

  /// A walk where the explored machine showed something other than `reference`, shrunk to a minimal scenario
  /// whose expectations are what the reference shows after each step: it passes on the reference and fails on
  /// the explored machine at its last step.
  private func difference(
    from reference: MachineDescriptor, message: String, moves: [Move], walk: Int, steps: Int
  ) -> ExploreFinding {
    let name = Self.againstName(reference)
    var shrinker = Shrinker(machine: machine, seed: options.seed, invariant: name)
    shrinker.watch = watch
    shrinker.stepTimeout = options.stepTimeout
    shrinker.reference = reference
    let (minimal, world) = shrinker.shrink(moves, in: self.world.scenario)
    var scenario = world
    scenario.steps = Shrinker.steps(minimal)
    let (pinned, lastMessage) = pinReference(scenario, reference: reference)
    scenario.steps = pinned
    let shown = lastMessage ?? message
    scenario.name = "\(machine.name) differs from \(reference.name)"
    scenario.tags = ["explore", "against"]
    scenario.reproduces = "\(name), \(options.commandLine)"
    scenario.seed = options.seed
    let machineReference = MachineReference(machine.name)
    if !machineReference.isCommand {
      scenario.machine = Located(
        machineReference, at: SourceLocation(file: ExploreWorld.file, line: 1, column: 1))
    }
    let found = moves.count == minimal.count ? "" : ", shrunk from \(moves.count) steps"
    scenario.description =
      "Found by \(options.program) explore --against \(reference.name) (seed \(options.seed), walk \(walk), \(steps) steps "
      + "explored\(found)). The expectations are what \(reference.name) shows; at step \(minimal.count) "
      + "\(machine.name) shows otherwise: \(shown)."
    let catches = "behaviour that differs from \(reference.name)"
    return ExploreFinding(
      invariant: name, catches: catches, message: shown, walk: walk, stepsToFind: steps,
      foundLength: moves.count, minimalLength: minimal.count, replays: shrinker.replays, scenario: scenario,
      yaml: ScenarioWriter.yaml(scenario), baseMachine: reference.name)
  }

  /// The steps with what `reference` shows after each (state, screen and error of the step's device, the screen
  /// only when the two machines name the same screens; the page after a link), and at the last step the checks on which the explored machine differs; and that difference.
  private func pinReference(_ scenario: Scenario, reference: MachineDescriptor) -> (
    steps: [Step], message: String?
  ) {
    var steps = scenario.steps
    let run = Run(
      scenario: scenario, descriptor: machine, seed: options.seed, recordsTranscript: false,
      stepTimeout: options.stepTimeout)
    let referenceRun = Run(
      scenario: scenario, descriptor: reference, seed: options.seed, recordsTranscript: false,
      stepTimeout: options.stepTimeout)
    run.watch = watch
    referenceRun.watch = watch
    run.setUpWorld()
    referenceRun.setUpWorld()
    let scope = Observation.Scope(machine, against: reference)
    var message: String?
    for index in steps.indices {
      let step = steps[index]
      guard run.perform(step) == .passed, referenceRun.perform(step) == .passed, let action = step.action
      else {
        break
      }
      let name = step.device ?? scenario.defaultDevice
      var checks: [(device: String?, check: Expectation.Check)] = []
      if action.kind.isDeviceAction,
        let shown = Observation(referenceRun).screens.first(where: { $0.device == name })
      {
        checks =
          [(nil, .state(shown.state))] + (scope.screens ? [(nil, .screen(shown.screen))] : [])
          + [(nil, .error(shown.error))]
      } else if case .followLink = action {
        checks = [(nil, .linkError(referenceRun.world.linkError))]
      }
      if index == steps.count - 1,
        let difference = Observation(run).difference(from: Observation(referenceRun), in: scope)
      {
        message = difference.message
        let device = difference.device.flatMap { $0 == name ? nil : $0 }
        let key = { (check: Expectation.Check) in Expectation(check, at: step.location).key }
        let own = Set(checks.map { key($0.check) })
        checks += difference.checks.filter { device != nil || !own.contains(key($0)) }.map { (device, $0) }
      }
      var expectations = checks.enumerated().map { offset, entry in
        Expectation(
          entry.check, at: SourceLocation(file: ExploreWorld.file, line: step.number, column: offset + 2))
      }
      // A check about another device than the step's goes on a step of its own, on that device.
      if let other = checks.first(where: { $0.device != nil })?.device {
        let own = expectations.enumerated().filter { checks[$0.offset].device == nil }.map(\.element)
        let theirs = expectations.enumerated().filter { checks[$0.offset].device != nil }.map(\.element)
        expectations = own
        steps[index].expectations = expectations
        var extra = Step(
          number: step.number + 1, location: step.location, action: nil, actionLocation: step.location,
          device: other)
        extra.expectations = theirs
        steps.append(extra)
        break
      }
      steps[index].expectations = expectations
    }
    return (steps, message)
  }

  /// Whether `scenario` passes on the machine named `name`.
  private func passes(_ scenario: Scenario, on name: String) -> Bool {
    guard let descriptor = options.registry.descriptor(named: name) else { return false }
    let run = Run(
      scenario: scenario, descriptor: descriptor, seed: options.seed, recordsTranscript: false,
      stepTimeout: options.stepTimeout)
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
    let run = Run(
      scenario: scenario, descriptor: machine, seed: options.seed, recordsTranscript: false,
      stepTimeout: options.stepTimeout)
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
      let run = Run(
        scenario: scenario, descriptor: descriptor, seed: options.seed, recordsTranscript: false,
        stepTimeout: options.stepTimeout)
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
