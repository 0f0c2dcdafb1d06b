import AuthFlowLanguage
import Foundation

/// The one worker-and-watchdog loop: `authflow run` and `mutants` (scenarios on `--jobs` threads) and
/// `explore` (one exploration on a thread of its own) all go through it.
///
/// Items `0..<count` are claimed in order by up to `workers` threads, each with its own ``StepWatch``; results
/// are handed to `deliver` one at a time in item order, so the output of N workers is the output of one, only
/// sooner. The calling thread waits and watches: a step still running after `timeout` gets the result
/// `stuck` makes for it, its worker is abandoned (a thread cannot be stopped from outside) and a new worker
/// takes over the remaining items. A worker whose step waited on an adapter process ends once that process is
/// stopped: `stuck` then also gets what the worker made of the item, when it comes within ``lateResultGrace``
/// (the transcript up to the stuck step, say); any other abandoned worker's result is ignored.
package enum WatchedWorkers {
  /// Runs `work` over `0..<count` and returns every item's result, in order.
  ///
  /// - Parameters:
  ///   - work: plays item `index`, telling `watch` when each step starts (``StepWatch/begin(scenario:)`` first,
  ///     ``StepWatch/finish()`` once it is over).
  ///   - waitsForLateResults: whether the watcher waits for an abandoned worker's own result (see above);
  ///     without it, `late` is always nil.
  ///   - mainThreadItems: the items to play on the process's main thread, when it serves (``MainThread``): one
  ///     worker plays them there, with any other item it reaches first.
  ///   - stuck: the result of an item whose step ran past `timeout`, made on the watching thread; `late` is the
  ///     abandoned worker's own result for the item, when its adapters were stopped and it came in time.
  ///   - deliver: called with each result in item order, from whichever thread completed the sequence.
  ///   - keep: what of a delivered result the returned array keeps (a run drops passed transcripts).
  package static func run<Value>(
    count: Int, workers: Int, timeout: Duration, waitsForLateResults: Bool = false,
    mainThreadItems: ((Int) -> Bool)? = nil,
    work: @escaping (_ index: Int, _ watch: StepWatch) -> Value,
    stuck: @escaping (_ index: Int, _ where: StepWatch.Stuck, _ watch: StepWatch, _ late: Value?) -> Value,
    deliver: @escaping (Value) -> Void = { _ in }, keep: @escaping (Value) -> Value = { $0 }
  ) -> [Value] {
    guard count > 0 else { return [] }
    let workers = max(1, min(workers, count))
    let board = Board<Value>(
      count: count, deliver: UncheckedSendable(deliver), keep: UncheckedSendable(keep),
      mainThreadItems: workers > 1 ? mainThreadItems.map { kind in (0..<count).map(kind) } : nil)
    let work = UncheckedSendable(work)
    func start(takes: Takes = .any) {
      let watch = StepWatch()
      board.enlist(watch, takes: takes)
      let onMainThread = mainThreadItems != nil && takes != .others
      let loop = UncheckedSendable {
        while !watch.isAbandoned, let index = board.claim(for: watch) {
          let value = work.value(index, watch)
          if watch.isAbandoned {
            if waitsForLateResults, watch.stoppedAdapters { board.postLate(value, at: index) }
          } else {
            board.post(value, at: index)
          }
        }
        board.discharge(watch)
      }
      // The main thread plays this worker's items when it serves and is free (MainThread): one hand-over for the
      // whole run, not one per item. If it gets stuck, its replacement is an ordinary thread, as is this worker
      // when an earlier run left the main thread stuck.
      let thread = Thread {
        if onMainThread, MainThread.performIfFree({ loop.value() }) { return }
        loop.value()
      }
      // Room for a deep machine stack even where secondary threads default to 512 KiB (Darwin).
      thread.stackSize = 8 << 20
      thread.start()
    }
    // With items for the main thread, the first worker plays them there, and any other item it reaches first;
    // the others play only the rest.
    for worker in 0..<workers {
      start(takes: mainThreadItems == nil || workers == 1 ? .any : worker == 0 ? .mainThreadItems : .others)
    }
    let tick = StepWatch.checkInterval(for: timeout)
    while !board.waitUntilDone(for: tick) {
      for (watch, index, at) in board.abandonStuckSteps(longerThan: timeout) {
        start()
        let late =
          waitsForLateResults && watch.stoppedAdapters
          ? board.lateResult(at: index, within: lateResultGrace) : nil
        board.post(stuck(index, at, watch, late), at: index)
      }
    }
    return board.results
  }

  /// How long the watcher waits for an abandoned worker's own result once its adapters are stopped: the worker
  /// reads their end at once, so this is only a bound on a worker that is stuck elsewhere too.
  package static let lateResultGrace = Duration.seconds(2)

  /// Which items a worker takes.
  private enum Takes {
    case any
    /// Those for the main thread (its loop runs there), and the others too, so that no worker idles while the
    /// others are left.
    case mainThreadItems
    /// The others, until the main thread's worker is given up on; then any.
    case others
  }

  /// The work of a run: which item each worker takes next, the results posted so far, and the turn to hand
  /// results over in order.
  ///
  /// `@unchecked Sendable` because every stored property is read and written only while `condition` is
  /// locked, except `results`, which only the thread holding the delivery turn touches (and the caller, once
  /// every result is delivered).
  private final class Board<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Whether each item was claimed, and where each kind of worker looks next (``Takes``: any, main thread's,
    /// others').
    private var claimed: [Bool]
    private var cursors = [0, 0, 0]
    /// Which items are for the main thread's worker; nil when every worker takes any.
    private let mainThreadItems: [Bool]?
    /// Whether the main thread's worker was given up on: the others then take its items too.
    private var mainThreadWorkerLost = false
    /// How many items there are.
    private let count: Int
    /// Results posted ahead of their turn, by item: only those, not a place for every item, which a run of
    /// 10,000 would keep (3 MB of them) for the whole run.
    private var pending: [Int: Value] = [:]
    private var filled: [Bool]
    private var delivered = 0
    private var delivering = false
    /// Each working worker's watch, with the item it claimed last and which items it takes.
    private var watches: [(watch: StepWatch, item: Int, takes: Takes)] = []
    /// What abandoned workers made of their items after all, by item, until the watcher takes it.
    private var late: [Int: Value] = [:]
    private let deliver: UncheckedSendable<(Value) -> Void>
    private let keep: UncheckedSendable<(Value) -> Value>
    private(set) var results: [Value] = []

    init(
      count: Int, deliver: UncheckedSendable<(Value) -> Void>, keep: UncheckedSendable<(Value) -> Value>,
      mainThreadItems: [Bool]?
    ) {
      claimed = Array(repeating: false, count: count)
      self.mainThreadItems = mainThreadItems
      self.count = count
      filled = Array(repeating: false, count: count)
      results.reserveCapacity(count)
      self.deliver = deliver
      self.keep = keep
    }

    func enlist(_ watch: StepWatch, takes: Takes) {
      condition.withLock { watches.append((watch, -1, takes)) }
    }

    /// Stops counting on a worker (its step is stuck, or it ran out of items); it claims nothing more.
    func discharge(_ watch: StepWatch) {
      watch.abandon()
      condition.withLock { watches.removeAll { $0.watch === watch } }
    }

    /// The index of the next item, now `watch`'s, or nil when every one has been claimed or the worker was
    /// given up on.
    func claim(for watch: StepWatch) -> Int? {
      condition.withLock {
        guard let worker = watches.firstIndex(where: { $0.watch === watch }) else { return nil }
        var takes = watches[worker].takes
        if takes == .others, mainThreadWorkerLost { takes = .any }
        let cursor = takes == .any ? 0 : takes == .mainThreadItems ? 1 : 2
        var index = cursors[cursor]
        while index < claimed.count, claimed[index] || !Self.accepts(takes, mainThreadItems?[index]) {
          index += 1
        }
        // Skipped items of the other kind wait for their own worker.
        cursors[cursor] = index
        guard index < claimed.count else { return nil }
        claimed[index] = true
        watches[worker].item = index
        return index
      }
    }

    private static func accepts(_ takes: Takes, _ isMainThreadItem: Bool?) -> Bool {
      switch takes {
      case .any: true
      case .mainThreadItems: true
      case .others: !(isMainThreadItem ?? false)
      }
    }

    /// Posts a result (the first one posted for an item counts) and, unless another thread is already at it,
    /// hands over every result that is now next in order.
    func post(_ value: Value, at index: Int) {
      condition.lock()
      guard !filled[index] else {
        condition.unlock()
        return
      }
      filled[index] = true
      pending[index] = value
      late[index] = nil
      guard !delivering else {
        condition.unlock()
        return
      }
      delivering = true
      while delivered < count, let ready = pending.removeValue(forKey: delivered) {
        condition.unlock()
        deliver.value(ready)
        results.append(keep.value(ready))
        condition.lock()
        // Counted only now: the caller returns `results` as soon as this reaches the end.
        delivered += 1
      }
      delivering = false
      if delivered == count { condition.broadcast() }
      condition.unlock()
    }

    /// Keeps an abandoned worker's result for the watcher, which may be waiting for it.
    func postLate(_ value: Value, at index: Int) {
      condition.withLock {
        guard !filled[index] else { return }
        late[index] = value
        condition.broadcast()
      }
    }

    /// The result an abandoned worker posts for `index` within `grace`, if any.
    func lateResult(at index: Int, within grace: Duration) -> Value? {
      let deadline = Date(timeIntervalSinceNow: Self.seconds(grace))
      condition.lock()
      defer { condition.unlock() }
      while late[index] == nil {
        guard condition.wait(until: deadline) else { break }
      }
      return late.removeValue(forKey: index)
    }

    private static func seconds(_ duration: Duration) -> Double {
      Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Waits up to `interval` for every result to be handed over; true when they have been.
    func waitUntilDone(for interval: Duration) -> Bool {
      let deadline = Date(timeIntervalSinceNow: Self.seconds(interval))
      condition.lock()
      defer { condition.unlock() }
      while delivered < count {
        guard condition.wait(until: deadline) else { return delivered == count }
      }
      return true
    }

    /// The workers whose current step has run longer than `limit`, with the item each is on, given up on at
    /// once: found and discharged under one lock, so a worker whose step ends meanwhile cannot claim another
    /// item that nobody would then finish.
    func abandonStuckSteps(longerThan limit: Duration) -> [(StepWatch, Int, StepWatch.Stuck)] {
      let now = ContinuousClock.now
      return condition.withLock {
        let stuck = watches.compactMap { worker -> (StepWatch, Int, StepWatch.Stuck)? in
          guard worker.item >= 0 else { return nil }
          return worker.watch.stuck(longerThan: limit, now: now).map { (worker.watch, worker.item, $0) }
        }
        for (watch, _, _) in stuck {
          watch.abandon()
          if watches.contains(where: { $0.watch === watch && $0.takes == .mainThreadItems }) {
            mainThreadWorkerLost = true
          }
          watches.removeAll { $0.watch === watch }
        }
        return stuck
      }
    }
  }
}
