import AuthFlowLanguage
/// Timers of an async app that fired during a `wait` with nothing to show (a countdown ticking): counted per
/// task (and device, in a scenario of several), so the transcript gets one line for a task's run of them, not
/// one per second.
struct QuietTimers {
  /// Each task's run, by the name of the task that set its timers (nil: an unnamed one); the name is put into
  /// words only when a line is written, not for every second of a countdown.
  private var runs: [(task: String?, device: String?, count: Int, first: VirtualTime, last: VirtualTime)] = []
  /// How many lines the last flush wrote.
  var flushed = 0

  /// Counts a timer of `task`, set by the app of `device` when the transcript names devices (nil otherwise).
  mutating func add(_ task: String?, on device: String?, at time: VirtualTime) {
    if let index = runs.firstIndex(where: { $0.task == task && $0.device == device }) {
      runs[index].count += 1
      runs[index].last = time
    } else {
      runs.append((task, device, 1, time, time))
    }
  }

  /// One line per task, in the order their first timers fired, stamped with the last one's time.
  func lines() -> [(text: String, time: VirtualTime)] {
    runs.map { run in
      let owner = Self.owner(run.task, on: run.device)
      let text =
        run.count == 1
        ? "timer of \(owner) fires"
        : "\(run.count) timers of \(owner) fire, from \(run.first) to \(run.last)"
      return (text, run.last)
    }
  }

  mutating func clear() { runs.removeAll() }

  /// A timer's task as the transcript names it: `'resend countdown'`, or `an unnamed task`, followed by the
  /// device whose app set it when given (`'resend countdown' on laptop`).
  static func owner(_ task: String?, on device: String? = nil) -> String {
    let name = task.map { "'\($0)'" } ?? "an unnamed task"
    return device.map { "\(name) on \($0)" } ?? name
  }
}
