@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import Foundation
import AuthFlowLanguage

/// The one FIFO queue behind authflow's main and default executors while a scenario drives an async machine,
/// and the timers app code set (`Task.sleep`) on the scenario's virtual clock.
///
/// While nobody drives (a scenario of a synchronous machine, `authflow serve`, a Hummingbird handler), the
/// executors hand every job to the platform's own executors, so the rest of the process works as without them.
/// While a run drives, every job the process enqueues joins this queue, and only the driving thread runs them,
/// one at a time, in the order they came: the same order on every run.
///
/// `@unchecked Sendable`: every stored property is read and written only while `condition` is locked. That lock
/// is also why the stored properties skip Swift's run-time exclusivity checks (`@exclusivity(unchecked)`): they
/// cost more than the work of a job hand-over, and no access to them can overlap another.
@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
final class AppJobQueue: @unchecked Sendable {
  /// The process's queue, behind the executors ``AsyncExecutors/install()`` installs.
  static let shared = AppJobQueue()

  private let condition = NSCondition()
  @exclusivity(unchecked) private var jobs: [QueuedJob] = []
  @exclusivity(unchecked) private var head = 0
  @exclusivity(unchecked) private var timers: [AppTimer] = []
  @exclusivity(unchecked) private var nextTimerNumber = 0
  /// The thread that drives, while one does.
  @exclusivity(unchecked) private var driver: pthread_t?
  /// How many begins the driver has not ended yet.
  @exclusivity(unchecked) private var depth = 0
  /// The owner of the drive (a scenario's name), for the message of one that waits in vain.
  @exclusivity(unchecked) private var owner: String?
  /// Who took the drive, when it may be declared stuck.
  @exclusivity(unchecked) private var token: ObjectIdentifier?
  /// Why nobody can drive any more: a driver that never ended its step.
  @exclusivity(unchecked) private var poisoned: String?
  /// The virtual time (since 1970) the jobs being drained run at.
  @exclusivity(unchecked) private var virtualNow = Duration.zero
  /// When the job running now started, on the two system clocks: the earliest a `Task.sleep` it calls can have
  /// read them, unless the deadline was read in an earlier job of the drain (``drainStartedContinuous``).
  @exclusivity(unchecked) private var jobStartedContinuous = ContinuousClock.now
  @exclusivity(unchecked) private var jobStartedSuspending = SuspendingClock.now
  /// When the first job of the drain running now started (the work of one virtual moment): the earliest a
  /// deadline read in any of its jobs can have been read, as one read on the main actor is before the hop to
  /// the default executor that `Task.sleep(until:)` makes.
  @exclusivity(unchecked) private var drainStartedContinuous = ContinuousClock.now
  @exclusivity(unchecked) private var drainStartedSuspending = SuspendingClock.now
  /// Whether the next job is the drain's first: its start is the drain's.
  @exclusivity(unchecked) private var drainBegins = true
  /// Who started the work of the job running now: what a job it enqueues is attributed to when no named task
  /// is current (a `Task.yield`, a continuation resumed).
  @exclusivity(unchecked) private var running: String?
  /// Whether the job running now is a main-actor job; nil between jobs.
  @exclusivity(unchecked) private var runningOnMain: Bool?
  /// Whether the drive began anew (a new scenario) and no run has said it started in it yet.
  @exclusivity(unchecked) private var fresh = false
  /// The device whose app's work the job running now is, as ``running`` is its task.
  @exclusivity(unchecked) private var runningDevice: String?

  /// The device whose app runs in this task: set for each action's task and the app's launch, and inherited by
  /// the tasks they start. A detached task does not inherit it, but its jobs are attributed to the job that
  /// enqueued them (``runningDevice``), so a timer knows whose app set it.
  @TaskLocal static var device: String?

  let mainExecutor = QueueMainExecutor()
  let taskExecutor = QueueTaskExecutor()
  /// `UserDefaults.standard` per device: only the driver uses it, between jobs.
  let defaults = DeviceDefaults()

