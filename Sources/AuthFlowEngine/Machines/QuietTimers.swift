import AuthFlowLanguage
/// Timers of an async app that fired during a `wait` with nothing to show (a countdown ticking): counted per
/// task, so the transcript gets one line for a task's run of them, not one per second.
struct QuietTimers {
  private var runs: [(owner: String, count: Int, first: VirtualTime, last: VirtualTime)] = []
  /// How many lines the last flush wrote.
  var flushed = 0

  mutating func add(_ owner: String, at time: VirtualTime) {
    if let index = runs.firstIndex(where: { $0.owner == owner }) {
      runs[index].count += 1
      runs[index].last = time
    } else {
      runs.append((owner, 1, time, time))
    }
  }

  /// One line per task, in the order their first timers fired, stamped with the last one's time.
  func lines() -> [(text: String, time: VirtualTime)] {
    runs.map { run in
      let text =
        run.count == 1
        ? "timer of \(run.owner) fires"
        : "\(run.count) timers of \(run.owner) fire, from \(run.first) to \(run.last)"
      return (text, run.last)
    }
  }

  mutating func clear() { runs.removeAll() }
}
