@_spi(ExperimentalCustomExecutors) import _Concurrency
import AuthFlowLanguage

/// Drives the apps of one scenario run on the process's ``AppJobQueue``: runs their jobs until they are idle,
/// keeps the virtual clock's fraction of a second that their timers need, and reports work that never ends.
///
/// The idle rule: after each action (and each timer or state change the world causes) the queue is drained;
/// while the action's own task has not finished and only timers are left, the user waits for the app: the
/// clock moves to the earliest timer and fires it, up to ``actionWaitLimit``. Timers of work the action does not
/// wait for fire only during a `wait` step.
@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
final class AppScheduler: AsyncAppDriver {
  /// Not owned, as the machine context's: the run owns its world, and what the app leaves behind (a task asleep
  /// at the end, holding its context) must not keep it. Unchecked (`unowned(unsafe)`), as a timer reads it several
  /// times and a checked reference costs a count each time: only the run that owns the world drives its
  /// scheduler, and `deinit`'s `end()` does not read it.
  unowned(unsafe) let world: World
  let queue = AppJobQueue.shared
  /// How long one step may run before the app counts as never idle: three quarters of `--step-timeout`, so
  /// this message, which names the pending work, comes before the runner's own.
  let allowance: Duration
  let stepTimeout: Duration
  private var deadline = ContinuousClock.now
  /// The part of a second the virtual clock is past `world.now` (timers are finer than the world's seconds).
  private(set) var fraction = Duration.zero
  private(set) var fault: String?
  private var driving = false

  /// The most virtual time one action may wait for its own timers.
  static let actionWaitLimit = Duration.seconds(3600)
  /// The most timers one action may wait for.
  static let actionTimerLimit = 10_000

  /// Whether the transcript names the device whose app set a timer: in a scenario of several devices.
  let namesDevices: Bool

  init(world: World, stepTimeout: Duration, namesDevices: Bool = false) {
    self.world = world
    self.stepTimeout = stepTimeout
    self.namesDevices = namesDevices
    self.allowance = stepTimeout * 0.75
  }

  deinit { end() }

  /// Virtual time since 1970, to the nanosecond.
  var now: Duration { .seconds(world.now.secondsSince1970) + fraction }

  // MARK: - The drive

  func begin(owner: String) {
    guard AsyncExecutors.isInstalled else {
      fault = Self.notInstalled
      return
    }
    if let problem = queue.beginDrive(owner: owner) {
      fault = problem
      return
    }
    driving = true
    // A scenario's devices are new installs: nothing an earlier scenario stored is there.
    if queue.takeFresh() { queue.defaults.reset() }
    startStep()
  }

  func end() {
    guard driving else { return }
    driving = false
    // What the app queued on the main queue last (while its state was read, say) runs now, inside its own
    // drive, not in the next scenario's; the jobs it starts are dropped with the rest.
    var rounds = 0
    while rounds < 100, queue.runningMainQueueBlocks(MainThread.runQueued) { rounds += 1 }
    if rounds == 100 { queue.poisonByMainQueue() }
    queue.endDrive()
  }

  var isDriving: Bool { driving }

  func clientWorkStarts(on device: String) {
    guard driving else { return }
    queue.defaults.activate(device)
  }

  static let notInstalled = MachineError.executorsNotInstalled.description

  func startStep() { deadline = ContinuousClock.now + allowance }

  // MARK: - Settling

  func settle() {
    guard driving, fault == nil else { return }
    if let problem = drain() { fault = problem.description }
  }

  /// Whether this scenario's app has queued work on `DispatchQueue.main`: until it has, the main queue is looked
  /// at when a step's work runs out (and when an action's task waits with nothing else to run), not after each
  /// timer or job batch, since each look asks the kernel; so the first blocks a timer's work queues run when its
  /// step's work runs out.
  private var usesMainQueue = false

