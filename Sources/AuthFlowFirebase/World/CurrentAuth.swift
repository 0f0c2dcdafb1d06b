import AuthFlowEngine
import Foundation

/// Which ``Auth`` ``Auth/auth()`` returns: the one bound to the running task (``FirebaseWorld/withDevice(_:_:)``),
/// else, under a scenario run, the device whose work the running job is, else the process-wide current device
/// (``FirebaseWorld/currentDevice``).
enum CurrentAuth {
  /// The instance bound to the running task and the tasks it starts, held weakly: a task the app left waiting
  /// when its scenario ended (a countdown asleep on the virtual clock, which never wakes) keeps that task's
  /// memory, not the instance and the whole world behind it.
  @TaskLocal static var bound: Binding?

  /// A weak reference to an ``Auth``, made once per instance (``Auth/binding``).
  final class Binding: @unchecked Sendable {
    /// Written once, by the instance's initialiser, before the binding is shared.
    weak var auth: Auth?
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var current: (world: FirebaseWorld, device: String)?

  static func processWide() -> (world: FirebaseWorld, device: String)? {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  static func setProcessWide(_ value: (world: FirebaseWorld, device: String)?) {
    lock.lock()
    current = value
    lock.unlock()
  }

  /// Sets the process-wide world and device, returning what they were: one visit to the lock for both.
  static func exchangeProcessWide(
    _ value: (world: FirebaseWorld, device: String)?
  ) -> (world: FirebaseWorld, device: String)? {
    lock.lock()
    defer { lock.unlock() }
    let previous = current
    current = value
    return previous
  }

  /// The current instance, nil outside any world: the task's own device; in a task the app detached (which
  /// inherits no binding), the device whose work the running job is; else the world's current device.
  static func resolve() -> Auth? {
    if let bound { return bound.auth }
    guard let (world, device) = processWide() else { return nil }
    return world.auth(for: RunningAppWork.device ?? device)
  }
}
