import AuthFlowLanguage

/// `wait` (SPEC 2.3): the clock moves, and each foreground device's scheduled token refresh runs at its due time.
extension Run {
  // MARK: - Waiting

  /// Advances the clock by `duration`, running the scheduled work that falls due on the way.
  ///
  /// Refreshes the app would not hear of are counted (``QuietRefreshes``), not run one by one: the cost does not
  /// grow with the wait's length, and the transcript gets one line per device for them. A refresh the app hears
  /// of (it fails: offline, `fail_next`, a revoked session, a disabled or deleted account) runs as it always did,
  /// at its time, after the counted ones that come before it.
  func wait(_ duration: VirtualDuration) {
    let target = world.now + duration
    // The refreshes run one by one for an app that hears each (an ID-token listener), by device, over the
    // whole wait, whatever timers of the app come between them.
    var heard: [Int: Int] = [:]
    guard let driver else {
      wait(until: target, heard: &heard)
      return
    }
    // An async machine's timers fire at their times, in order, between the scheduled refreshes.
    for _ in 0..<Self.scheduledWorkBudget {
      guard let time = driver.nextTimer(by: target) else { break }
      let mark = world.transcript.count
      wait(until: time, heard: &heard)
      if world.transcript.count > mark { driver.flushQuietTimers(before: mark) }
      driver.fireNextTimer { logChanges() }
      // An app whose timers went over the step's call budget ends the wait there: the step errors at the time
      // it happened, instead of after days of virtual time it would spend refused.
      if devices.contains(where: \.client.budgetExceeded) { return }
    }
    let mark = world.transcript.count
    wait(until: target, heard: &heard)
    driver.flushQuietTimers(before: mark)
  }

  /// Advances the clock to `target`, running the scheduled refreshes that fall due on the way; `heard` counts,
  /// by device, the refreshes of the wait run one by one because the app hears each.
  private func wait(until target: VirtualTime, heard: inout [Int: Int]) {
    // Most waits between an app's timers pass no refresh: the clock just moves.
    let due = devices.contains { device in
      device.lifecycle == .foreground && device.client.scheduledRefresh.map { $0 <= target } == true
    }
    guard due else {
      world.advance(to: target)
      return
    }
    var quiet = QuietRefreshes(period: world.settings.idTokenTTL - AuthClient.refreshMargin)
    var deferred = Set<Int>()
    for _ in 0..<Self.scheduledWorkBudget {
      guard let (time, index) = nextScheduledRefresh(by: target, skipping: deferred, quiet) else { break }
      let client = devices[index].client
      let runsAlone = client.refreshesAreHeard && heard[index, default: 0] < Self.heardRefreshesPerWait
      if quiet.counts, !runsAlone, client.scheduledRefreshIsQuiet {
        quiet.add(index, dueAt: time)
        continue
      }
      if runsAlone { heard[index, default: 0] += 1 }
      runCountedRefreshes(&quiet, before: QuietRefreshes.Moment(time: time, index: index))
      world.advance(to: time)
      driver?.clientWorkStarts(on: devices[index].name)
      if !client.runScheduledRefresh() || client.scheduledRefresh.map({ $0 <= world.now }) == true {
        deferred.insert(index)
      }
      driver?.settle()
      logChanges()
    }
    runCountedRefreshes(&quiet, before: QuietRefreshes.Moment(time: target, index: devices.count))
    world.advance(to: target)
  }

  /// The earliest refresh due by `target` among the foreground devices not deferred and not counted: its time
  /// (now, for one overdue) and the device's index, the first listed on a tie.
  private func nextScheduledRefresh(
    by target: VirtualTime, skipping deferred: Set<Int>, _ quiet: QuietRefreshes
  ) -> (VirtualTime, Int)? {
    devices.indices.compactMap { index -> (VirtualTime, Int)? in
      let device = devices[index]
      guard device.lifecycle == .foreground, !deferred.contains(index), !quiet.contains(index),
        let time = device.client.scheduledRefresh, time <= target
      else { return nil }
      return (max(time, world.now), index)
    }.min { $0.0 < $1.0 }
  }

  /// Gives each counted device the token of its last refresh before `moment` and writes what it did, moves the
  /// seeded generator past every token counted, and starts a new stretch.
  private func runCountedRefreshes(_ quiet: inout QuietRefreshes, before moment: QuietRefreshes.Moment) {
    let (folds, total) = quiet.folds(before: moment)
    var minted = 0
    for fold in folds {
      world.backend.skipIDTokens(fold.position - minted)
      world.advance(to: fold.last)
      devices[fold.index].client.completeQuietRefreshes(fold.count, since: fold.first, every: quiet.period)
      minted = fold.position + 1
    }
    world.backend.skipIDTokens(total - minted)
    quiet = QuietRefreshes(period: quiet.period)
  }
}