  /// A job waiting in the queue, with the executor it was given to and the named task whose work enqueued it.
  struct QueuedJob {
    var job: UnownedJob
    var onMain: Bool
    var enqueuedBy: String?
    var device: String?
  }

  // MARK: - Driving

  /// Makes `thread` (the calling thread unless told) the driver, waiting as long as another drive goes on. The
  /// driving thread may begin again without a token (a worker takes the turn for the main thread, then the run
  /// the main thread plays begins); each begin needs its end. `token` names a turn, which may be declared stuck
  /// (``poison(heldBy:)``): a turn waits for the drive before it, even one on the same thread. Returns why the
  /// drive could not be had: a driver that will never end.
  func beginDrive(owner name: String, token: AnyObject? = nil, on thread: pthread_t = pthread_self())
    -> String?
  {
    condition.lock()
    defer { condition.unlock() }
    if token == nil, let driver, pthread_equal(driver, thread) != 0 {
      depth += 1
      clear()
      return nil
    }
    while driver != nil, poisoned == nil { condition.wait() }
    if let poisoned { return poisoned }
    fresh = true
    driver = thread
    depth = 1
    owner = name
    self.token = token.map(ObjectIdentifier.init)
    clear()
    return nil
  }

  /// Drops every job and timer (their tasks never resume; their memory is not reclaimed). Called with
  /// `condition` locked.
  private func clear() {
    jobs.removeAll()
    head = 0
    timers.removeAll()
    nextTimerNumber = 0
    runningDevice = nil
  }

  /// Whether this is the first run to begin in the drive since it was taken: a scenario's own, not one nested
  /// in it (`explore --against` plays a reference run beside the explored one).
  func takeFresh() -> Bool {
    condition.withLock {
      defer { fresh = false }
      return fresh
    }
  }

  /// Ends one begin of the drive, dropping the jobs and timers still waiting, so nothing of one run (one
  /// scenario) runs in the next; the last end lets another thread drive.
  func endDrive(on thread: pthread_t = pthread_self()) {
    condition.withLock {
      guard let driver, pthread_equal(driver, thread) != 0 else { return }
      clear()
      depth -= 1
      guard depth == 0 else { return }
      self.driver = nil
      owner = nil
      token = nil
      condition.broadcast()
    }
  }

  /// The driving app keeps queueing work on `DispatchQueue.main` (``MainThread``): that work runs whenever
  /// the main queue does, so nobody drives again in this process.
  func poisonByMainQueue() {
    condition.withLock {
      guard poisoned == nil else { return }
      poisoned =
        "the app of scenario '\(owner ?? "?")' keeps queueing work on DispatchQueue.main, which runs whenever the "
        + "main queue does; no other async scenario can run in this process"
      condition.broadcast()
    }
  }

  /// Declares the driver stuck when `token` took the drive: a step that never ends keeps it for good, and every
  /// thread waiting for it, now or later, is told so instead of waiting forever.
  func poison(heldBy token: AnyObject) {
    condition.withLock {
      guard self.token == ObjectIdentifier(token), poisoned == nil else { return }
      poisoned =
        "the async executors are held by scenario '\(owner ?? "?")', whose step never ended; "
        + "no other async scenario can run in this process"
      condition.broadcast()
    }
  }

  /// Whether a driver was declared stuck, so no other thread will drive in this process.
  var isPoisoned: Bool { condition.withLock { poisoned != nil } }

  /// Whether the calling thread holds the main actor: it drives, and runs a main-actor job or none (the runner
  /// reading what the app shows, or calling its state listener). A job of the default executor (a detached
  /// task, an actor) does not hold it, as in production.
  var callerHoldsMainActor: Bool {
    condition.withLock {
      guard let driver, pthread_equal(driver, pthread_self()) != 0 else { return false }
      return runningOnMain != false
    }
  }

  /// ``callerHoldsMainActor`` when the calling thread drives, nil when it does not: both in one look.
  var callerIsolation: Bool? {
    condition.withLock {
      guard let driver, pthread_equal(driver, pthread_self()) != 0 else { return nil }
      return runningOnMain != false
    }
  }

