import Foundation

/// What app code queues on `DispatchQueue.main`, run where an async app's jobs run out.
///
/// On iOS the main queue is the main actor's; app code still writes `DispatchQueue.main.async { … }` in a
/// completion handler or a listener to update what it shows. libdispatch runs those blocks only on the
/// process's main thread, and only when that thread asks (a run loop, or `dispatchMain()`, which would run them
/// at any time). So the command's main thread does nothing else (``AsyncExecutors/runBesideMainQueue(_:)``):
/// when the app's jobs run out, the runner asks it to run what is queued, waits until it has, and runs the
/// jobs those blocks started, until neither is left. The driving thread waits meanwhile, so the blocks run
/// between the app's jobs as on a device, in the same order on every run.
///
/// libdispatch says a block was queued by writing to an event counter, which is read here without waiting.
/// Linux only: elsewhere, and in a process whose main thread does not serve (a `swift test` process), queued
/// blocks wait, as they do in a process whose main thread never runs its run loop.
package enum MainDispatchQueue {
  /// Runs what is queued on the main queue, when something is and a thread can: directly on the main thread,
  /// else by the main thread serving; true when it did (the blocks may have started jobs or queued more).
  package static func runQueued() -> Bool {
    #if os(Linux)
      guard let dispatch = Dispatch.symbols else { return false }
      if Thread.isMainThread {
        guard takeWakeUp(dispatch) else { return false }
        dispatch.drain(nil)
        return true
      }
      guard let servant = Servant.current, takeWakeUp(dispatch) else { return false }
      servant.drain()
      return true
    #else
      return false
    #endif
  }

  /// Whether a thread is waiting for the main thread to run the queue: a block app code queued there has not
  /// returned yet (or the main thread is about to run it).
  package static var isRunning: Bool { Servant.current?.isBusy ?? false }

  /// Makes the calling thread, the process's main thread, run the main queue whenever ``runQueued()`` asks,
  /// for good.
  static func serve() -> Never {
    let servant = Servant()
    Servant.current = servant
    servant.serve()
  }

  #if os(Linux)
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

  /// The main thread's side: it waits for a request, runs the queue, and says it has.
  ///
  /// `@unchecked Sendable`: `requested` and `completed` are read and written only while `condition` is locked.
  private final class Servant: @unchecked Sendable {
    private let condition = NSCondition()
    private var requested = 0
    private var completed = 0

    static let lock = NSLock()
    nonisolated(unsafe) private static var installed: Servant?
    /// The servant of this process, once the main thread serves.
    static var current: Servant? {
      get { lock.withLock { installed } }
      set { lock.withLock { installed = newValue } }
    }

    var isBusy: Bool { condition.withLock { completed < requested } }

    /// Asks the main thread to run the queue and waits until it has.
    func drain() {
      condition.lock()
      requested += 1
      let ticket = requested
      condition.broadcast()
      while completed < ticket { condition.wait() }
      condition.unlock()
    }

    func serve() -> Never {
      condition.lock()
      while true {
        while completed == requested { condition.wait() }
        let target = requested
        condition.unlock()
        #if os(Linux)
          Dispatch.symbols?.drain(nil)
        #endif
        condition.lock()
        completed = target
        condition.broadcast()
      }
    }
  }
}
