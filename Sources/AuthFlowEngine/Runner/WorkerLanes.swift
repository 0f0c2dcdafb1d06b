import AuthFlowLanguage
import Foundation

/// Worker processes that play a share of a run's async-machine scenarios beside the process's own queue, so
/// that `--jobs N` plays N of them at once (see ``WorkerLaunch``).
///
/// The async-machine scenarios read from regular files are split, in load order, into `jobs` runs of equal
/// length: the first is where this process starts, one for each of `jobs - 1` workers. This process takes its
/// scenarios one at a time from the front, in load order, and prints each result as it comes. Each worker takes
/// its scenarios in small batches from the back of its run, sent on its standard input, and asks for the next
/// batch (by answering) before it runs out. A worker whose run is used up goes on into the runs below it for as
/// long as nobody has taken them: the run that has also loaded every file and prints every result is not held
/// to the slowest worker's pace, and no worker waits while there is work. Who plays a scenario never changes
/// its result, so the output is the same byte for byte whichever way the work falls.
///
/// A scenario a worker cannot play (its file changed since the run loaded it, the worker could not start or
/// stopped taking requests) is played by the run itself. A worker that crashes, sends a line it cannot read or
/// answers nothing for longer than the scenario's steps may take errors the scenario it was playing, saying how
/// it ended; the rest of its share is played by the run.
///
/// The workers may start before the run has loaded its files (``init(launch:preload:configuration:narration:)``),
/// each reading the files its run is likely to come from while this process reads them all;
/// ``deal(_:isAsync:)`` then sends the first batches. What a worker plays, and so every result, is the same
/// either way: the early start only takes its loading off the run's way.
///
/// `@unchecked Sendable`: `lanes` is written only in `init`; `pool` only while `claims` is locked.
package final class WorkerLanes: @unchecked Sendable {
  private let lanes: [Lane]
  private let claims = NSLock()
  private var pool = Pool()

  /// Who plays which of the scenarios a worker may play.
  private struct Pool {
    /// The scenarios a worker may play (async-machine ones from regular files), in load order.
    var scenarios: [Scenario] = []
    /// For each scenario of the run, its place in `scenarios`.
    var placeOfItem: [Int: Int] = [:]
    /// Who took each of `scenarios`: nil while nobody has.
    var owners: [Owner?] = []
    /// For each lane, the place its next batch ends at: it takes the scenarios just before.
    var backs: [Int] = []
    /// For each lane, how many scenarios it has been sent.
    var dealt: [Int] = []
  }

  private enum Owner {
    /// This process.
    case run
    /// Worker `lane`, as the scenario it was sent at `position`.
    case lane(Int, position: Int)
  }

  /// How many scenarios a worker is sent at once; it is sent the next batch while it still has this many to
  /// play, so it never waits, and the run waits at its end for at most about twice this many. Each batch is a
  /// round trip and a player thread in the worker: 16 played 1,000 seed-app scenarios with `--jobs 2` about 6%
  /// sooner than 4 did, and 100 no later; 32 was no faster on 1,000 and slower on 100 (2026-11-28).
  static let batch = 16
  /// The longest reply read: a failed scenario's whole transcript.
  static let replyLimit = 256 << 20
  /// Time a worker gets for a scenario beyond its steps' `--step-timeout`s: start-up and loading.
  static let startAllowance = Duration.seconds(30)

  /// Starts `preload.count` workers as `launch` says, playing with `configuration`'s machine, seed and checks;
  /// worker `k` loads the files `preload[k]` at once, before it is dealt anything.
  package init(
    launch: WorkerLaunch, preload: [[String]], configuration: RunConfiguration,
    narration: RunConfiguration.Narration
  ) {
    lanes = preload.map { files in
      Lane(launch: launch, preload: files, configuration: configuration, narration: narration)
    }
    for (number, lane) in lanes.enumerated() {
      lane.refill = { [weak self] in self?.refill(lane: number) }
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
    runs(of: files.count, count: count).map { Array(files[$0]) }
  }

  /// The places of `count` workers' runs among `total` in load order: `count + 1` runs of equal length, the first
  /// (not among these) being this process's.
  private static func runs(of total: Int, count: Int) -> [Range<Int>] {
    (1...max(count, 1)).map { lane in total * lane / (count + 1)..<total * (lane + 1) / (count + 1) }
  }

  /// Marks out, among the scenarios that `isAsync` picks out of `scenarios`, where this process and each worker
  /// start (see the type's summary), and sends each worker its first batches. Called once.
  package func deal(_ scenarios: [Scenario], isAsync: (Scenario) -> Bool) {
    let count = lanes.count
    // A worker reads a scenario again from its file: only from a regular file (a pipe or a device such as
    // /dev/stdin would give it nothing, or make it wait).
    var regular: [String: Bool] = [:]
    let items = scenarios.indices.filter { item in
      let file = scenarios[item].file
      if regular[file] == nil { regular[file] = Self.isRegularFile(file) }
      return isAsync(scenarios[item]) && regular[file] == true
    }
    let runs = Self.runs(of: items.count, count: count)
    let first: [[Scenario]] = claims.withLock {
      pool.scenarios = items.map { scenarios[$0] }
      pool.placeOfItem = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1, $0) })
      pool.owners = Array(repeating: nil, count: items.count)
      pool.backs = runs.prefix(count).map(\.upperBound)
      pool.dealt = Array(repeating: 0, count: count)
      // Two batches' worth each to start with, sent as one, from its own run only: nobody has taken anything yet.
      return (0..<count).map { lane in claim(for: lane, downTo: runs[lane].lowerBound, atMost: 2 * Self.batch)
      }
    }
    for (lane, batch) in zip(lanes, first) { lane.send(batch) }
  }

  /// Takes up to `limit` scenarios for `lane` from the back of what it may still take, no lower than `floor`,
  /// and stops below anything taken already; tells the lane what it took. Called with `claims` locked.
  private func claim(for lane: Int, downTo floor: Int, atMost limit: Int) -> [Scenario] {
    let back = pool.backs[lane]
    var low = back
    while low > floor, back - low < limit, pool.owners[low - 1] == nil { low -= 1 }
    pool.backs[lane] = low
    for (offset, place) in (low..<back).enumerated() {
      pool.owners[place] = .lane(lane, position: pool.dealt[lane] + offset)
    }
    pool.dealt[lane] += back - low
    let batch = Array(pool.scenarios[low..<back])
    // Entered while `claims` is held, so no one asks for one of these before the lane knows it has it.
    lanes[lane].add(batch)
    return batch
  }

  /// The next batch for `lane`, which is running short: from the back of what nobody has taken yet below its
  /// last one. Nothing left, the lane's worker is told so and ends once it has played what it has.
  private func refill(lane: Int) {
    let batch = claims.withLock { claim(for: lane, downTo: 0, atMost: Self.batch) }
    lanes[lane].send(batch)
  }

  /// The result of scenario `item` of the run, waiting for its worker; nil when this process plays it, which it
  /// then takes: no worker is sent it after this.
  package func result(ofItem item: Int) -> ScenarioResult? {
    let owner: (lane: Int, position: Int)? = claims.withLock {
      guard let place = pool.placeOfItem[item] else { return nil }
      switch pool.owners[place] {
      case .lane(let lane, let position): return (lane, position)
      case .run: return nil
      case nil:
        pool.owners[place] = .run
        return nil
      }
    }
    guard let owner else { return nil }
    return lanes[owner.lane].result(at: owner.position)
  }

  /// Whether `path` is a regular file, or a link to one.
  static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  /// Stops every worker still running.
  package func close() {
    for lane in lanes { lane.stop() }
  }

  /// One worker and its share: started early when it has files to preload, else once it has a batch to play;
  /// its batches go out as they are taken, its answers come back in order.
  ///
  /// `@unchecked Sendable`: everything below `condition` is read and written only while it is locked.
  private final class Lane: @unchecked Sendable {
    private let launch: WorkerLaunch
    private let configuration: RunConfiguration
    private let narration: RunConfiguration.Narration
    /// Writes the requests in the order they are sent, off the threads that send them: a worker reads its next
    /// batch only once it has played the last, and the reader must never wait for that.
    private let writes = DispatchQueue(label: "authflow.worker-requests")
    private let condition = NSCondition()
    private var share: [Scenario] = []
    private var process: Process?
    /// Where the worker reads its requests, until it is told there are no more.
    private var requests: FileHandle?
    private var answers: [Answer?] = []
    /// How many answers have come: the worker is playing `share[received]`.
    private var received = 0
    /// When the worker started on `share[received]`.
    private var headStarted = ContinuousClock.now
    /// Why the worker took no more, once it did not.
    private var ended = false
    /// Whether the worker has been told there is nothing more for it.
    private var exhausted = false
    /// What made the run stop the worker, for the message of the scenario it was playing.
    private var stoppedBecause: String?
    /// Asks the lanes for the next batch, when the worker is running short.
    private var refillHandler: (@Sendable () -> Void)?

    enum Answer {
      case result(ScenarioResult)
      /// This process plays it.
      case elsewhere
      /// The result was handed to the run.
      case handedOver
    }

    /// A lane whose worker starts now when it has files to `preload`, else when it is sent a batch.
    init(
      launch: WorkerLaunch, preload: [String], configuration: RunConfiguration,
      narration: RunConfiguration.Narration
    ) {
      self.launch = launch
      self.configuration = configuration
      self.narration = narration
      if !preload.isEmpty { start(preload: preload) }
    }

    /// What the lane calls when its worker has ``WorkerLanes/batch`` scenarios or fewer left to play.
    var refill: (@Sendable () -> Void)? {
      get { condition.withLock { refillHandler } }
      set { condition.withLock { refillHandler = newValue } }
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

    /// Enters `batch` at the end of the share, before it is sent (``WorkerLanes`` holds its claims meanwhile, so
    /// the run asks for none of it before it is here). Once the worker has ended, the run plays them.
    func add(_ batch: [Scenario]) {
      condition.withLock {
        if received == share.count { headStarted = .now }
        share += batch
        answers += Array(repeating: ended ? .elsewhere : nil, count: batch.count)
      }
    }

    /// Sends the worker a batch ``add(_:)`` entered (starting the worker if it has not started), an empty line
    /// after it; with none, tells it there are no more, so it ends once it has played what it has.
    func send(_ batch: [Scenario]) {
      guard !batch.isEmpty else {
        let handle: FileHandle? = condition.withLock {
          exhausted = true
          defer { requests = nil }
          return requests
        }
        guard let handle else { return }
        let closing = UncheckedSendable(handle)
        writes.async { try? closing.value.close() }
        return
      }
      if condition.withLock({ process == nil && !ended }) { start(preload: []) }
      var lines: [UInt8] = []
      for scenario in batch {
        guard let line = try? JSONEncoder().encode(WorkerMessage.Request(scenario)) else {
          // Never for a loaded scenario; were it to happen, the run plays the rest of the share.
          stop(because: "could not be sent a request")
          return
        }
        lines += line + [10]
      }
      lines.append(10)
      guard let handle = condition.withLock({ ended ? nil : requests }) else { return }
      let feed = UncheckedSendable((handle, lines))
      writes.async {
        let (handle, bytes) = feed.value
        try? handle.write(contentsOf: bytes)
      }
    }

    /// Reads the worker's answers until it ends (or sends something else, when it is stopped).
    private func read(_ handle: FileHandle) {
      var pending: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 64 << 10)
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
        // What has come so far, not a full buffer: each answer may make room for the next batch.
        guard readAvailable(handle.fileDescriptor, through: &chunk, appendingTo: &pending) else { break }
      }
      try? handle.close()
      let process = condition.withLock { self.process }
      process?.waitUntilExit()
      finish(crash: retired ? nil : process.map(Self.describeExit))
    }

    /// Files an answer; false when the worker takes no more.
    private func take(_ reply: WorkerMessage.Reply) -> Bool {
      let (going, refill): (Bool, (@Sendable () -> Void)?) = condition.withLock {
        guard received < answers.count else { return (false, nil) }
        answers[received] = reply.result.map(Answer.result) ?? .elsewhere
        received += 1
        headStarted = .now
        condition.broadcast()
        let short = !exhausted && share.count - received <= WorkerLanes.batch
        return (!reply.retiring, short && !reply.retiring ? refillHandler : nil)
      }
      // Outside the lock: the lanes take their own lock first, then this one.
      refill?()
      return going
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
        _ = condition.wait(until: Date(timeIntervalSinceNow: min(max(seconds, 0.001), 1)))
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

/// Reads what `descriptor` has (up to `chunk`'s size, waiting only while it has nothing) through `chunk` onto the
/// end of `bytes`; false at its end or on an error. `FileHandle.read(upToCount:)` waits for the whole count or
/// the end.
private func readAvailable(
  _ descriptor: Int32, through chunk: inout [UInt8], appendingTo bytes: inout [UInt8]
) -> Bool {
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      bytes += chunk[..<count]
      return true
    }
    guard count < 0, errno == EINTR else { return false }
  }
}