  /// Runs jobs until the queue is empty, and what the app queued on `DispatchQueue.main` meanwhile
  /// (``MainThread``), until neither is left; a message when the step's allowance ran out first.
  func drain(lookingAtMainQueue: Bool = true) -> MachineError? {
    queue.setVirtualNow(now)
    var count = 0
    while true {
      while queue.runNext() {
        count += 1
        if count & 63 == 0, ContinuousClock.now > deadline {
          return .appNotIdle(stepTimeout: stepTimeout, pending: pendingWork())
        }
      }
      guard lookingAtMainQueue || usesMainQueue, queue.runningMainQueueBlocks(MainThread.runQueued) else {
        return nil
      }
      usesMainQueue = true
      // Blocks ran: past the allowance only when they keep coming (a block that queues itself again).
      if ContinuousClock.now > deadline, MainThread.hasQueued() {
        queue.poisonByMainQueue()
        return .appNotIdle(stepTimeout: stepTimeout, pending: "work it keeps queueing on DispatchQueue.main")
      }
    }
  }

  /// The work still waiting, by the name of the task behind it: what a message about an app that is not idle
  /// shows.
  func pendingWork() -> String {
    let (jobs, timers) = queue.pending
    var parts: [String] = []
    var counts: [String: Int] = [:]
    var order: [String] = []
    for job in jobs {
      let name = job.map { "work started by '\($0)'" } ?? "unnamed tasks"
      if counts[name] == nil { order.append(name) }
      counts[name, default: 0] += 1
    }
    for name in order {
      let count = counts[name] ?? 0
      parts.append("\(count) job\(count == 1 ? "" : "s") of \(name)")
    }
    for timer in timers.prefix(5) {
      parts.append("a timer of \(owner(timer)) due in \(describe(timer.due - now))")
    }
    if timers.count > 5 { parts.append("\(timers.count - 5) more timers") }
    return parts.isEmpty ? "nothing runnable, no timer" : parts.joined(separator: ", ")
  }

  // MARK: - Actions

  /// Runs `action` on `machine` as a task named `name`, until the app is idle and the task has finished.
  func perform(_ action: Action, on machine: any AsyncMachine, name: String, device: String) throws {
    try run(name: name, device: device) { try await machine.perform(action) }
  }

  /// Runs `work` (an action, a link the app opens) as a task named `name`, until the app is idle and the task
  /// has finished.
  func run(name: String, device: String, _ work: @escaping @MainActor () async throws -> Void) throws {
    guard driving else { throw fault.map { MachineError.appFailed(message: $0) } ?? .executorsNotInstalled }
    let work = UncheckedSendable(work)
    let outcome = MainActor.assumeIsolated { () -> ActionOutcome in
      let outcome = ActionOutcome()
      // The task inherits the device, so its first job is already the device's (its UserDefaults, say).
      AppJobQueue.$device.withValue(device) {
        Task(name: name) { @MainActor in
          do {
            try await work.value()
          } catch {
            outcome.error = "\(error)"
          }
          outcome.finished = true
        }
      }
      return outcome
    }
    var waited = Duration.zero
    var timers = 0
    /// The transcript line of the last wait, with the timers and time it covers.
    var waitLine: (index: Int, count: Int, length: Duration)?
    while true {
      // The main queue waits for the step's own settling, unless the app is known to use it.
      if let problem = drain(lookingAtMainQueue: false) { throw problem }
      let (finished, error) = MainActor.assumeIsolated { (outcome.finished, outcome.error) }
      if finished {
        if let error { throw MachineError.appFailed(message: error) }
        return
      }
      // The task waits: perhaps for a block it queued on the main queue, which runs before any timer.
      if !usesMainQueue, queue.runningMainQueueBlocks(MainThread.runQueued) {
        usesMainQueue = true
        continue
      }
      // The app handling an event (even `background`, or one on a device in the background) gets its time.
      guard let timer = queue.nextTimer(skipping: inBackground.subtracting([device])) else {
        if workComesFromAnotherThread(for: name, on: device) { continue }
        throw MachineError.taskSuspended(
          task: name, waited: allowance, pending: queue.pending.timers.isEmpty ? nil : pendingWork())
      }
      let length = max(timer.due - now, .zero)
      guard timers < Self.actionTimerLimit, waited + length <= Self.actionWaitLimit else {
        throw MachineError.waitedTooLong(task: name, timers: timers, waited: waited, pending: pendingWork())
      }
      waited += length
      timers += 1
      advance(to: timer.due)
      let sleeper = timer.setBy == name ? "it sleeps" : "it waits for a timer of \(owner(timer))"
      if let line = waitLine, line.index == world.transcript.count - 1 {
        // Nothing happened since the last wait: one line for the run of them.
        waitLine?.count += 1
        waitLine?.length += length
        world.rewriteLog(
          at: line.index,
          "the user waits \(describe(line.length + length)) for '\(name)' (\(line.count + 1) timers)")
      } else {
        world.log(device, "the user waits \(describe(length)) for '\(name)' (\(sleeper))")
        waitLine = (world.transcript.count - 1, 1, length)
      }
      queue.fire(timer)
    }
  }

