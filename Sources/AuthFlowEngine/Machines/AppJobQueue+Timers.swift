@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
extension AppJobQueue {
  /// A timed job from either of authflow's executors: the queue's virtual timer while a run drives, else the
  /// platform executor's own timer (or at once, when it cannot schedule).
  func schedule<C: Clock>(
    _ job: UnownedJob, after delay: C.Duration, tolerance: C.Duration?, clock: C, orOn platform: any Executor
  ) {
    guard !take(job, after: delay, clock: clock) else { return }
    if let platform = platform as? any SchedulingExecutor {
      platform.enqueue(ExecutorJob(job), after: delay, tolerance: tolerance, clock: clock)
    } else {
      platform.enqueue(ExecutorJob(job))
    }
  }

  /// ``schedule(_:after:tolerance:clock:orOn:)`` for a deadline instead of a delay.
  func schedule<C: Clock>(
    _ job: UnownedJob, at instant: C.Instant, tolerance: C.Duration?, clock: C, orOn platform: any Executor
  ) {
    guard !take(job, at: instant, clock: clock) else { return }
    if let platform = platform as? any SchedulingExecutor {
      platform.enqueue(ExecutorJob(job), at: instant, tolerance: tolerance, clock: clock)
    } else {
      platform.enqueue(ExecutorJob(job))
    }
  }
}
