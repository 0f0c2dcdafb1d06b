/// Plays one scenario against one machine in a world of its own, and returns its result.
///
/// Steps run in order. An expectation that does not hold fails the scenario at that step; a machine that
/// throws, lacks an action or exceeds the call budget errors it; later steps are reported as skipped.
public struct ScenarioRunner {
  public var scenario: Scenario
  public var descriptor: MachineDescriptor
  public var seed: UInt64
  /// `--strict`: every email sent and error shown must be checked before the next action, as if the scenario
  /// said `strict: true`.
  public var strict = false
  /// `--coverage`: record the machine's transitions into ``ScenarioResult/transitions``.
  public var recordsCoverage = false

  public init(scenario: Scenario, descriptor: MachineDescriptor, seed: UInt64) {
    self.scenario = scenario
    self.descriptor = descriptor
    self.seed = seed
  }

  public func run() -> ScenarioResult {
    let run = Run(
      scenario: scenario, descriptor: descriptor, seed: seed, strict: strict || scenario.strict,
      recordsCoverage: recordsCoverage)
    return run.play()
  }
}

/// The mutable state of one scenario run; `authflow explore` drives one step by step.
final class Run {
  let scenario: Scenario
  let descriptor: MachineDescriptor
  let seed: UInt64
  let world: World
  var devices: [Device] = []
  var outcomes: [StepOutcome] = []
  var failure: Failure?
  var status = ScenarioResult.Status.passed
  /// What each device showed when the transcript last said.
  var shown: [Device.Snapshot] = []
  let invariants: InvariantMonitor
  /// Exhaustive mode's bookkeeping; nil unless strict.
  var strictness: StrictTracker?
  /// The machine's transitions; nil unless coverage is recorded.
  var coverage: CoverageRecorder?

  /// Scheduled work runs at most this many times in one `wait`.
  static let scheduledWorkBudget = 100_000

  init(
    scenario: Scenario, descriptor: MachineDescriptor, seed: UInt64, strict: Bool = false,
    recordsCoverage: Bool = false, recordsTranscript: Bool = true, invariants plan: InvariantPlan? = nil
  ) {
    self.scenario = scenario
    self.descriptor = descriptor
    self.seed = seed
    self.world = World(
      settings: scenario.backend, start: scenario.given.now, seed: seed,
      redactor: Redactor(passwords: scenario.passwords))
    world.recordsTranscript = recordsTranscript
    invariants = InvariantMonitor(plan: plan ?? InvariantPlan(machine: descriptor))
    if strict { strictness = StrictTracker(devices: scenario.devices.count) }
    if recordsCoverage { coverage = CoverageRecorder() }
  }

  func play() -> ScenarioResult {
    setUpWorld()
    for step in scenario.steps {
      guard status == .passed else {
        outcomes.append(outcome(step, .skipped))
        continue
      }
      let result = perform(step)
      outcomes.append(outcome(step, result))
    }
    if status == .passed, let last = scenario.steps.last, let unchecked = uncheckedAtEnd(last) {
      outcomes[outcomes.count - 1].status = unchecked
    }
    return ScenarioResult(
      name: scenario.name, file: scenario.file, location: scenario.location, machine: descriptor.name,
      seed: seed, tags: scenario.tags, reproduces: scenario.reproduces, status: status, failure: failure,
      steps: outcomes, transcript: world.transcript, transitions: coverage?.transitions ?? [])
  }

  private func outcome(_ step: Step, _ status: StepOutcome.Status) -> StepOutcome {
    StepOutcome(
      number: step.number, location: step.location, action: step.action?.kind.rawValue ?? "expect",
      status: status)
  }

  // MARK: - Setting up

