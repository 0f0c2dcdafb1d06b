import AuthFlowLanguage

/// Calls an app's callback where production calls it: on the main actor.
///
/// FirebaseAuth calls state and ID-token listeners on the main thread. Outside an async machine's run (a
/// synchronous machine, a plain test) the callback runs at once, on the calling thread. While a run drives and
/// the caller does not hold the main actor (an `async` FirebaseAuth member runs on the default executor, as do
/// detached tasks), it is queued as a main-actor task behind the work already queued, so `@MainActor` app code
/// receives it isolated, and in the same order on every run.
package enum MainActorDelivery {
  /// Whether a scenario run drives the executors on the calling thread (an async machine's run; not a plain test
  /// or a synchronous machine).
  package static var runDrivesHere: Bool {
    guard #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) else { return false }
    return AppJobQueue.shared.callerIsolation != nil
  }

  package static func deliver(_ callback: @escaping () -> Void) {
    if #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) {
      if AppJobQueue.shared.callerIsolation == false {
        let callback = UncheckedSendable(callback)
        Task(name: "auth listener") { @MainActor in callback.value() }
        return
      }
    }
    callback()
  }

  /// Queues `callback` as a main-actor task behind the work already queued, as the SDK queues a listener's first
  /// call on the main queue, when a run drives on this thread (even from the main actor); false, doing nothing,
  /// when none does (a plain test has no main queue to wait for: the caller calls at once).
  /// `name` is the task's, which a step that never ends names among the work still to run.
  package static func deliverLater(named name: String = "auth listener", _ callback: @escaping () -> Void)
    -> Bool
  {
    guard #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *),
      AppJobQueue.shared.callerIsolation != nil
    else { return false }
    let callback = UncheckedSendable(callback)
    Task(name: name) { @MainActor in callback.value() }
    return true
  }
}
