import AuthFlowLanguage
import Foundation

/// What one worker is doing: which scenario, and since when its current step has been running.
///
/// `@unchecked Sendable`: every stored property is read and written only while `lock` is held.
package final class StepWatch: @unchecked Sendable {
  private let lock = NSLock()
  private var scenario = 0
  private var step = 0
  private var action: ActionKind?
  private var started = ContinuousClock.now
  /// False between scenarios.
  private var running = false
  private var abandoned = false
  /// Whether abandoning the step stopped adapters, so that the worker will soon end its scenario.
  private var stopped = false
  /// The adapters the current scenario started (`exec:` machines), stopped when the step is abandoned.
  private var adapters: [(leader: pid_t, mark: String)] = []

  package init() {}

  /// How often a watcher looks: a few times per timeout, at most once a second. This is the wall clock of
  /// the process, never the virtual clock of a world.
  package static func checkInterval(for timeout: Duration) -> Duration { min(timeout / 4, .seconds(1)) }

  /// How long the current scenario has been running, in seconds, by the run's stopwatch.
  private var elapsed: (@Sendable () -> Double)?

  /// Called by the worker as a scenario starts: step 0 is setting up its world (`given`). `elapsed`, when
  /// given, measures the scenario, for a result the watcher makes when it gives up on a step.
  package func begin(scenario index: Int, elapsed: (@Sendable () -> Double)? = nil) {
    let now = ContinuousClock.now
    lock.withLock {
      self.elapsed = elapsed
      scenario = index
      step = 0
      action = nil
      started = now
      running = true
      adapters = []
    }
  }

  /// Notes an adapter process group the current scenario started: abandoning the step stops it, since a step
  /// that never ends would otherwise keep it running until authflow exits.
  func adopt(adapter leader: pid_t) {
    guard let mark = AdapterGroups.live.mark(of: leader) else { return }
    lock.withLock { adapters.append((leader, mark)) }
  }

  /// Called by the worker when its scenario is over.
  package func finish() {
    lock.withLock {
      running = false
      adapters = []
    }
  }

  /// Called by a run before each step.
  func begin(step number: Int, action kind: ActionKind?) {
    let now = ContinuousClock.now
    lock.withLock {
      step = number
      action = kind
      started = now
    }
  }

  /// The scenario (or walk) and step that have run longer than `limit`, and the step's action, if any.
  package func stuck(longerThan limit: Duration, now: ContinuousClock.Instant = .now) -> Stuck? {
    lock.withLock {
      guard running, !abandoned, now - started > limit else { return nil }
      return Stuck(scenario: scenario, step: step, action: action)
    }
  }

  package struct Stuck {
    package var scenario: Int
    /// 0 while the world is being set up.
    package var step: Int
    package var action: ActionKind?
  }

  package struct StuckError: Error {
    package var stuck: Stuck
    package var timeout: Duration

    package init(stuck: Stuck, timeout: Duration) {
      self.stuck = stuck
      self.timeout = timeout
    }
  }

  var isAbandoned: Bool { lock.withLock { abandoned } }

  /// Whether ``abandon()`` stopped the scenario's adapters: its worker reads their end and finishes the
  /// scenario, though too late to count.
  var stoppedAdapters: Bool { lock.withLock { stopped } }

  /// The seconds the current scenario has run so far, 0 when not measured; once abandoned, how long it had run
  /// when it was given up on.
  package var secondsSoFar: Double {
    let (elapsed, frozen) = lock.withLock { (self.elapsed, abandonedAfter) }
    return frozen ?? elapsed?() ?? 0
  }
  /// ``secondsSoFar`` when the worker was abandoned.
  private var abandonedAfter: Double?

  /// Gives up on the worker: it claims nothing more, and the adapters its scenario started are stopped (the
  /// stuck step then ends on the adapter's exit, too late to count).
  package func abandon() {
    let ran = secondsSoFar
    let adapters = lock.withLock {
      if abandonedAfter == nil, running { abandonedAfter = ran }
      abandoned = true
      stopped = stopped || !self.adapters.isEmpty
      return self.adapters
    }
    AdapterGroups.live.stopAbandoned(adapters)
  }
}