  private var drives: Bool { driver != nil }

  /// The device whose app's work the job running now is, when the calling thread drives: what a detached task,
  /// which inherits no binding, is still known by.
  var deviceOfRunningJob: String? {
    condition.withLock {
      guard let driver, pthread_equal(driver, pthread_self()) != 0 else { return nil }
      return runningDevice
    }
  }

  /// Runs what the app queued on `DispatchQueue.main` (`body`) as the work of the device whose work ran last,
  /// usually the one that queued it, as its store is (``DeviceDefaults``): a task or a timer a block starts is
  /// that device's app's, so `Auth.auth()` in it is that device's and it waits while that app is in the
  /// background.
  func runningMainQueueBlocks<T>(_ body: () -> T) -> T {
    condition.withLock { runningDevice = defaults.owner }
    defer { condition.withLock { runningDevice = nil } }
    return body()
  }

  /// Runs `body` on the calling thread when it holds the main actor (``callerHoldsMainActor``); nil when it does
  /// not. The runner reads what the app shows after every job and timer: asking the queue directly costs a
  /// fraction of `MainActor.assumeIsolated`, whose question goes through the runtime to the main executor and
  /// back here.
  func onMainActor<T>(_ body: @MainActor () -> T) -> T? {
    guard callerHoldsMainActor else { return nil }
    return withoutActuallyEscaping(body) { escaping in
      // What `MainActor.assumeIsolated` does once its check passes: the isolation is the caller's to vouch for.
      unsafeBitCast(escaping, to: (() -> T).self)()
    }
  }

  /// Sets the virtual time jobs run at from now on.
  func setVirtualNow(_ now: Duration) {
    condition.withLock {
      virtualNow = now
      drainBegins = true
    }
  }

  // MARK: - Enqueueing (the executors)

  /// Takes a job while a run drives; false when none does and the caller should hand it to the platform.
  func take(_ job: UnownedJob, onMain: Bool) -> Bool {
    condition.withLock {
      guard let driver else { return false }
      // Read only while a run drives: the platform's jobs (`serve`) pay nothing for it.
      let name = Self.currentTaskName()
      jobs.append(
        QueuedJob(job: job, onMain: onMain, enqueuedBy: name ?? running, device: Self.device ?? runningDevice)
      )
      // Another thread's (a continuation resumed from a Dispatch queue): the driver may be waiting for it.
      if pthread_equal(driver, pthread_self()) == 0 { condition.broadcast() }
      return true
    }
  }

