import AuthFlowLanguage
import Foundation

/// `--jobs N`: scenarios run on N threads, their results handed back in load order; a step that never
/// ends errors its scenario instead of stopping the run.
extension RunConfiguration {
  /// Runs `scenarios` on `jobs` worker threads (at least one) and calls `handle` with each result in load
  /// order, once it and every result before it are done: the output of `--jobs 4` is the output of
  /// `--jobs 1`, only sooner. Each scenario builds its own world, machine and clock, so runs share nothing.
  ///
  /// `handle` is called one result at a time, from whichever worker finished the result that completed the
  /// sequence so far; the calling thread waits, and watches the steps: a step still running after
  /// ``stepTimeout`` (a machine that loops without calling its client, say) errors its scenario with a
  /// message saying so, and a new worker takes over the remaining scenarios. The stuck thread cannot be
  /// stopped from outside; it is left running, and its result, if it ever comes, is ignored.
  ///
  /// `keepingDetail: false` returns each result without its transcript and step outcomes once `handle` has
  /// seen it, so that memory holds a line per scenario, not a transcript per scenario. `narration` says
  /// which results carry a transcript at all.
  public func run(
    _ scenarios: [Scenario], jobs: Int, keepingDetail: Bool = true, narration: Narration = .every,
    handle: @escaping (ScenarioResult) -> Void = { _ in }
  ) -> [ScenarioResult] {
    guard !scenarios.isEmpty else { return [] }
    let board = ResultBoard(
      count: scenarios.count, keepingDetail: keepingDetail, handle: UncheckedSendable(handle))
    func start() {
      let watch = StepWatch()
      board.enlist(watch)
      let thread = Thread { [self] in
        while !watch.isAbandoned, let index = board.claim() {
          // Async machines share the process's one queue: their scenarios take turns, and waiting for the
          // turn is not a step.
          let turn = runsAsync(scenarios[index])
          if turn, let problem = AsyncTurn.take(owner: scenarios[index].name, token: watch) {
            board.post(refused(scenarios[index], problem), at: index)
            continue
          }
          watch.begin(scenario: index)
          let result = run(scenarios[index], narration: narration, watch: watch)
          // Idle while handing results over (a slow reader of the output is not a stuck step).
          watch.finish()
          if turn { AsyncTurn.give() }
          if !watch.isAbandoned { board.post(result, at: index) }
        }
        board.discharge(watch)
      }
      // Room for a deep machine stack even where secondary threads default to 512 KiB (Darwin).
      thread.stackSize = 8 << 20
      thread.start()
    }
    for _ in 0..<max(1, min(jobs, scenarios.count)) { start() }
    let tick = StepWatch.checkInterval(for: stepTimeout)
    while !board.waitUntilDone(for: tick) {
      for (watch, stuck) in board.stuckSteps(longerThan: stepTimeout) {
        let scenario = scenarios[stuck.scenario]
        board.post(timedOut(scenario, at: stuck.step), at: stuck.scenario)
        board.discharge(watch)
        AsyncTurn.poison(heldBy: watch)
        start()
      }
    }
    return board.results
  }

  /// The result of an async-machine scenario that could not get the process's queue.
  private func refused(_ scenario: Scenario, _ message: String) -> ScenarioResult {
    ScenarioResult(
      name: scenario.name, file: scenario.file, location: scenario.location,
      machine: machineReference(for: scenario).description,
      seed: seed ?? scenario.seed ?? Self.defaultSeed, tags: scenario.tags, reproduces: scenario.reproduces,
      status: .errored,
      failure: Failure(step: 0, location: scenario.location, key: "machine", message: message),
      steps: scenario.steps.map {
        StepOutcome(
          number: $0.number, location: $0.location, action: $0.action?.kind.rawValue ?? "expect",
          status: .skipped)
      }, transcript: [])
  }