  func setUpWorld() {
    world.log("world", "scenario '\(scenario.name)' on \(descriptor.name), seed \(seed)")
    let given = scenario.given
    for provider in ProviderID.identityProviders {
      for seed in given.identityProviders[provider] ?? [] {
        addIdentityProviderAccount(provider, email: seed.email, name: seed.name, verified: seed.emailVerified)
      }
    }
    for account in given.accounts {
      for provider in account.providers {
        addIdentityProviderAccount(provider, email: account.email, name: account.displayName, verified: nil)
      }
      world.backend.seed(account, identityProviders: world.identityProviders)
      var facts = [account.emailVerified ? "verified" : "unverified"]
      if account.password != nil { facts.append("password \(world.hide(password: account.password ?? ""))") }
      facts += account.providers.map(\.rawValue)
      if account.disabled { facts.append("disabled") }
      world.log("backend", "account \(account.email) (\(facts.joined(separator: ", ")))")
    }
    for name in scenario.devices {
      let device = Device(name: name, descriptor: descriptor, world: world)
      devices.append(device)
    }
    for (deviceName, email) in given.signedIn {
      guard let device = device(named: deviceName), let account = world.backend.account(email: email) else {
        continue
      }
      device.client.restore(account.info, world.backend.issueSession(uid: account.uid))
      world.log(deviceName, "signed in as \(account.email ?? email)")
    }
    for device in devices {
      device.start()
      log(device, "launched: \(describe(device.snapshot))")
    }
    shown = devices.map(\.snapshot)
  }

  private func addIdentityProviderAccount(
    _ provider: ProviderID, email: String, name: String?, verified: Bool?
  ) {
    let email = email.lowercased()
    guard world.identityProviders.account(provider, email: email) == nil else { return }
    world.identityProviders.add(
      IdentityProviders.Account(
        provider: provider, subject: world.identifier(length: 21), email: email, name: name,
        emailVerified: verified ?? provider.verifiesEmailByDefault))
  }

  private func device(named name: String?) -> Device? {
    guard let name else { return devices.first }
    return devices.first { $0.name == name }
  }

  // MARK: - Steps

  /// Plays one step: the action, then its expectations, then the invariants.
  func perform(_ step: Step) -> StepOutcome.Status {
    guard let device = device(named: step.device) else {
      return error(step, at: step.location, "unknown device '\(step.device ?? "")'")
    }
    if let fault = machineFault() { return error(step, at: step.location, fault) }
    invariants.willPerform(step.action, on: device, world: world)
    if let action = step.action {
      if let unchecked = strictness?.unchecked(devices: devices), !unchecked.isEmpty {
        return fail(step, unchecked: unchecked, at: step.actionLocation, prefix: "step \(step.number)")
      }
      let actor = action.kind.isDeviceAction ? device.name : worldActor(for: action)
      world.log(actor, "step \(step.number): \(action.summary(world.redactor)) (line \(step.location.line))")
      if let note = step.note { world.log(actor, "note: \(note)") }
      for each in devices { each.client.callsThisStep = 0 }
      let from = coverage != nil && action.kind.isDeviceAction ? device.place : nil
      let status =
        action.kind.isDeviceAction ? perform(action, on: device, step) : perform(action, step, device)
      logChanges()
      if status == nil, let from { coverage?.record(from, action.kind, device.place ?? .notRunning) }
      strictness?.noteAfter(action, on: device, devices: devices, outbox: world.outbox, step: step.number)
      if let status { return status }
      if let fault = machineFault() { return error(step, at: step.actionLocation, fault) }
    } else {
      world.log(device.name, "step \(step.number): expect (line \(step.location.line))")
      if let note = step.note { world.log(device.name, "note: \(note)") }
    }
    for expectation in step.expectations {
      let target = device
      let result = expectation.check(device: target, devices: devices, world: world)
      let actor = expectation.readsDevice ? target.name : "world"
      if result.passed {
        world.log(actor, "✓ \(expectation.key) is \(result.expected)")
        strictness?.noteChecked(expectation, on: target, devices: devices)
        continue
      }
      world.log(
        actor, "✗ \(expectation.key): expected \(result.expected), found \(result.actual)\(result.hint)")
      status = .failed
      failure = Failure(
        step: step.number, location: expectation.location, key: expectation.key, expected: result.expected,
        actual: result.actual,
        message:
          "step \(step.number): \(expectation.key): expected \(result.expected), found \(result.actual)"
          + result.hint)
      return .failed
    }
    if let (invariant, message) = invariants.violation(
      after: step.action, on: device, devices: devices, world: world)
    {
      return fail(step, invariant: invariant, message)
    }
    return .passed
  }

