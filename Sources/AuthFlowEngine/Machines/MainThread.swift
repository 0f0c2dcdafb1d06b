import Foundation
import AuthFlowLanguage

/// The process's main thread, where async apps run as they do on a device, and what app code queues on
/// `DispatchQueue.main`.
///
/// On iOS the main actor's jobs, `DispatchQueue.main` and `OperationQueue.main` all run on the main thread, and
/// app code leans on that: completion handlers update what the app shows with `DispatchQueue.main.async { … }`,
/// observers are added with `queue: .main`, and UI code asserts `Thread.isMainThread` or
/// `dispatchPrecondition(condition: .onQueue(.main))`. On Linux libdispatch runs the main queue only on the main
/// thread, and only when that thread asks. So the command gives its main thread to this
/// (``AsyncExecutors/runBesideMainQueue(_:)``): it runs each async-machine scenario `run` hands it
/// (``perform(_:)``), and the runner runs what is queued on the main queue where the app's jobs run out
/// (``runQueued()``), then the jobs those blocks started, until neither is left, in the same order on every run.
///
/// libdispatch says a block was queued by writing to an event counter, which is read here without waiting.
/// Linux only: elsewhere, and in a process whose main thread does not serve (a `swift test` process), scenarios
/// run where they are played and queued blocks wait, as in any process whose main thread never runs its run
/// loop.
package enum MainThread {
  /// Runs `body` on the main thread, waiting for it, when the main thread serves and this is not it; else here.
  package static func perform<T>(_ body: () -> T) -> T {
    guard !isMain, let servant = Servant.current else { return body() }
    return withoutActuallyEscaping(body) { body in
      let box = ResultBox<T>()
      let work = UncheckedSendable { box.value = body() }
      servant.run { work.value() }
      // Set before `run` returned: the servant's lock orders the write before this read.
      guard let value = box.value else {
        preconditionFailure("the main thread returned without running its work")
      }
      return value
    }
  }

  /// Runs `body` on the main thread when the main thread serves and is free, waiting for it; false when it did
  /// not (no servant, or the main thread is busy, perhaps stuck in an app's step for good), and the caller runs
  /// `body` itself.
  package static func performIfFree(_ body: @escaping () -> Void) -> Bool {
    guard !isMain, let servant = Servant.current else { return false }
    return servant.runIfFree(body)
  }

  /// Runs what is queued on the main queue, when something is: directly on the main thread, else by the main
  /// thread when it serves (a run driven from another thread); true when it did (the blocks may
  /// have started jobs or queued more).
  package static func runQueued() -> Bool {
    #if os(Linux)
      guard let dispatch = Dispatch.symbols else { return false }
      if isMain {
        guard takeWakeUp(dispatch) else { return false }
        drain(dispatch)
        return true
      }
      guard let servant = Servant.current, takeWakeUp(dispatch) else { return false }
      servant.run { drain(dispatch) }
      return true
    #else
      return false
    #endif
  }

  /// Notes the calling thread as the process's main thread: ``AsyncExecutors/install()`` runs first thing in a
  /// synchronous `main`. Before any other thread starts, so it is read without a lock.
  static func noteMainThread() { mainPThread = pthread_self() }
  nonisolated(unsafe) private static var mainPThread: pthread_t?

  /// Whether this is the main thread. `Thread.isMainThread` asks the kernel twice on Linux (`getpid`,
  /// `gettid`), which the runner would pay after every job it drains.
  private static var isMain: Bool { mainPThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }

  /// The main thread, when it serves: where ``perform(_:)`` runs its work.
  package static var servingThread: pthread_t? { Servant.current == nil ? nil : mainPThread }

  /// Whether something is queued on the main queue, without running it or taking the wake-up: what a drain
  /// that just ran blocks asks to tell work that keeps coming from work that ran out.
  package static func hasQueued() -> Bool {
    #if os(Linux)
      guard let dispatch = Dispatch.symbols else { return false }
      var descriptor = pollfd(fd: dispatch.handle, events: Int16(POLLIN), revents: 0)
      return poll(&descriptor, 1, 0) == 1
    #else
      return false
    #endif
  }

  /// Whether the main thread is running blocks of the main queue now: a step stuck meanwhile is stuck in one.
  package static var isRunningMainQueue: Bool { Servant.lock.withLock { runningMainQueue } }
  nonisolated(unsafe) private static var runningMainQueue = false

  /// Makes the calling thread, the process's main thread, the one that runs what ``perform(_:)`` and
  /// ``runQueued()`` hand it; call it before starting any other thread, then ``serve()`` on it.
  static func prepareToServe() {
    noteMainThread()
    Servant.current = Servant()
  }

  /// Runs what ``perform(_:)`` and ``runQueued()`` hand the main thread, for good (after ``prepareToServe()``).
  static func serve() -> Never {
    guard let servant = Servant.current else {
      preconditionFailure("MainThread.serve() before prepareToServe()")
    }
    servant.serve()
  }

  /// Where ``perform(_:)`` gets its value back from the main thread.
  private final class ResultBox<T> {
    var value: T?
  }

  #if os(Linux)
    private static func drain(_ dispatch: Dispatch) {
      Servant.lock.withLock { runningMainQueue = true }
      dispatch.drain(nil)
      Servant.lock.withLock { runningMainQueue = false }
    }

    /// Reads (and so resets) libdispatch's count of wake-ups for the main queue: true when a block was queued
    /// since the last read.
    private static func takeWakeUp(_ dispatch: Dispatch) -> Bool {
      var count: UInt64 = 0
      return read(dispatch.handle, &count, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size
    }

    /// The two entry points libdispatch keeps for a run loop (CoreFoundation's), found once. The handle is an
    /// `eventfd` opened non-blocking; the drain must be called on the main thread.
    private struct Dispatch: @unchecked Sendable {
      let handle: Int32
      let drain: @convention(c) (UnsafeMutableRawPointer?) -> Void

      static let symbols: Dispatch? = {
        guard let library = dlopen(nil, RTLD_NOW),
          let handle = dlsym(library, "_dispatch_get_main_queue_handle_4CF"),
          let drain = dlsym(library, "_dispatch_main_queue_callback_4CF")
        else { return nil }
        let queueHandle = unsafeBitCast(handle, to: (@convention(c) () -> Int32).self)()
        guard queueHandle >= 0 else { return nil }
        return Dispatch(
          handle: queueHandle,
          drain: unsafeBitCast(drain, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self))
      }()
    }
  #endif

  /// The main thread's side: it waits for work, runs it, and says it has.
  ///
  /// `@unchecked Sendable`: `work`, `requested` and `completed` are read and written only while `condition` is
  /// locked.
  private final class Servant: @unchecked Sendable {
    private let condition = NSCondition()
    private var work: (() -> Void)?
    private var requested = 0
    private var completed = 0

    static let lock = NSLock()
    nonisolated(unsafe) private static var installed: Servant?
    /// The servant of this process, once the main thread serves.
    static var current: Servant? {
      get { lock.withLock { installed } }
      set { lock.withLock { installed = newValue } }
    }

    /// Has the main thread run `body` and waits until it has; one caller at a time.
    func run(_ body: @escaping () -> Void) { _ = hand(body, waitingForTurn: true) }

    /// ``run(_:)`` when no work is waiting or running; false (and nothing run) otherwise.
    func runIfFree(_ body: @escaping () -> Void) -> Bool { hand(body, waitingForTurn: false) }

    /// Hands `body` over once the main thread has no other work (or at once, unless `waitingForTurn`), then waits
    /// until it has run; false when it was not handed over.
    private func hand(_ body: @escaping () -> Void, waitingForTurn: Bool) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      while work != nil {
        guard waitingForTurn else { return false }
        condition.wait()
      }
      work = body
      requested += 1
      let ticket = requested
      condition.broadcast()
      while completed < ticket { condition.wait() }
      return true
    }

    func serve() -> Never {
      condition.lock()
      while true {
        while completed == requested { condition.wait() }
        let body = work
        condition.unlock()
        body?()
        condition.lock()
        work = nil
        completed = requested
        condition.broadcast()
      }
    }
  }
}
