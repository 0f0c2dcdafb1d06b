@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import AuthFlowLanguage

/// The main actor's executor once ``AsyncExecutors/install()`` ran: the shared ``AppJobQueue`` while a run
/// drives, the platform's main executor otherwise.
///
/// While a run drives, the driving thread holds the main actor inside a main-actor job and between jobs (where
/// the runner reads what the app shows and calls its state listener), so `MainActor.assumeIsolated` and the
/// runtime's isolation checks hold there; inside a job of the default executor they fail, as in production.
@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
final class QueueMainExecutor: MainExecutor, SchedulingExecutor, @unchecked Sendable {
  private var platform: any MainExecutor { PlatformExecutorFactory.mainExecutor }

  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    guard AppJobQueue.shared.take(unowned, onMain: true) else {
      platform.enqueue(ExecutorJob(unowned))
      return
    }
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    AppJobQueue.shared.schedule(
      UnownedJob(job), after: delay, tolerance: tolerance, clock: clock, orOn: platform)
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    AppJobQueue.shared.schedule(
      UnownedJob(job), at: instant, tolerance: tolerance, clock: clock, orOn: platform)
  }

  func run() throws { try platform.run() }

  func stop() { platform.stop() }

  var isMainExecutor: Bool { true }

  func isIsolatingCurrentContext() -> Bool? {
    AppJobQueue.shared.callerIsolation ?? platform.isIsolatingCurrentContext()
  }

  func checkIsolated() {
    guard !AppJobQueue.shared.callerHoldsMainActor else { return }
    platform.checkIsolated()
  }
}
