import AuthFlowEngine
import AuthFlowLanguage

/// Random walks over the actions a machine supports, with every invariant checked after every step; the
/// first walk that breaks one is shrunk to a minimal scenario (see ``ExploreFinding``).
///
/// Deterministic: the same machine, options and seed play the same walks and find the same scenario.
public struct Explorer {
  /// The machine it explores.
  public let machine: MachineDescriptor
  /// Its seed, walk count, depth and starting world.
  public let options: ExploreOptions
  let world: ExploreWorld
  /// The machine's invariants, worked out once for every walk.
  let plan: InvariantPlan
  /// Told which walk is playing and when each step starts, so a step that never ends can be noticed.
  var watch: StepWatch?
  /// `--against`: the machine each walk is also played on, whose behaviour is the reference.
  public var reference: MachineDescriptor?

  /// An explorer of `machine` with `options`; `reference` (for `--against`) is the machine to compare with.
  public init(machine: MachineDescriptor, options: ExploreOptions, reference: MachineDescriptor? = nil) {
    self.machine = machine
    self.options = options
    self.reference = reference
    world = ExploreWorld(given: options.given, machine: machine)
    plan = InvariantPlan(machine: machine)
  }

  /// Plays up to `options.runs` walks, stopping at the first that breaks an invariant; `progress` hears after
  /// each walk.
  public func explore(progress: (ExploreProgress) -> Void = { _ in }) -> ExploreOutcome {
    var seeds = SeededGenerator(seed: options.seed)
    var outcome = ExploreOutcome()
    for walk in 1...max(options.runs, 1) where options.runs > 0 {
      watch?.begin(scenario: walk)
      let ending = self.walk(seed: seeds.next())
      outcome.walks = walk
      switch ending {
      case .held(let steps):
        outcome.steps += steps
      case .interrupted(let steps, let message):
        outcome.steps += steps
        outcome.interrupted += 1
        if outcome.firstInterruption == nil { outcome.firstInterruption = message }
      case .broke(let moves, let invariant, let message):
        outcome.steps += moves.count
        outcome.finding = finding(
          invariant: invariant, message: message, moves: moves, walk: walk, steps: outcome.steps)
        progress(ExploreProgress(walks: walk, runs: options.runs, steps: outcome.steps))
        return outcome
      }
      progress(ExploreProgress(walks: walk, runs: options.runs, steps: outcome.steps))
    }
    return outcome
  }

  /// How a walk ended.
  enum Ending {
    case held(steps: Int)
    case interrupted(steps: Int, message: String)
    case broke(moves: [Move], invariant: String, message: String)
  }

  /// One walk of up to `options.depth` steps on a fresh world.
  func walk(seed: UInt64) -> Ending {
    var generator = StepGenerator(seed: seed, machine: machine, world: world)
    let run = Run(
      scenario: world.scenario, descriptor: machine, seed: options.seed, recordsTranscript: false,
      invariants: plan, stepTimeout: options.stepTimeout)
    run.watch = watch
    run.setUpWorld()
    var moves: [Move] = []
    moves.reserveCapacity(options.depth)
    var steps: [Step] = []
    // With `--against`, what the machine showed after each step it passed, compared once the walk ends.
    var seen: [Observation] = []
    var ending = Ending.held(steps: 0)
    for number in 1...max(options.depth, 1) {
      let move = generator.next(in: run)
      moves.append(move)
      let location = SourceLocation(file: ExploreWorld.file, line: number, column: 1)
      let step = Step(
        number: number, location: location, action: move.action, actionLocation: location, device: move.device
      )
      steps.append(step)
      guard run.perform(step) != .passed else {
        if reference != nil { seen.append(Observation(run)) }
        ending = .held(steps: moves.count)
        continue
      }
      let failure = run.failure
      if run.status == .failed, let violation = failure?.violation {
        ending = .broke(moves: moves, invariant: violation.invariant, message: violation.message)
      } else {
        ending = .interrupted(steps: number, message: failure?.message ?? "step \(number) did not pass")
      }
      break
    }
    guard let reference else { return ending }
    // The reference plays the walk after the machine, not beside it: an async app's process-wide things (the
    // devices' `UserDefaults`, the main queue) are then each app's alone, as two runs of `authflow run` have them.
    run.endDrive()
    return compare(steps: steps, seen: seen, ending: ending, moves: moves, with: reference)
  }

  /// The walk's ending once `reference` played its `steps`: interrupted at the first step the reference does not
  /// pass, else a difference after a step both passed (the first one), else the machine's own `ending`.
  private func compare(
    steps: [Step], seen: [Observation], ending: Ending, moves: [Move], with reference: MachineDescriptor
  ) -> Ending {
    let referenceRun = Run(
      scenario: world.scenario, descriptor: reference, seed: options.seed, recordsTranscript: false,
      stepTimeout: options.stepTimeout)
    referenceRun.watch = watch
    referenceRun.setUpWorld()
    defer { referenceRun.endDrive() }
    let scope = Observation.Scope(machine, against: reference)
    for (index, step) in steps.enumerated() {
      guard referenceRun.perform(step) == .passed else {
        let message = referenceRun.failure?.message ?? "step \(step.number) did not pass"
        return .interrupted(steps: step.number, message: "on \(reference.name): \(message)")
      }
      guard index < seen.count else { break }
      if let difference = seen[index].difference(from: Observation(referenceRun), in: scope) {
        return .broke(
          moves: Array(moves.prefix(index + 1)), invariant: Self.againstName(reference),
          message: difference.message)
      }
    }
    return ending
  }

  /// What a finding of `--against` is named where an invariant's name would go.
  static func againstName(_ reference: MachineDescriptor) -> String { "against \(reference.name)" }
}
