import AuthFlowEngine
import AuthFlowLanguage

/// Shrinks a walk that broke an invariant to a minimal one that still breaks it: delta debugging over the
/// steps, then simpler arguments, then a smaller world (fewer accounts, identity-provider accounts, signed-in
/// devices and devices). Every candidate is replayed from scratch on a fresh world.
struct Shrinker {
  let machine: MachineDescriptor
  let seed: UInt64
  /// The invariant the walk broke; a candidate counts only if it breaks the same one first.
  let invariant: String
  /// Replays made so far.
  private(set) var replays = 0
  private let plan: InvariantPlan
  /// Told when each replayed step starts.
  var watch: StepWatch?
  /// With `explore --against`, the reference machine: a candidate counts when it shows something the
  /// reference does not (``Observation``), not when it breaks an invariant.
  var reference: MachineDescriptor?
  /// `--step-timeout`: how long an async machine's app has to go idle after each replayed step.
  var stepTimeout = RunConfiguration.defaultStepTimeout

  init(machine: MachineDescriptor, seed: UInt64, invariant: String) {
    self.machine = machine
    self.seed = seed
    self.invariant = invariant
    plan = InvariantPlan(machine: machine)
  }

  /// The steps of a walk, numbered and placed at synthetic locations (`explore:N:1`).
  static func steps(_ moves: [Move]) -> [Step] {
    moves.enumerated().map { offset, move in
      let location = SourceLocation(file: ExploreWorld.file, line: offset + 1, column: 1)
      return Step(
        number: offset + 1, location: location, action: move.action, actionLocation: location,
        device: move.device)
    }
  }

  /// Plays `moves` in a fresh copy of `world`: the number of the step at which the invariant broke (nil when
  /// it held throughout, or something else failed or errored first).
  mutating func breakingStep(_ moves: [Move], in world: Scenario) -> Int? {
    replays += 1
    var scenario = world
    scenario.steps = Self.steps(moves)
    if let reference { return differingStep(scenario, reference: reference) }
    let run = Run(
      scenario: scenario, descriptor: machine, seed: seed, recordsTranscript: false, invariants: plan,
      stepTimeout: stepTimeout)
    run.watch = watch
    run.setUpWorld()
    for step in scenario.steps {
      switch run.perform(step) {
      case .passed: continue
      case .failed where run.failure?.violation?.invariant == invariant: return step.number
      default: return nil
      }
    }
    return nil
  }

  /// The number of the first step after which `scenario` shows on the explored machine something other than
  /// on `reference`; nil when they agree throughout, or a step fails on either.
  private func differingStep(_ scenario: Scenario, reference: MachineDescriptor) -> Int? {
    // One after the other, as a walk plays them (`Explorer.walk`): each app alone in the process.
    let run = Run(
      scenario: scenario, descriptor: machine, seed: seed, recordsTranscript: false, stepTimeout: stepTimeout)
    run.watch = watch
    run.setUpWorld()
    var seen: [Observation] = []
    for step in scenario.steps {
      guard run.perform(step) == .passed else { break }
      seen.append(Observation(run))
    }
    run.endDrive()
    let referenceRun = Run(
      scenario: scenario, descriptor: reference, seed: seed, recordsTranscript: false,
      stepTimeout: stepTimeout)
    referenceRun.watch = watch
    referenceRun.setUpWorld()
    defer { referenceRun.endDrive() }
    let scope = Observation.Scope(machine, against: reference)
    for (index, step) in scenario.steps.enumerated() {
      // A step either fails on: no difference to keep.
      guard index < seen.count, referenceRun.perform(step) == .passed else { return nil }
      if seen[index].difference(from: Observation(referenceRun), in: scope) != nil { return step.number }
    }
    return nil
  }

  /// `moves` cut after the step that breaks the invariant, or nil when they do not break it.
  private mutating func reproduction(_ moves: [Move], in world: Scenario) -> [Move]? {
    breakingStep(moves, in: world).map { Array(moves.prefix($0)) }
  }

  /// The smallest walk and world found that still break the invariant.
  mutating func shrink(_ moves: [Move], in world: Scenario) -> (moves: [Move], world: Scenario) {
    var moves = reproduction(moves, in: world) ?? moves
    moves = removeSteps(moves, in: world)
    moves = simplifyArguments(moves, in: world)
    let smaller = shrinkWorld(world, for: moves)
    return (removeSteps(moves, in: smaller), smaller)
  }

  // MARK: - Steps

