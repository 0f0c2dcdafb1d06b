import AuthFlowLanguage
import Foundation

/// Worker processes that play a share of a run's async-machine scenarios beside the process's own queue, so
/// that `--jobs N` plays N of them at once (see ``WorkerLaunch``).
///
/// The async-machine scenarios read from regular files are split, in load order, into `jobs` runs of equal
/// length: the first for this process, one for each of `jobs - 1` workers, each sent every request of its share
/// on its standard input, so it plays them back to back and its answers wait, in order, for the run to hand
/// them over in load order. A scenario a worker cannot play (its file changed since the run loaded it, the
/// worker could not start or stopped taking requests) is played by the run itself. A worker that crashes,
/// sends a line it cannot read or answers nothing for longer than the scenario's steps may take errors the
/// scenario it was playing, saying how it ended; the rest of its share is played by the run.
///
/// The workers may start before the run has loaded its files (``init(launch:preload:configuration:narration:)``),
/// each reading the files its share is likely to come from while the run reads them all; ``deal(_:isAsync:)``
/// then sends the shares. What a worker plays, and so every result, is the same either way: the early start
/// only takes its loading off the run's way.
///
/// `@unchecked Sendable`: `lanes` is written only in `init`, `laneOfItem` only in ``deal(_:isAsync:)``, which
/// comes before any ``result(ofItem:)``.
package final class WorkerLanes: @unchecked Sendable {
  private let lanes: [Lane]
  /// For each scenario of the run, the lane playing it and its place in that lane's share; nil for this
  /// process.
  private var laneOfItem: [Int: (lane: Int, position: Int)] = [:]

  /// The longest reply read: a failed scenario's whole transcript.
  static let replyLimit = 256 << 20
  /// Time a worker gets for a scenario beyond its steps' `--step-timeout`s: start-up and loading.
  static let startAllowance = Duration.seconds(30)

  /// Starts `preload.count` workers as `launch` says, playing with `configuration`'s machine, seed and checks;
  /// worker `k` loads the files `preload[k]` at once, before its share is dealt.
  package init(
    launch: WorkerLaunch, preload: [[String]], configuration: RunConfiguration,
    narration: RunConfiguration.Narration
  ) {
    lanes = preload.map { files in
      Lane(launch: launch, preload: files, configuration: configuration, narration: narration)
    }
  }

  /// Deals the scenarios that `isAsync` picks out of `scenarios` between this process and `count` workers
  /// started as `launch` says, playing with `configuration`'s machine, seed and checks.
  package convenience init(
    launch: WorkerLaunch, count: Int, scenarios: [Scenario], isAsync: (Scenario) -> Bool,
    configuration: RunConfiguration, narration: RunConfiguration.Narration
  ) {
    self.init(
      launch: launch, preload: Array(repeating: [], count: count), configuration: configuration,
      narration: narration)
    deal(scenarios, isAsync: isAsync)
  }

  deinit { close() }

  /// The files each of `count` workers is likely to be dealt scenarios from, when every scenario of `files` is
  /// an async-machine one and each file holds as many: the files in load order, in `count + 1` runs of equal
  /// length, the first being this process's.
  package static func likelyFiles(of files: [String], count: Int) -> [[String]] {
    (1...max(count, 1)).map { lane in
      Array(files[files.count * lane / (count + 1)..<files.count * (lane + 1) / (count + 1)])
    }
  }

  /// Splits the scenarios that `isAsync` picks out of `scenarios` between this process and the workers, and
  /// sends each worker its share. Called once.
  package func deal(_ scenarios: [Scenario], isAsync: (Scenario) -> Bool) {
    let count = lanes.count
    var shares = Array(repeating: [(item: Int, scenario: Scenario)](), count: count)
    var laneOfItem: [Int: (lane: Int, position: Int)] = [:]
    // A worker reads a scenario again from its file: only from a regular file (a pipe or a device such as
    // /dev/stdin would give it nothing, or make it wait).
    var regular: [String: Bool] = [:]
    let items = scenarios.indices.filter { item in
      let file = scenarios[item].file
      if regular[file] == nil { regular[file] = Self.isRegularFile(file) }
      return isAsync(scenarios[item]) && regular[file] == true
    }
    for (dealt, item) in items.enumerated() {
      // In load order, in count + 1 runs of equal length: the first is this process's, so its results are
      // printed while the workers play theirs (a share dealt in turn would hold this process to the slowest
      // worker's pace).
      let lane = dealt * (count + 1) / items.count
      guard lane > 0 else { continue }
      laneOfItem[item] = (lane - 1, shares[lane - 1].count)
      shares[lane - 1].append((item, scenarios[item]))
    }
    self.laneOfItem = laneOfItem
    for (lane, share) in zip(lanes, shares) { lane.send(share.map(\.scenario)) }
  }

  /// Whether `path` is a regular file, or a link to one.
  static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  /// The result of scenario `item` of the run, waiting for its worker; nil when this process plays it.
  package func result(ofItem item: Int) -> ScenarioResult? {
    guard let (lane, position) = laneOfItem[item] else { return nil }
    return lanes[lane].result(at: position)
  }

  /// Stops every worker still running.
  package func close() {
    for lane in lanes { lane.stop() }
  }

  /// One worker and its share: started early when it has files to preload, else once it has a share; its
  /// requests go out at once, its answers come back in order.
  ///
  /// `@unchecked Sendable`: everything below `condition` is read and written only while it is locked.
  private final class Lane: @unchecked Sendable {
    private let launch: WorkerLaunch
    private let configuration: RunConfiguration
    private let narration: RunConfiguration.Narration
    private let condition = NSCondition()
    private var share: [Scenario] = []
    private var process: Process?
    /// Where the worker reads its requests, until they are all sent.
    private var requests: FileHandle?
    private var answers: [Answer?] = []
    /// How many answers have come: the worker is playing `share[received]`.
    private var received = 0
    /// When the worker started on `share[received]`.
    private var headStarted = ContinuousClock.now
    /// Why the worker took no more, once it did not.
    private var ended = false
    /// What made the run stop the worker, for the message of the scenario it was playing.
    private var stoppedBecause: String?

    enum Answer {
      case result(ScenarioResult)
      /// This process plays it.
      case elsewhere
      /// The result was handed to the run.
      case handedOver
    }

    /// A lane whose worker starts now when it has files to `preload`, else when it is sent a share.
    init(
      launch: WorkerLaunch, preload: [String], configuration: RunConfiguration,
      narration: RunConfiguration.Narration
    ) {
      self.launch = launch
      self.configuration = configuration
      self.narration = narration
      if !preload.isEmpty { start(preload: preload) }
    }

    /// Starts the worker and sends its setup line; false when it could not start.
    @discardableResult
    private func start(preload: [String]) -> Bool {
      let setup = WorkerMessage.Setup(configuration, narration: narration, preload: preload)
      guard let line = try? JSONEncoder().encode(setup) else {
        finish(crash: nil)
        return false
      }
      // A worker that ends early must fail the write of its requests with EPIPE, not kill the run (the command
      // line ignores SIGPIPE already; a library caller may not).
      signal(SIGPIPE, SIG_IGN)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: launch.executable)
      process.arguments = launch.arguments
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      do {
        try process.run()
      } catch {
        finish(crash: nil)
        return false
      }
      // One line, far below a pipe's buffer: the write does not wait for the worker.
      try? input.fileHandleForWriting.write(contentsOf: line + [10])
      condition.withLock {
        self.process = process
        requests = input.fileHandleForWriting
      }
      let replies = output.fileHandleForReading
      let reader = Thread { [self] in read(replies) }
      reader.start()
      return true
    }

    /// Gives the worker its share (starting it if it has not started), or, with none, lets it end.
    func send(_ share: [Scenario]) {
      let started = condition.withLock { process != nil || ended }
      if !started, !share.isEmpty { start(preload: []) }
      var lines: [UInt8] = []
      for scenario in share {
        guard let line = try? JSONEncoder().encode(WorkerMessage.Request(scenario)) else {
          lines = []
          break
        }
        lines += line + [10]
      }
      let handle: FileHandle? = condition.withLock {
        self.share = share
        // Those it cannot be sent (the worker never started, or ended before its share came) are played here.
        let sendable = !ended && (lines.isEmpty == share.isEmpty)
        answers = Array(repeating: sendable ? nil : .elsewhere, count: share.count)
        headStarted = .now
        defer { requests = nil }
        return requests
      }
      guard let handle else { return }
      let feed = UncheckedSendable((handle, lines))
      Thread.detachNewThread {
        let (handle, bytes) = feed.value
        if !bytes.isEmpty { try? handle.write(contentsOf: bytes) }
        try? handle.close()
      }
    }

    /// Reads the worker's answers until it ends (or sends something else, when it is stopped).
    private func read(_ handle: FileHandle) {
      var pending: [UInt8] = []
      var start = 0
      // The worker said it takes no more: it ends, and the rest of its share is this process's.
      var retired = false
      reading: while true {
        while let newline = pending[start...].firstIndex(of: 10) {
          let line = Array(pending[start..<newline])
          start = newline + 1
          guard let reply = WorkerRecord.reply(line) else {
            stop(because: "sent a reply authflow could not read")
            break reading
          }
          guard take(reply) else {
            retired = true
            break reading
          }
        }
        pending.removeFirst(start)
        start = 0
        guard pending.count <= WorkerLanes.replyLimit else {
          stop(because: "sent a reply over \(WorkerLanes.replyLimit >> 20) MiB")
          break
        }
        guard let chunk = try? handle.read(upToCount: 64 << 10), !chunk.isEmpty else { break }
        pending += chunk
      }
      try? handle.close()
      let process = condition.withLock { self.process }
      process?.waitUntilExit()
      finish(crash: retired ? nil : process.map(Self.describeExit))
    }

    /// Files an answer; false when the worker takes no more.
    private func take(_ reply: WorkerMessage.Reply) -> Bool {
      condition.withLock {
        guard received < answers.count else { return false }
        answers[received] = reply.result.map(Answer.result) ?? .elsewhere
        received += 1
        headStarted = .now
        condition.broadcast()
        return !reply.retiring
      }
    }

    /// The worker ended: the scenario it was playing, if it was, errors saying how (`crash`); the rest of the
    /// share is played by this process.
    private func finish(crash: String?) {
      condition.withLock {
        ended = true
        if received < answers.count, let crash, answers[received] == nil {
          answers[received] = .result(failed(share[received], stoppedBecause ?? crash))
          received += 1
        }
        for position in received..<answers.count where answers[position] == nil {
          answers[position] = .elsewhere
        }
        condition.broadcast()
      }
    }

    /// The answer for `share[position]`, once it has come; nil when this process plays it.
    func result(at position: Int) -> ScenarioResult? {
      condition.lock()
      defer { condition.unlock() }
      while answers[position] == nil {
        let steps = Int64(share[received].steps.count + 2)
        let deadline = headStarted + configuration.stepTimeout * steps + WorkerLanes.startAllowance
        if ContinuousClock.now >= deadline {
          condition.unlock()
          stop(because: "answered nothing for \(RunConfiguration.seconds(deadline - headStarted))")
          condition.lock()
          // The reader files the answers once the worker has gone.
          while answers[position] == nil { condition.wait() }
          break
        }
        let seconds = (deadline - ContinuousClock.now).seconds
        condition.wait(until: Date(timeIntervalSinceNow: min(max(seconds, 0.001), 1)))
      }
      guard case .result(let result) = answers[position] else { return nil }
      // Handed over once: the run keeps what it needs of it, so a long run's memory does not hold every answer.
      answers[position] = .handedOver
      return result
    }

    /// Stops the worker, `reason` saying why when it was playing a scenario.
    private func stop(because reason: String) {
      condition.withLock { if stoppedBecause == nil { stoppedBecause = reason } }
      kill()
    }

    /// Stops the worker if it still runs (the run is over).
    func stop() {
      if condition.withLock({ !ended }) { kill() }
    }

    /// SIGKILL: a worker stuck for good may not heed SIGTERM.
    private func kill() {
      guard let process = condition.withLock({ self.process }), process.isRunning else { return }
      _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// `exited with status 3`, `was killed by SIGSEGV (signal 11)`.
    private static func describeExit(_ process: Process) -> String {
      switch process.terminationReason {
      case .uncaughtSignal: "was killed by \(AdapterProcess.name(ofSignal: process.terminationStatus))"
      case .exit: "exited with status \(process.terminationStatus)"
      @unknown default: "ended"
      }
    }

    /// The result of a scenario whose worker ended or went wrong while playing it: `problem` completes "the
    /// worker process playing it …".
    private func failed(_ scenario: Scenario, _ problem: String) -> ScenarioResult {
      let machine = configuration.machineReference(for: scenario)
      return ScenarioResult(
        stopped: scenario, machine: machine.description, seed: configuration.seed(for: scenario),
        failure: Failure(
          step: 0, location: scenario.location, key: "machine",
          message:
            "the worker process playing this scenario \(problem) (--jobs plays async-machine scenarios "
            + "in worker processes; --jobs 1 plays them in authflow's own)"))
    }
  }
}
