import Foundation

/// `--jobs N`: scenarios run on N threads, their results handed back in load order.
extension RunConfiguration {
  /// Runs `scenarios` on up to `jobs` threads, the calling thread among them, and calls `handle` on the
  /// calling thread with each result in load order, once it and every result before it are done (and the
  /// calling thread has finished the scenario it was running): the output of `--jobs 4` is the output of
  /// `--jobs 1`, only sooner. Each scenario builds its own world, machine and clock, so runs share
  /// nothing; `jobs` of 1 (or less) runs them one after another on the calling thread.
  ///
  /// `keepingDetail: false` returns each result without its transcript and step outcomes once `handle` has
  /// seen it, so that memory holds a line per scenario, not a transcript per scenario. `narration` says
  /// which results carry a transcript at all.
  public func run(
    _ scenarios: [Scenario], jobs: Int, keepingDetail: Bool = true, narration: Narration = .every,
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
        let result = run(scenario, narration: narration)
        handle(result)
        return kept(result)
      }
    }
    let board = ResultBoard(count: scenarios.count)
    // The calling thread is one of the workers: it runs a scenario whenever the next result to hand over
    // is not ready, so no thread sits waiting while another runs, and the two cores of a CI runner run
    // two scenarios, not two scenarios and a printer.
    for _ in 1..<workers {
      let thread = Thread { [self] in
        while let index = board.claim() {
          board.post(run(scenarios[index], narration: narration), at: index)
        }
      }
      // Room for a deep machine stack even where secondary threads default to 512 KiB (Darwin).
      thread.stackSize = 8 << 20
      thread.start()
    }
    var results: [ScenarioResult] = []
    results.reserveCapacity(scenarios.count)
    while results.count < scenarios.count {
      let index = results.count
      let result: ScenarioResult
      if let ready = board.takeIfPosted(index) {
        result = ready
      } else if let claimed = board.claim() {
        board.post(run(scenarios[claimed], narration: narration), at: claimed)
        continue
      } else {
        result = board.take(index)
      }
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
    // Only the caller waits, and only once every scenario is claimed.
    condition.signal()
    condition.unlock()
  }

  /// The result at `index` if it is posted (the slot is emptied), without waiting.
  func takeIfPosted(_ index: Int) -> ScenarioResult? {
    condition.lock()
    defer { condition.unlock() }
    let result = slots[index]
    slots[index] = nil
    return result
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
