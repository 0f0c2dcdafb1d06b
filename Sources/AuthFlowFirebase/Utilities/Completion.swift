import AuthFlowEngine

/// Calls a completion handler when the SDK calls it: after the call has returned.
///
/// FirebaseAuth does a call's work on its own queue and calls the completion handler later, on the main queue, so
/// the code after the call runs first (`signIn(…) { … }` then `isLoading = true` ends with the handler's state,
/// and code that reads the result right after the call finds nothing yet). Under a scenario run of an async
/// machine the call's work and its handler run as one main-actor task queued behind the work already queued, and
/// the step waits for it as for any other. In a plain test, or under a synchronous machine, there is no main queue
/// to wait for: the handler is called before the call returns.
enum Completion {
  /// Runs `body`, then calls `completion` with its value or its error, later where the SDK would.
  static func call<T>(_ completion: ((T?, Error?) -> Void)?, _ body: @escaping () throws -> T) {
    later {
      do {
        let value = try body()
        completion?(value, nil)
      } catch {
        completion?(nil, error)
      }
    }
  }

  /// Runs `body`, then calls `completion` with its error or nil, later where the SDK would.
  static func call(_ completion: ((Error?) -> Void)?, _ body: @escaping () throws -> Void) {
    later {
      do {
        try body()
        completion?(nil)
      } catch {
        completion?(error)
      }
    }
  }

  private static func later(_ work: @escaping () -> Void) {
    if !MainActorDelivery.deliverLater(named: "completion handler", work) { work() }
  }
}