  /// Delta debugging (ddmin): removes ever smaller chunks of steps while the walk still breaks the invariant;
  /// ends 1-minimal (removing any one step loses the failure).
  private mutating func removeSteps(_ moves: [Move], in world: Scenario) -> [Move] {
    var current = moves
    var granularity = 2
    while current.count >= 2 {
      let size = (current.count + granularity - 1) / granularity
      var reduced = false
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + size, current.count))
        if let kept = reproduction(candidate, in: world) {
          current = kept
          granularity = max(granularity - 1, 2)
          reduced = true
          break
        }
        start += size
      }
      if !reduced {
        guard granularity < current.count else { break }
        granularity = min(granularity * 2, current.count)
      }
    }
    return current
  }

  // MARK: - Arguments

  /// Replaces each step by the simplest variant that still breaks the invariant.
  private mutating func simplifyArguments(_ moves: [Move], in world: Scenario) -> [Move] {
    var current = moves
    // The whole walk on the first device, when a second one is not what breaks it.
    if current.contains(where: { $0.device != nil }) {
      let oneDevice = current.map { Move(action: $0.action) }
      if let kept = reproduction(oneDevice, in: world) { current = kept }
    }
    var index = 0
    while index < current.count {
      for variant in Self.simpler(current[index], world: world) {
        var candidate = current
        candidate[index] = variant
        if let kept = reproduction(candidate, in: world) {
          current = kept
          break
        }
      }
      index += 1
    }
    return current
  }

  /// Simpler variants of a step, simplest first: on the first device, shorter waits, lowercase emails, no
  /// display name, the provider's first account, the plainest injected error.
  static func simpler(_ move: Move, world: Scenario) -> [Move] {
    var variants: [Move] = []
    if move.device != nil, move.action.kind != .network { variants.append(Move(action: move.action)) }
    func variant(_ action: Action) { variants.append(Move(action: action, device: move.device)) }
    switch move.action {
    case .wait(let duration):
      let shorter: [VirtualDuration] = [
        .seconds(1), .minutes(1), .minutes(5), .minutes(55), .hours(1), .days(1),
      ]
      for candidate in shorter where candidate < duration { variant(.wait(candidate)) }
    case .signIn(let email, let password) where email != email.lowercased():
      variant(.signIn(email: email.lowercased(), password: password))
    case .signUp(let email, let password, let displayName)
    where displayName != nil || email != email.lowercased():
      variant(.signUp(email: email.lowercased(), password: password, displayName: nil))
    case .signInWith(let sheet):
      simpler(sheet, world: world).forEach { variant(.signInWith($0)) }
    case .linkProvider(let sheet):
      simpler(sheet, world: world).forEach { variant(.linkProvider($0)) }
    case .reauthenticate(.provider(let sheet)):
      simpler(sheet, world: world).forEach { variant(.reauthenticate(.provider($0))) }
    case .failNext(let operation, let error) where error != .networkRequestFailed:
      variant(.failNext(operation: operation, error: .networkRequestFailed))
    default:
      break
    }
    return variants
  }

  private static func simpler(_ sheet: ProviderSheet, world: Scenario) -> [ProviderSheet] {
    var variants: [ProviderSheet] = []
    let first = world.given.identityProviders[sheet.provider]?.first?.email
    if sheet.account != nil, sheet.account == first {
      variants.append(ProviderSheet(provider: sheet.provider, account: nil, outcome: sheet.outcome))
    }
    if case .error(let code) = sheet.outcome, code != .invalidCredential {
      variants.append(
        ProviderSheet(provider: sheet.provider, account: sheet.account, outcome: .error(.invalidCredential)))
    }
    return variants
  }

  // MARK: - World

  /// Drops what the walk does not need from the world: signed-in devices, accounts, identity-provider accounts
  /// and devices, one at a time, keeping each removal that still breaks the invariant.
  private mutating func shrinkWorld(_ world: Scenario, for moves: [Move]) -> Scenario {
    var current = world
    func attempt(_ candidate: Scenario) -> Bool {
      guard breakingStep(moves, in: candidate) == moves.count else { return false }
      current = candidate
      return true
    }
    for entry in world.given.signedIn {
      var candidate = current
      candidate.given.signedIn.removeAll { $0.device == entry.device }
      _ = attempt(candidate)
    }
    let sheetAccounts = Set(moves.compactMap { Self.sheet(of: $0.action)?.account })
    for account in world.given.accounts
    where account.providers.isEmpty || !sheetAccounts.contains(account.email ?? "") {
      var candidate = current
      candidate.given.accounts.removeAll { $0 == account }
      candidate.given.signedIn.removeAll {
        $0.account == account.name || (account.email != nil && $0.account.email == account.email)
      }
      _ = attempt(candidate)
    }
    for provider in ProviderID.identityProviders {
      for account in world.given.identityProviders[provider] ?? []
      where !sheetAccounts.contains(account.email) {
        var candidate = current
        candidate.given.identityProviders[provider]?.removeAll { $0.email == account.email }
        if candidate.given.identityProviders[provider]?.isEmpty == true {
          candidate.given.identityProviders[provider] = nil
          if moves.contains(where: { Self.sheet(of: $0.action)?.provider == provider }) { continue }
        }
        _ = attempt(candidate)
      }
    }
    let named = Set(moves.compactMap(\.device) + current.given.signedIn.map(\.device))
    let unused = current.devices.dropFirst().filter { !named.contains($0) }
    if !unused.isEmpty {
      var candidate = current
      candidate.devices.removeAll { unused.contains($0) }
      _ = attempt(candidate)
    }
    return current
  }

  static func sheet(of action: Action) -> ProviderSheet? {
    switch action {
    case .signInWith(let sheet), .linkProvider(let sheet), .reauthenticate(.provider(let sheet)): sheet
    default: nil
    }
  }
}