  /// Waits until a job is queued, by another thread (the driver's own jobs are all run), for at most `slice` and
  /// not past `deadline`; whether one is. A job queued meanwhile is the work of `task` on `device` (the action
  /// that waits for it), as the job running when it is queued would make it.
  func waitForJob(
    until deadline: ContinuousClock.Instant, atMost slice: Duration, task: String, device: String
  ) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard head >= jobs.count else { return true }
    let wait = ContinuousClock.now.duration(to: min(deadline, .now + slice))
    guard wait > .zero else { return false }
    (running, runningDevice) = (task, device)
    defer { (running, runningDevice) = (nil, nil) }
    let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
    _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
    return head < jobs.count
  }

  /// Takes a job due at `instant` on `clock` as a timer on the virtual clock; false when no run drives.
  func take<C: Clock>(_ job: UnownedJob, at instant: C.Instant, clock: C) -> Bool {
    condition.withLock {
      guard drives else { return false }
      // Read only while a run drives: the platform's jobs (`serve`) pay nothing for it.
      let name = Self.currentTaskName()
      let delay = delay(until: instant, clock: clock)
      addTimer(job, due: virtualNow + delay, setBy: name ?? running, device: Self.device ?? runningDevice)
      return true
    }
  }

  /// Takes a job due after `delay` on `clock` as a timer on the virtual clock; false when no run drives.
  func take<C: Clock>(_ job: UnownedJob, after delay: C.Duration, clock: C) -> Bool {
    condition.withLock {
      guard drives else { return false }
      // Read only while a run drives: the platform's jobs (`serve`) pay nothing for it.
      let name = Self.currentTaskName()
      let length =
        C.Duration.self == Duration.self ? max(unsafeBitCast(delay, to: Duration.self), .zero) : .zero
      addTimer(job, due: virtualNow + length, setBy: name ?? running, device: Self.device ?? runningDevice)
      return true
    }
  }

  private func addTimer(_ job: UnownedJob, due: Duration, setBy name: String?, device: String?) {
    let timer = AppTimer(due: due, number: nextTimerNumber, job: job, setBy: name, device: device)
    nextTimerNumber += 1
    let index = timers.firstIndex { $0.due > due } ?? timers.endIndex
    timers.insert(timer, at: index)
  }

  /// How long after the current virtual time a deadline on a system clock falls.
  ///
  /// The runtime gives a `Task.sleep(for:)` as a deadline on the real clock (`now + duration`, read in app
  /// code), so its length is known only to within the real time that passed between that reading and now:
  /// it lies between `instant - now` and `instant - (when the running job started)`. The roundest length in
  /// that range (fewest significant decimal digits) is the one the app wrote: `0.5s`, `60s`, `100ms`.
  /// A deadline read before a hop (`Task.sleep(until: .now + .seconds(2))` on the main actor) was read in an
  /// earlier job of the drain: when the own range gives a length of ``unroundDigits`` digits or more
  /// (`1.99997s`), the range that reaches back to the drain's start is looked at, and a rounder length there wins.
  private func delay<C: Clock>(until instant: C.Instant, clock: C) -> Duration {
    // The system clocks by their types, which costs less than a dynamic cast of the instant.
    if C.Instant.self == ContinuousClock.Instant.self {
      let instant = unsafeBitCast(instant, to: ContinuousClock.Instant.self)
      return Self.length(
        from: ContinuousClock.now.duration(to: instant), own: jobStartedContinuous.duration(to: instant),
        queued: drainStartedContinuous.duration(to: instant))
    }
    if C.Instant.self == SuspendingClock.Instant.self {
      let instant = unsafeBitCast(instant, to: SuspendingClock.Instant.self)
      return Self.length(
        from: SuspendingClock.now.duration(to: instant), own: jobStartedSuspending.duration(to: instant),
        queued: drainStartedSuspending.duration(to: instant))
    }
    let length = clock.now.duration(to: instant) as? Duration ?? .zero
    return max(length, .zero)
  }

  /// The length a deadline names (see ``delay(until:clock:)``): the roundest in `lower...own`, unless that one
  /// looks read too late (``unroundDigits`` digits or more) and `lower...queued` holds a rounder one.
  static func length(from lower: Duration, own: Duration, queued: Duration) -> Duration {
    // In nanoseconds, each duration converted once: a sleep of every tick of a countdown comes here.
    let low = max(lower.nanoseconds, 0)
    let length = roundest(low, max(own.nanoseconds, low))
    guard queued > own else { return .nanoseconds(length) }
    let digits = significantDigits(length)
    guard digits >= unroundDigits else { return .nanoseconds(length) }
    let earlier = roundest(low, max(queued.nanoseconds, low))
    return .nanoseconds(significantDigits(earlier) < digits ? earlier : length)
  }

  /// How many significant digits a length the runner takes as read too late has: app code writes `1.5s`,
  /// `250ms`, `0.125s`, not `1.99997s`.
  static let unroundDigits = 5

  /// How many significant decimal digits `duration` has in nanoseconds (`1.5s`: 2; zero: 0).
  static func significantDigits(_ duration: Duration) -> Int { significantDigits(duration.nanoseconds) }

  private static func significantDigits(_ nanoseconds: Int64) -> Int {
    var value = nanoseconds
    guard value > 0 else { return 0 }
    while value % 1_000_000 == 0 { value /= 1_000_000 }
    while value % 10 == 0 { value /= 10 }
    var digits = 0
    while value > 0 {
      digits += 1
      value /= 10
    }
    return digits
  }

  /// The duration in `lower...upper` with the fewest significant decimal digits in nanoseconds (zero when the
  /// range reaches it).
  static func roundest(from lower: Duration, to upper: Duration) -> Duration {
    let low = max(lower.nanoseconds, 0)
    return .nanoseconds(roundest(low, max(upper.nanoseconds, low)))
  }

  /// ``roundest(from:to:)`` in nanoseconds, `low...high` with `0 <= low <= high`.
  private static func roundest(_ low: Int64, _ high: Int64) -> Int64 {
    var unit: Int64 = 1_000_000_000_000_000_000
    while unit > 1 {
      let multiple = (low + unit - 1) / unit * unit
      if multiple <= high { return multiple }
      unit /= 10
    }
    return low
  }

  // MARK: - Running (the driver)

  /// Runs the next job, if there is one; false when the queue is empty. Only the driver calls this.
  func runNext() -> Bool {
    guard let next = pop() else { return false }
    if let device = next.device { defaults.activate(device) }
    if next.onMain {
      next.job.runSynchronously(on: mainExecutor.asUnownedSerialExecutor())
    } else {
      next.job.runSynchronously(on: taskExecutor.asUnownedTaskExecutor())
    }
    condition.withLock {
      runningOnMain = nil
      // Work the runner starts between jobs is no app's.
      runningDevice = nil
    }
    return true
  }

  private func pop() -> QueuedJob? {
    condition.withLock {
      guard head < jobs.count else {
        jobs.removeAll(keepingCapacity: true)
        head = 0
        return nil
      }
      let next = jobs[head]
      head += 1
      // An app that never goes idle keeps the queue from emptying: drop what was run now and then.
      if head >= 4096, head * 2 >= jobs.count {
        jobs.removeFirst(head)
        head = 0
      }
      // Read only when a job will run (a drain ends on an empty queue), and as late as can be.
      (jobStartedContinuous, jobStartedSuspending) = (ContinuousClock.now, SuspendingClock.now)
      if drainBegins {
        (drainStartedContinuous, drainStartedSuspending) = (jobStartedContinuous, jobStartedSuspending)
        drainBegins = false
      }
      running = next.enqueuedBy
      runningDevice = next.device
      runningOnMain = next.onMain
      return next
    }
  }

  /// The earliest timer not set by an app of the `suspended` devices, if any.
  func nextTimer(skipping suspended: Set<String>) -> AppTimer? {
    condition.withLock {
      guard !suspended.isEmpty else { return timers.first }
      return timers.first { $0.device.map { !suspended.contains($0) } ?? true }
    }
  }

  /// Moves the timer `number`'s job to the end of the queue.
  func fire(_ timer: AppTimer) {
    condition.withLock {
      guard let index = timers.firstIndex(where: { $0.number == timer.number }) else { return }
      let timer = timers.remove(at: index)
      jobs.append(QueuedJob(job: timer.job, onMain: false, enqueuedBy: timer.setBy, device: timer.device))
    }
  }

  /// Moves the jobs of the timers of `device`'s app that fell due by `now` to the end of the queue, in the order
  /// they fell due.
  func fireOverdue(of device: String, by now: Duration) {
    condition.withLock {
      let due = timers.filter { $0.device == device && $0.due <= now }
      guard !due.isEmpty else { return }
      timers.removeAll { $0.device == device && $0.due <= now }
      for timer in due {
        jobs.append(QueuedJob(job: timer.job, onMain: false, enqueuedBy: timer.setBy, device: timer.device))
      }
    }
  }

  /// What is still waiting: the runnable jobs by the task that enqueued them, and the timers.
  var pending: (jobs: [String?], timers: [AppTimer]) {
    condition.withLock { (jobs[head...].map(\.enqueuedBy), timers) }
  }

  // MARK: - Task names

  /// The name of the task running on this thread, if any (`Task(name:)`).
  static func currentTaskName() -> String? { Task.name }
}
