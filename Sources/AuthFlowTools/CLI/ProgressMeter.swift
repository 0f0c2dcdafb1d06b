import AuthFlowEngine
import AuthFlowLanguage

/// A carriage-return progress line for long commands, drawn only on a terminal and never under CI, so logs
/// never fill with it. It reads the wall clock for its rate: progress is the one output that is not
/// deterministic, and it is never kept.
final class ProgressMeter {
  private let io: CommandIO
  private let enabled: Bool
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var last: ContinuousClock.Instant
  private var drawn = false

  init(io: CommandIO) {
    self.io = io
    enabled = io.isTerminal && io.environment["CI"] == nil && io.environment["GITHUB_ACTIONS"] == nil
    start = clock.now
    last = start
  }

  /// Redraws the line at most ten times a second.
  func show(_ progress: ExploreProgress) {
    guard enabled else { return }
    let now = clock.now
    guard now - last >= .milliseconds(100) || progress.walks == progress.runs else { return }
    last = now
    let seconds =
      Double((now - start).components.attoseconds) / 1e18 + Double((now - start).components.seconds)
    let rate = seconds > 0 ? Int(Double(progress.steps) / seconds) : 0
    io.out("\r\u{1B}[Kwalk \(progress.walks)/\(progress.runs), \(progress.steps) steps, \(rate) steps/s")
    drawn = true
  }

  /// Erases the line.
  func clear() {
    if drawn { io.out("\r\u{1B}[K") }
  }
}
