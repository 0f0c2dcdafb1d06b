import AuthFlowLanguage
import Foundation
/// Async-machine scenarios take turns on the process's one ``AppJobQueue``: under `--jobs N` a worker takes
/// the turn before it starts the clock on such a scenario, so waiting for the turn never counts as a slow step.
enum AsyncTurn {
  /// Waits for the turn, for `thread`: the thread that will play the scenario (the main thread, when it serves:
  /// ``MainThread``). Returns why it will never come (a driver stuck in a step), or nil once it is taken.
  static func take(owner: String, token: AnyObject, for thread: pthread_t) -> String? {
    guard #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) else { return nil }
    return AppJobQueue.shared.beginDrive(owner: owner, token: token, on: thread)
  }

  /// Gives back the turn taken for `thread`.
  static func give(for thread: pthread_t) {
    guard #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) else { return }
    AppJobQueue.shared.endDrive(on: thread)
  }

  /// Whether a stuck step holds the turn for good: no async scenario can run in this process any more.
  static var isPoisoned: Bool {
    guard #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) else { return false }
    return AppJobQueue.shared.isPoisoned
  }

  /// The watcher gave up on `token`'s step: if it holds the turn, nobody gets it again.
  static func poison(heldBy token: AnyObject) {
    guard #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) else { return }
    AppJobQueue.shared.poison(heldBy: token)
  }
}