  /// A problem a device's machine ran into outside an action (an out-of-process adapter that died while
  /// handling an auth-state change during `wait`), as the step's error message.
  private func machineFault() -> String? {
    for device in devices {
      if let fault = device.machine?.fault {
        return "machine '\(descriptor.name)' failed on \(device.name): \(fault)"
      }
    }
    return nil
  }

  private func worldActor(for action: Action) -> String {
    switch action {
    case .followLink: "browser"
    case .wait: "clock"
    case .admin: "admin"
    default: "backend"
    }
  }

  private func error(_ step: Step, at location: SourceLocation, _ message: String) -> StepOutcome.Status {
    world.log("authflow", "error: \(message)")
    status = .errored
    failure = Failure(
      step: step.number, location: location, key: step.action?.kind.rawValue, expected: nil, actual: nil,
      message: "step \(step.number): \(message)")
    return .errored
  }

  private func fail(_ step: Step, key: String, expected: String, actual: String) -> StepOutcome.Status {
    world.log("world", "✗ \(key): expected \(expected), found \(actual)")
    status = .failed
    failure = Failure(
      step: step.number, location: step.actionLocation, key: key, expected: expected, actual: actual,
      message: "step \(step.number): \(key): expected \(expected), found \(actual)")
    return .failed
  }

  /// A device action: checks the machine supports it, then hands it to the app. Returns a status only when
  /// the step ends here.
  private func perform(_ action: Action, on device: Device, _ step: Step) -> StepOutcome.Status? {
    if let problem = unsupported(action) {
      return error(step, at: step.actionLocation, problem)
    }
    if device.lifecycle == .terminated, action != .launch, action != .terminate {
      return error(
        step, at: step.actionLocation,
        "\(device.name) is not running (terminated); add a 'launch' step before '\(action.kind.rawValue)'")
    }
    switch action {
    case .launch:
      if device.lifecycle == .terminated {
        device.start()
        world.log(device.name, "app launched over the persisted session")
      } else {
        world.log(device.name, "already running")
      }
    case .foreground:
      device.lifecycle = .foreground
      world.log(device.name, "app comes to the foreground")
    case .background:
      world.log(device.name, "app goes to the background")
    case .terminate:
      guard device.lifecycle != .terminated else {
        world.log(device.name, "already terminated")
        return nil
      }
    default: break
    }
    guard let machine = device.machine else { return nil }
    do {
      try machine.perform(action)
    } catch {
      return self.error(step, at: step.actionLocation, "machine '\(descriptor.name)' failed: \(error)")
    }
    if device.client.budgetExceeded {
      return error(
        step, at: step.actionLocation,
        "machine '\(descriptor.name)' made more than \(AuthClient.callBudget) auth-client calls in one step")
    }
    switch action {
    case .terminate:
      device.terminate()
      world.log(device.name, "app terminated; the session stays on the device")
    case .background:
      device.lifecycle = .background
    case .launch, .foreground:
      device.client.runScheduledRefresh()
    default: break
    }
    return nil
  }

  private func unsupported(_ action: Action) -> String? {
    let kind = action.kind
    guard descriptor.supportedActions.contains(kind) else {
      let names = descriptor.supportedActions.map(\.rawValue).joined(separator: ", ")
      return "machine '\(descriptor.name)' does not support '\(kind.rawValue)'; it supports: \(names)"
    }
    let provider: ProviderID? =
      switch action {
      case .signInWith(let sheet): sheet.provider
      case .reauthenticate(.provider(let sheet)): sheet.provider
      default: nil
      }
    if let provider, let allowed = descriptor.signInProviders, !allowed.contains(provider) {
      let names = allowed.map(\.rawValue).joined(separator: ", ")
      return
        "machine '\(descriptor.name)' does not support '\(kind.rawValue)' with \(provider); it takes: \(names)"
    }
    if case .tap(let target) = action, !descriptor.tapTargets.contains(target) {
      return "machine '\(descriptor.name)' has nothing to tap named '\(target)'"
        + "\(Suggestion.didYouMean(target, in: descriptor.tapTargets)); it accepts: "
        + descriptor.tapTargets.joined(separator: ", ")
    }
    if case .type(let fields) = action,
      let field = fields.first(where: { !descriptor.typeFields.contains($0.name) })
    {
      return "machine '\(descriptor.name)' has no field '\(field.name)'"
        + "\(Suggestion.didYouMean(field.name, in: descriptor.typeFields)); it accepts: "
        + descriptor.typeFields.joined(separator: ", ")
    }
    return nil
  }