  /// Waits, within the step's allowance, for work another thread gives the app: a job (a continuation it resumed,
  /// as a Keychain or a legacy SDK's bridge on a Dispatch queue does) or a block on the main queue. Whether some
  /// came. Only an action's task that waits with nothing else to run waits so: in virtual time nothing passes,
  /// so the step plays as when the work had come at once.
  private func workComesFromAnotherThread(for task: String, on device: String) -> Bool {
    while ContinuousClock.now < deadline {
      if queue.waitForJob(until: deadline, atMost: .milliseconds(2), task: task, device: device)
        || MainThread.hasQueued()
      {
        return true
      }
    }
    return false
  }

  /// Whether the action's task finished, and how, as the main actor sees it.
  @MainActor private final class ActionOutcome {
    var finished = false
    var error: String?
  }

  // MARK: - Timers during `wait`

  func nextTimer(by target: VirtualTime) -> VirtualTime? {
    guard driving, fault == nil, let timer = queue.nextTimer(skipping: inBackground) else { return nil }
    guard timer.due <= .seconds(target.secondsSince1970) + fraction else { return nil }
    let due = max(timer.due, now)
    return VirtualTime(secondsSince1970: due.components.seconds)
  }

  func fireNextTimer(_ afterwards: () -> Void) {
    guard let timer = queue.nextTimer(skipping: inBackground) else { return }
    advance(to: timer.due)
    let before = world.transcript.count
    queue.fire(timer)
    if driving, fault == nil, let problem = drain(lookingAtMainQueue: false) { fault = problem.description }
    afterwards()
    guard world.recordsTranscript else { return }
    if world.transcript.count == before {
      // Nothing to show: counted, and told in one line with the others of its task.
      quiet.add(timer.setBy, on: namesDevices ? timer.device : nil, at: world.now)
      return
    }
    flushQuietTimers(before: before)
    world.insertLog("clock", "timer of \(owner(timer)) fires", at: before + quiet.flushed)
  }

  /// Timers that fired with nothing to show since the last line about timers.
  private var quiet = QuietTimers()

  // MARK: - Apps in the background

  /// The devices whose app is in the background: iOS suspends such an app, so the timers it set wait.
  private var inBackground: Set<String> = []

  func appWentToBackground(on device: String) { inBackground.insert(device) }

  func appCameToForeground(on device: String) {
    guard inBackground.remove(device) != nil else { return }
    // What fell due meanwhile runs now, as a resumed app's overdue timers do: before the `foreground` action that
    // brought the app back, or, for an app killed in the background, as its tasks run on (Docs/AsyncMachines.md).
    queue.fireOverdue(of: device, by: now)
  }

  func flushQuietTimers(before index: Int) {
    quiet.flushed = 0
    for (offset, line) in quiet.lines().enumerated() {
      world.insertLog("clock", line.text, at: index + offset, time: line.time)
      quiet.flushed += 1
    }
    quiet.clear()
  }

  /// A timer's task as the transcript names it, with the device whose app set it in a scenario of several.
  func owner(_ timer: AppTimer) -> String {
    QuietTimers.owner(timer.setBy, on: namesDevices ? timer.device : nil)
  }

  /// Moves the virtual clock to `time`, if it is later.
  private func advance(to time: Duration) {
    guard time > now else { return }
    let seconds = time.components.seconds
    world.advance(to: VirtualTime(secondsSince1970: seconds))
    fraction = time - .seconds(seconds)
  }

  /// A duration as a person reads it: `0.5s`, `60s`, `0.001s`.
  func describe(_ duration: Duration) -> String { RunTime.seconds(duration) }
}
