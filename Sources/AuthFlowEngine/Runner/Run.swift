import AuthFlowLanguage

/// Plays one scenario against one machine in a world of its own: the one type that does (`run`, `mutants`,
/// and `explore`, which drives one step by step, all play through it).
///
/// Steps run in order. An expectation that does not hold fails the scenario at that step; a machine that
/// throws, lacks an action or exceeds the call budget errors it; later steps are reported as skipped.
/// Without a transcript (`recordsTranscript: false`) it builds no transcript text at all.
package final class Run {
  /// The transcript lane of authflow's own errors (`error: …`).
  static let errorActor = "authflow"

  let scenario: Scenario
  let descriptor: MachineDescriptor
  let seed: UInt64
  package let world: World
  @exclusivity(unchecked) package var devices: [Device] = []
  @exclusivity(unchecked) var outcomes: [StepOutcome] = []
  @exclusivity(unchecked) package var failure: Failure?
  @exclusivity(unchecked) package var status = ScenarioResult.Status.passed
  /// What each device showed when the transcript last said.
  @exclusivity(unchecked) var shown: [Device.Snapshot] = []
  let invariants: InvariantMonitor
  /// Exhaustive mode's bookkeeping; nil unless strict.
  @exclusivity(unchecked) var strictness: StrictTracker?
  /// The machine's transitions; nil unless coverage is recorded.
  @exclusivity(unchecked) var coverage: CoverageRecorder?
  /// Told when each step starts (see `RunConfiguration.stepTimeout`).
  @exclusivity(unchecked) package var watch: StepWatch? {
    didSet { world.adapterStarted = watch.map { watch in { watch.adopt(adapter: $0) } } }
  }
  /// Runs the app's jobs and timers when the machine is an ``AsyncMachine``; nil otherwise.
  let driver: (any AsyncAppDriver)?

  /// Rounds of scheduled work one `wait` may take (a refresh run, or a device's counted refreshes started): a
  /// guard only, since a wait takes a few per device whatever its length.
  static let scheduledWorkBudget = 100_000
  /// How many scheduled refreshes of one device a `wait` runs one by one when the app hears each new ID token
  /// (an ID-token listener), about 3.8 days of them: past that, the rest of the wait's are counted together as
  /// for any app, and the listener hears their last token once. A wait stays bounded, and within the step's
  /// call budget, whatever its length.
  static let heardRefreshesPerWait = 100

  package init(
    scenario: Scenario, descriptor: MachineDescriptor, seed: UInt64, strict: Bool = false,
    recordsCoverage: Bool = false, recordsTranscript: Bool = true, invariants plan: InvariantPlan? = nil,
    stepTimeout: Duration = RunConfiguration.defaultStepTimeout
  ) {
    self.scenario = scenario
    self.descriptor = descriptor
    self.seed = seed
    self.world = World(
      settings: scenario.backend, start: scenario.given.now, seed: seed,
      redactor: scenario.redactor(for: descriptor))
    world.recordsTranscript = recordsTranscript
    if descriptor.isAsync, #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) {
      driver = AppScheduler(
        world: world, stepTimeout: stepTimeout, namesDevices: scenario.devices.count > 1)
    } else {
      driver = nil
    }
    invariants = InvariantMonitor(plan: plan ?? InvariantPlan(machine: descriptor))
    if strict { strictness = StrictTracker(devices: scenario.devices.count) }
    if recordsCoverage { coverage = CoverageRecorder() }
  }

  /// Plays the scenario in its world and returns how it ended; a passed scenario's transcript is kept only when
  /// `keepingPassedTranscript` (dropping it before secrets are hidden saves scanning it).
  package func play(keepingPassedTranscript: Bool = true) -> ScenarioResult {
    setUpWorld()
    // An app that could not start (an adapter that died on its `hello`) errors the scenario where it starts,
    // not at its first step.
    if let fault = machineFault() {
      world.log(Self.errorActor, "error: \(fault)")
      status = .errored
      failure = Failure(step: 0, location: scenario.location, key: "machine", message: fault)
    }
    for step in scenario.steps {
      guard status == .passed else {
        outcomes.append(outcome(step, .skipped))
        continue
      }
      let result = perform(step)
      outcomes.append(outcome(step, result))
      if status != .passed { nameFlowUse(of: step) }
    }
    if status == .passed, let last = scenario.steps.last, let unchecked = uncheckedAtEnd(last) {
      outcomes[outcomes.count - 1].status = unchecked
      nameFlowUse(of: last)
    }
    driver?.end()
    return ScenarioResult(
      of: scenario, machine: descriptor.name, seed: seed, status: status, failure: failure, steps: outcomes,
      transcript: status == .passed && !keepingPassedTranscript ? [] : world.transcript,
      transitions: coverage?.transitions ?? []
    ).hiding(world.redactor)
  }

  /// A failure inside a flow also names the scenario's `use:` step (SPEC 11), as a load error there does.
  private func nameFlowUse(of step: Step) {
    guard let usedAt = step.usedAt, failure?.step == step.number else { return }
    failure?.message += " (in a flow used at \(usedAt))"
  }

  func outcome(_ step: Step, _ status: StepOutcome.Status) -> StepOutcome {
    StepOutcome(
      number: step.number, location: step.location, action: step.action?.kind.rawValue ?? "expect",
      status: status)
  }

  /// Ends an async machine's drive before the run is dropped, so the next run's begins afresh (its devices new
  /// installs, their stores empty); nothing of this run's app runs after it. Nothing for other machines.
  package func endDrive() { driver?.end() }

  // MARK: - Setting up

  package func setUpWorld() {
    world.log("world", "scenario '\(scenario.name)' on \(descriptor.name), seed \(seed)")
    let given = scenario.given
    world.populate(from: given)
    driver?.begin(owner: scenario.name)
    for name in scenario.devices {
      let device = Device(name: name, descriptor: descriptor, world: world, driver: driver)
      devices.append(device)
    }
    for (deviceName, name) in given.signedIn {
      guard let device = device(named: deviceName), let account = world.backend.account(named: name) else {
        continue
      }
      let provider: ProviderID? = account.anonymous ? .anonymous : nil
      // The session first: starting it is the account's last sign-in, which the user's metadata shows.
      let tokens = world.backend.issueSession(uid: account.uid, provider: provider)
      device.client.restore(world.backend.account(uid: account.uid)?.info ?? account.info, tokens)
      world.log(deviceName, "signed in as \(account.email ?? name.description)")
    }
    for device in devices {
      device.start()
      // What an app that failed to start shows is nobody's view: the error says what happened.
      guard device.machine?.fault == nil else { continue }
      world.log(device.name, .launched(device.snapshot))
    }
    shown = devices.map(\.snapshot)
  }

  func device(named name: String?) -> Device? {
    guard let name else { return devices.first }
    return devices.first { $0.name == name }
  }

  // MARK: - Transcript

  func log(_ device: Device, _ text: String) { world.log(device.name, text) }

  /// Writes each device's change of state, screen or shown error since the last time this was called.
  func logChanges() {
    guard world.recordsTranscript else { return }
    for (index, device) in devices.enumerated() {
      let new = device.snapshot
      let old = shown[index]
      guard new != old else { continue }
      shown[index] = new
      world.log(device.name, .changes(from: old, to: new))
    }
  }

}
