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
  /// stopped from outside; it is left running, and its result, if it ever comes, is ignored. An `exec:`
  /// machine's adapter is stopped then, which ends the step: the scenario's transcript up to that step is kept
  /// when the worker hands it over within two seconds.
  ///
  /// `keepingDetail: false` returns each result without its transcript and step outcomes once `handle` has
  /// seen it, so that memory holds a line per scenario, not a transcript per scenario. `narration` says
  /// which results carry a transcript at all.
  ///
  /// `workers` lets async-machine scenarios, which take turns on this process's one app queue, play in up to
  /// `jobs - 1` worker processes besides (see ``WorkerLaunch``); it is used when at least two of them run.
  public func run(
    _ scenarios: [Scenario], jobs: Int, keepingDetail: Bool = true, narration: Narration = .every,
    workers: WorkerLaunch? = nil, handle: @escaping (ScenarioResult) -> Void = { _ in }
  ) -> [ScenarioResult] {
    run(
      scenarios, jobs: jobs, keepingDetail: keepingDetail, narration: narration, workers: workers,
      started: nil,
      handle: handle)
  }

  /// ``run(_:jobs:keepingDetail:narration:workers:handle:)`` with the workers `started` before the scenarios
  /// were loaded (``startWorkers(toPlay:jobs:launch:narration:)``), if any, instead of new ones.
  package func run(
    _ scenarios: [Scenario], jobs: Int, keepingDetail: Bool, narration: Narration, workers: WorkerLaunch?,
    started: WorkerLanes?, handle: @escaping (ScenarioResult) -> Void
  ) -> [ScenarioResult] {
    let lanes = lanes(for: scenarios, jobs: jobs, launch: workers, started: started, narration: narration)
    defer { lanes?.close() }
    return WatchedWorkers.run(
      count: scenarios.count, workers: jobs, timeout: stepTimeout, waitsForLateResults: true,
      // Async apps' scenarios play on the main thread, in one worker's run there, without a hand-over each.
      mainThreadItems: { [self] index in runsAsync(scenarios[index]) },
      work: { [self] index, watch in
        // Async machines share the process's one queue: their scenarios take turns, and waiting for the
        // turn is not a step.
        let turn = runsAsync(scenarios[index])
        // In a worker process when one is free; the worker watches its own steps.
        if turn, let lanes, let result = lanes.result(ofItem: index) { return result }
        // An async app runs on the main thread, as on a device, when the command gave it to them (MainThread).
        let player = MainThread.servingThread ?? pthread_self()
        if turn, let problem = AsyncTurn.take(owner: scenarios[index].name, token: watch, for: player) {
          return refused(scenarios[index], problem)
        }
        watch.begin(scenario: index, elapsed: stopwatch.started())
        let result =
          turn
          ? MainThread.perform { run(scenarios[index], narration: narration, watch: watch) }
          : run(scenarios[index], narration: narration, watch: watch)
        // Idle while handing results over (a slow reader of the output is not a stuck step).
        watch.finish()
        if turn { AsyncTurn.give(for: player) }
        return result
      },
      stuck: { [self] index, stuck, watch, late in
        AsyncTurn.poison(heldBy: watch)
        // Its duration is how long it ran until given up on, not 0.
        var result = timedOut(scenarios[index], at: stuck.step)
        result.durationSeconds = watch.secondsSoFar
        if let late { result.transcript = transcript(of: late, stuckAt: stuck.step, on: scenarios[index]) }
        return result
      },
      deliver: handle,
      keep: { result in
        guard !keepingDetail else { return result }
        var trimmed = result
        trimmed.transcript = []
        trimmed.steps = []
        return trimmed
      })
  }

  /// Worker processes started before the files and directories of `paths` are loaded, each loading its likely
  /// share of their files meanwhile (``likelyWorkerFiles(in:jobs:)``); nil unless the run will most likely use
  /// them. Hand them to ``run(_:jobs:keepingDetail:narration:workers:started:handle:)``.
  package func startWorkers(
    toPlay paths: [String], jobs: Int, launch: WorkerLaunch?, narration: Narration
  ) -> WorkerLanes? {
    guard let launch, let preload = likelyWorkerFiles(in: paths, jobs: jobs) else { return nil }
    return WorkerLanes(launch: launch, preload: preload, configuration: self, narration: narration)
  }

  /// The files each of the `jobs - 1` workers of a run of `paths` will most likely play scenarios from, when the
  /// run will most likely use workers: `jobs` above 1, `--machine` naming an async machine (so every scenario is
  /// one) and no filter or shard (so the shares follow the files). Only regular files: a worker reading a pipe
  /// or a device (`/dev/stdin` is its own request stream) would take what is not its to take, or wait.
  package func likelyWorkerFiles(in paths: [String], jobs: Int) -> [[String]]? {
    guard jobs > 1, let machine, !machine.isCommand,
      case .success(let descriptor) = registry.descriptor(for: machine), descriptor.isAsync,
      filter == nil, tags.isEmpty, skipTags.isEmpty, shard == nil
    else { return nil }
    // The loader reports what cannot be listed; here it only means fewer files to read early.
    var unlisted: [Diagnostic] = []
    let files = ScenarioLoader.files(in: paths, problems: &unlisted).filter(WorkerLanes.isRegularFile)
    guard files.count >= 2 else { return nil }
    return WorkerLanes.likelyFiles(of: files, count: jobs - 1)
  }

  /// Worker processes for a run of `jobs` with at least two async-machine scenarios: those `started` early,
  /// dealt their shares now, else new ones when `launch` says how. Workers started early for a run with fewer
  /// are stopped.
  private func lanes(
    for scenarios: [Scenario], jobs: Int, launch: WorkerLaunch?, started: WorkerLanes?, narration: Narration
  ) -> WorkerLanes? {
    // Without workers to use, the scenarios are not looked at (a run of a synchronous machine's).
    guard started != nil || (launch != nil && jobs > 1) else { return nil }
    guard scenarios.lazy.filter(runsAsync).prefix(2).count == 2 else {
      started?.close()
      return nil
    }
    if let started {
      started.deal(scenarios, isAsync: runsAsync)
      return started
    }
    guard let launch else { return nil }
    return WorkerLanes(
      launch: launch, count: jobs - 1, scenarios: scenarios, isAsync: runsAsync, configuration: self,
      narration: narration)
  }

  /// The result of an async-machine scenario that could not get the process's queue.
  private func refused(_ scenario: Scenario, _ message: String) -> ScenarioResult {
    var failure = Failure(step: 0, location: scenario.location, key: "machine", message: message)
    failure.notPlayed = true
    return ScenarioResult(
      stopped: scenario, machine: machineReference(for: scenario).description, seed: seed(for: scenario),
      failure: failure)
  }

  /// The transcript of a scenario given up on at step `number`, from `late`, what its worker made of it once its
  /// adapter was stopped: every line up to the stuck step, then the timeout (in place of the error the stopped
  /// adapter caused). Empty when the worker's run did not end at that step.
  func transcript(of late: ScenarioResult, stuckAt number: Int, on scenario: Scenario) -> [TranscriptEntry] {
    guard late.status == .errored, late.failure?.step == number, let last = late.transcript.last,
      last.actor == Run.errorActor, last.text.hasPrefix("error: ")
    else { return [] }
    var transcript = Array(late.transcript.dropLast())
    transcript.append(
      TranscriptEntry(
        time: last.time, actor: Run.errorActor,
        text: "error: \(timeout(of: scenario, at: number)); its adapter was stopped"))
    return transcript
  }

  /// What did not finish within the step timeout, without the step's number.
  private func timeout(of scenario: Scenario, at number: Int) -> String {
    let name = machineReference(for: scenario)
    guard let step = scenario.steps.first(where: { $0.number == number }) else {
      return
        "machine '\(name)' did not finish setting up the scenario's world within \(Self.seconds(stepTimeout))"
        + " (--step-timeout)"
    }
    return "machine '\(name)' did not finish '\(step.action?.kind.rawValue ?? "expect")' within "
      + "\(Self.seconds(stepTimeout)) (--step-timeout)"
  }

  /// The result of a scenario whose step `number` did not end within ``stepTimeout``.
  private func timedOut(_ scenario: Scenario, at number: Int) -> ScenarioResult {
    let name = machineReference(for: scenario)
    let step = scenario.steps.first { $0.number == number }
    let doing = (step == nil ? "" : "step \(number): ") + timeout(of: scenario, at: number)
    // An adapter is a process, stopped when the step is abandoned (see `StepWatch.abandon()`); a machine in
    // this process is a thread nobody can stop.
    let message =
      if name.isCommand {
        "\(doing). Its adapter was stopped; the other scenarios ran."
      } else if runsAsync(scenario) {
        // Its thread keeps the process's one queue of app jobs (AsyncTurn): no other async scenario can have it.
        "\(doing); "
          + (MainThread.isRunningMainQueue
            ? "a block its app code queued on DispatchQueue.main has not returned (the main thread runs it). "
            : "its app code may be blocking a thread (a lock, a semaphore, a loop with no await). ")
          + (servesWorker
            ? "The worker process playing it stops here; the run plays the rest of its share."
            : "It was left running and holds the async executors: the async-machine scenarios after it in this "
              + "process cannot run.")
      } else {
        "\(doing); it may be looping without calling its auth client. It was left running; the other scenarios ran."
      }
    return ScenarioResult(
      stopped: scenario, machine: name.description, seed: seed(for: scenario),
      failure: Failure(
        step: number, location: step?.actionLocation ?? scenario.location,
        key: step.map { $0.action?.kind.rawValue ?? "expect" }, message: message))
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
