@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import AuthFlowLanguage

/// The default task executor once ``AsyncExecutors/install()`` ran (where actors, `Task.detached` and
/// nonisolated tasks run, and where `Task.sleep` sets its timers): the shared ``AppJobQueue`` while a run
/// drives, the platform's default executor otherwise.
@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
final class QueueTaskExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
  private var platform: any TaskExecutor { PlatformExecutorFactory.defaultExecutor }

  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    guard AppJobQueue.shared.take(unowned, onMain: false) else {
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
}