  /// The result of a scenario whose step `number` did not end within ``stepTimeout``.
  private func timedOut(_ scenario: Scenario, at number: Int) -> ScenarioResult {
    let name = machineReference(for: scenario)
    let step = scenario.steps.first { $0.number == number }
    let action = step.map { $0.action?.kind.rawValue ?? "expect" }
    let doing =
      action.map { "step \(number): machine '\(name)' did not finish '\($0)'" }
      ?? "machine '\(name)' did not finish setting up the scenario's world"
    let message =
      "\(doing) within \(Self.seconds(stepTimeout)) (--step-timeout); it may be looping without calling its "
      + "auth client. It was left running; the other scenarios ran."
    return ScenarioResult(
      name: scenario.name, file: scenario.file, location: scenario.location, machine: name.description,
      seed: seed ?? scenario.seed ?? Self.defaultSeed, tags: scenario.tags, reproduces: scenario.reproduces,
      status: .errored,
      failure: Failure(
        step: number, location: step?.actionLocation ?? scenario.location, key: action, message: message),
      steps: scenario.steps.map {
        StepOutcome(
          number: $0.number, location: $0.location, action: $0.action?.kind.rawValue ?? "expect",
          status: $0.number < number ? .passed : $0.number == number ? .errored : .skipped)
      }, transcript: [])
  }
}

extension RunConfiguration {
  /// A duration as a person writes it: `10s`, `0.5s`.
  package static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = attoseconds / 1_000_000_000_000_000
    return milliseconds == 0 ? "\(seconds)s" : "\(Double(seconds) + Double(milliseconds) / 1000)s"
  }
}

/// The work of a parallel run: which scenario each worker takes next, the results posted so far, and the
/// turn to hand results over in load order.
///
/// `@unchecked Sendable` because every stored property is read and written only while `condition` is
/// locked, except `results`, which only the thread holding the delivery turn touches (and the caller, once
/// every result is delivered).
private final class ResultBoard: @unchecked Sendable {
  private let condition = NSCondition()
  private var next = 0
  private var slots: [ScenarioResult?]
  private var filled: [Bool]
  private var delivered = 0
  private var delivering = false
  private var watches: [StepWatch] = []
  private let keepingDetail: Bool
  private let handle: UncheckedSendable<(ScenarioResult) -> Void>
  private(set) var results: [ScenarioResult] = []

  init(count: Int, keepingDetail: Bool, handle: UncheckedSendable<(ScenarioResult) -> Void>) {
    slots = Array(repeating: nil, count: count)
    filled = Array(repeating: false, count: count)
    results.reserveCapacity(count)
    self.keepingDetail = keepingDetail
    self.handle = handle
  }

  func enlist(_ watch: StepWatch) {
    condition.withLock { watches.append(watch) }
  }

  /// Stops counting on a worker (its step is stuck); it claims nothing more.
  func discharge(_ watch: StepWatch) {
    watch.abandon()
    condition.withLock { watches.removeAll { $0 === watch } }
  }

  /// The index of the next scenario to run, or nil when every one has been claimed.
  func claim() -> Int? {
    condition.withLock {
      guard next < slots.count else { return nil }
      next += 1
      return next - 1
    }
  }

  /// Posts a result (the first one posted for a scenario counts) and, unless another thread is already at
  /// it, hands over every result that is now next in load order.
  func post(_ result: ScenarioResult, at index: Int) {
    condition.lock()
    guard !filled[index] else {
      condition.unlock()
      return
    }
    filled[index] = true
    slots[index] = result
    guard !delivering else {
      condition.unlock()
      return
    }
    delivering = true
    while delivered < slots.count, let ready = slots[delivered] {
      slots[delivered] = nil
      condition.unlock()
      handle.value(ready)
      results.append(kept(ready))
      condition.lock()
      // Counted only now: the caller returns `results` as soon as this reaches the end.
      delivered += 1
    }
    delivering = false
    if delivered == slots.count { condition.broadcast() }
    condition.unlock()
  }

  private func kept(_ result: ScenarioResult) -> ScenarioResult {
    guard !keepingDetail else { return result }
    var trimmed = result
    trimmed.transcript = []
    trimmed.steps = []
    return trimmed
  }

  /// Waits up to `interval` for every result to be handed over; true when they have been.
  func waitUntilDone(for interval: Duration) -> Bool {
    let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
    let deadline = Date(timeIntervalSinceNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while delivered < slots.count {
      guard condition.wait(until: deadline) else { return delivered == slots.count }
    }
    return true
  }

  /// The workers whose current step has run longer than `limit`.
  func stuckSteps(longerThan limit: Duration) -> [(StepWatch, StepWatch.Stuck)] {
    let now = ContinuousClock.now
    let current = condition.withLock { watches }
    return current.compactMap { watch in watch.stuck(longerThan: limit, now: now).map { (watch, $0) } }
  }
}