  // MARK: - World actions

  private func perform(_ action: Action, _ step: Step, _ device: Device) -> StepOutcome.Status? {
    switch action {
    case .wait(let duration):
      wait(duration)
    case .followLink(let kind, let to, let newPassword):
      return followLink(kind, to: to, newPassword: newPassword, step)
    case .admin(let adminAction):
      do {
        try world.backend.perform(adminAction)
      } catch {
        return fail(step, key: "admin", expected: "an account \(error.email)", actual: "no such account")
      }
    case .network(let online):
      device.client.isOnline = online
      world.log(device.name, online ? "online" : "offline")
      if online, device.lifecycle == .foreground { device.client.runScheduledRefresh() }
    case .failNext(let operation, let code):
      world.failNext(operation, with: code, device: step.device)
      world.log(
        "backend", "the next \(operation.rawValue) from \(step.device ?? "any device") will fail with \(code)"
      )
    default:
      break
    }
    return nil
  }

  /// Advances the clock, running each foreground device's scheduled token refresh at its due time.
  private func wait(_ duration: VirtualDuration) {
    let target = world.now + duration
    var deferred = Set<String>()
    for _ in 0..<Self.scheduledWorkBudget {
      let due = devices.compactMap { device -> (VirtualTime, Device)? in
        guard device.lifecycle == .foreground, !deferred.contains(device.name),
          let time = device.client.scheduledRefresh, time <= target
        else { return nil }
        return (max(time, world.now), device)
      }.min { $0.0 < $1.0 }
      guard let (time, device) = due else { break }
      world.advance(to: time)
      if !device.client.runScheduledRefresh()
        || device.client.scheduledRefresh.map({ $0 <= world.now }) == true
      {
        deferred.insert(device.name)
      }
      logChanges()
    }
    world.advance(to: target)
  }

  private func followLink(_ kind: MailKind, to: String, newPassword: String?, _ step: Step) -> StepOutcome
    .Status?
  {
    guard let email = world.outbox.newest(kind, to: to) else {
      return fail(
        step, key: "follow_link", expected: "a \(kind.rawValue) email to \(to.lowercased()) in the outbox",
        actual: "none (\(world.outbox.emails.count) email(s) sent in all)")
    }
    let operation: BackendOperation = kind == .verifyEmail ? .applyOobCode : .resetPassword
    let what =
      kind == .verifyEmail
      ? "applyOobCode" : newPassword == nil ? "verifyPasswordResetCode" : "confirmPasswordReset"
    let code = Redactor.shorten(email.code)
    do throws(AuthErrorCode) {
      if let injected = world.takeInjectedFailure(for: operation, device: nil) { throw injected }
      switch kind {
      case .verifyEmail: _ = try world.backend.applyVerification(code: email.code)
      case .passwordReset: _ = try world.backend.resetPassword(code: email.code, newPassword: newPassword)
      }
      world.linkError = nil
      world.log("browser", "\(what)(\(code)) → ok")
    } catch {
      world.linkError = error
      world.log("browser", "\(what)(\(code)) → \(error): the page shows the error")
    }
    return nil
  }

  // MARK: - Transcript

  private func describe(_ snapshot: Device.Snapshot) -> String {
    "\(snapshot.state) on \(snapshot.screen)" + (snapshot.error.map { ", error \($0)" } ?? "")
  }

  private func log(_ device: Device, _ text: String) { world.log(device.name, text) }

  /// Writes each device's change of state, screen or shown error since the last time this was called.
  private func logChanges() {
    guard world.recordsTranscript else { return }
    for (index, device) in devices.enumerated() {
      let new = device.snapshot
      let old = shown[index]
      guard new != old else { continue }
      shown[index] = new
      var parts: [String] = []
      if new.state != old.state { parts.append("state \(old.state) → \(new.state)") }
      if new.screen != old.screen { parts.append("screen \(old.screen) → \(new.screen)") }
      if new.error != old.error {
        parts.append(new.error.map { "shows error \($0)" } ?? "error cleared")
      }
      log(device, parts.joined(separator: ", "))
    }
  }

}
