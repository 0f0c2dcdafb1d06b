@_spi(ExperimentalCustomExecutors) import _Concurrency
import Foundation
import AuthFlowLanguage

/// The executors that let scenarios drive async machines deterministically.
///
/// Call ``install()`` first thing in a synchronous `main` (the `authflow` command does, in
/// `AuthflowCommand.main`): the main actor and the default task executor then share one FIFO queue that the
/// runner drains on its own thread while a scenario plays an ``AsyncMachine``, with `Task.sleep` on the
/// scenario's virtual clock. While no such scenario plays, every job goes to the platform's own executors.
/// A `swift test` process cannot install them (XCTest and Swift Testing own its `main`); see
/// Docs/AsyncMachines.md.
public enum AsyncExecutors {
  /// Installs authflow's main and default executors. Call it once, at the start of a synchronous `main`,
  /// before any task is created; later calls do nothing.
  public static func install() {
    guard #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) else { return }
    guard installed.set() else { return }
    MainThread.noteMainThread()
    _createExecutors(factory: QueueExecutorFactory.self)
  }

  /// Set by the first ``install()``; read before asking the runtime, which picks its executors for good the
  /// first time anyone asks.
  private static let installed = Flag()

  /// A flag set once. `@unchecked Sendable`: `value` is read and written only while `lock` is held.
  private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    /// Sets the flag; false when it was set already.
    func set() -> Bool {
      lock.withLock {
        defer { value = true }
        return !value
      }
    }
    var isSet: Bool { lock.withLock { value } }
  }

  /// Whether the main actor runs on authflow's executor, so async machines can be driven.
  public static var isInstalled: Bool {
    guard #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) else { return false }
    return installed.isSet && MainActor.executor is QueueMainExecutor
  }

  /// Runs `body` on a thread of its own and exits the process with the status it returns, while the calling
  /// thread, which must be the process's main thread, plays the async-machine scenarios `body` runs, as a
  /// device runs its app on the main thread, and what their code queues on `DispatchQueue.main` (libdispatch
  /// runs the main queue on the main thread only). `AuthflowCommand.main` does this after ``install()``; a
  /// `main` of your own that plays async machines does the same. See Docs/AsyncMachines.md, "The main thread
  /// and `DispatchQueue.main`".
  public static func runBesideMainQueue(_ body: @escaping @Sendable () -> Int32) -> Never {
    MainThread.prepareToServe()
    let thread = Thread { exit(body()) }
    // The main thread's usual room: the command loads and plays on this thread.
    thread.stackSize = 8 << 20
    thread.start()
    MainThread.serve()
  }
}

/// What `_createExecutors(factory:)` asks for: the two executors in front of the shared queue.
@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
struct QueueExecutorFactory: ExecutorFactory {
  static var mainExecutor: any MainExecutor { AppJobQueue.shared.mainExecutor }
  static var defaultExecutor: any TaskExecutor { AppJobQueue.shared.taskExecutor }
}
