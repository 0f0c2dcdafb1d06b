import Foundation

/// `--jobs N`: scenarios run on N threads, their results handed back in load order.
extension RunConfiguration {
  /// Runs `scenarios` on up to `jobs` threads and calls `handle` on the calling thread with each result in
  /// load order, as soon as it and every result before it are done: the output of `--jobs 4` is the output
  /// of `--jobs 1`, only sooner. Each scenario builds its own world, machine and clock, so runs share
  /// nothing; `jobs` of 1 (or less) runs them one after another on the calling thread.
  ///
  /// `keepingDetail: false` returns each result without its transcript and step outcomes once `handle` has
  /// seen it, so that memory holds a line per scenario, not a transcript per scenario.
  public func run(
    _ scenarios: [Scenario], jobs: Int, keepingDetail: Bool = true,
    handle: (ScenarioResult) -> Void = { _ in }
  ) -> [ScenarioResult] {
    func kept(_ result: ScenarioResult) -> ScenarioResult {
      guard !keepingDetail else { return result }
      var trimmed = result
      trimmed.transcript = []
      trimmed.steps = []
      return trimmed
    }
    let workers = min(jobs, scenarios.count)
    guard workers > 1 else {
      return scenarios.map { scenario in
        let result = run(scenario)
        handle(result)
        return kept(result)
      }
    }
    let board = ResultBoard(count: scenarios.count)
    for _ in 0..<workers {
      let thread = Thread { [self] in
        while let index = board.claim() {
          board.post(run(scenarios[index]), at: index)
        }
      }
      // Room for a deep machine stack even where secondary threads default to 512 KiB (Darwin).
      thread.stackSize = 8 << 20
      thread.start()
    }
    var results: [ScenarioResult] = []
    results.reserveCapacity(scenarios.count)
    for index in scenarios.indices {
      let result = board.take(index)
      handle(result)
      results.append(kept(result))
    }
    return results
  }
}

/// The work of a parallel run: which scenario each worker takes next, and the results posted so far.
///
/// `@unchecked Sendable` because every stored property is read and written only while `condition` is
/// locked; that lock is what makes sharing it between the workers and the caller safe.
private final class ResultBoard: @unchecked Sendable {
  private let condition = NSCondition()
  private var next = 0
  private var slots: [ScenarioResult?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  /// The index of the next scenario to run, or nil when every one has been claimed.
  func claim() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    guard next < slots.count else { return nil }
    next += 1
    return next - 1
  }

  func post(_ result: ScenarioResult, at index: Int) {
    condition.lock()
    slots[index] = result
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until the result at `index` is posted, then hands it over (the slot is emptied).
  func take(_ index: Int) -> ScenarioResult {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let result = slots[index] {
        slots[index] = nil
        return result
      }
      condition.wait()
    }
  }
}
