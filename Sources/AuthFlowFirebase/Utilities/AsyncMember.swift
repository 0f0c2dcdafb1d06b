import AuthFlowEngine
import AuthFlowLanguage

/// Where an `async` member does its work.
///
/// The members are `nonisolated(nonsending)`: they start on their caller's actor, and this decides where the work
/// goes from there.
/// - Under a scenario run of an async machine, on the default executor, as FirebaseAuth's own `async` members
///   run off the caller's actor: what the app's other tasks do meanwhile, and the order the transcript shows, is
///   what it would be with the SDK. The listeners the work wakes are called in a main-actor task queued behind it
///   (`MainActorDelivery`), as the SDK calls them on the main thread.
/// - In a plain test (no run: no executors of authflow's, no main queue to wait for), on the caller's actor, so
///   the listeners it wakes, called before the member returns, run there: a `@MainActor` view model that awaits
///   `createUser` has its state listener called on the main actor, as on a device, not on a thread of the default
///   executor where its isolation check would stop the test.
enum AsyncMember {
  nonisolated(nonsending) static func run<T>(_ work: @escaping () throws -> T) async throws -> T {
    guard MainActorDelivery.runDrivesHere else { return try work() }
    return try await offTheCallersActor(UncheckedSendable(work)).value
  }

  @concurrent private static func offTheCallersActor<T>(_ work: UncheckedSendable<() throws -> T>)
    async throws
    -> UncheckedSendable<T>
  {
    UncheckedSendable(try work.value())
  }
}
