import AuthFlowKit
import Foundation

/// A small app written the way SwiftUI apps write their auth glue: a `@MainActor` class whose actions are
/// `async`, which starts unstructured tasks, hops to an actor, detaches work, sleeps, and listens to its client.
/// It exists to prove that authflow drives such code deterministically.
@MainActor
final class DemoAsyncApp: AsyncMachine {
  private let client: AuthClient
  private let audit = AuditLog()
  private(set) var state = AuthState.signedOut
  private(set) var screen = "signIn"
  private(set) var error: AuthErrorCode?
  /// The order in which the app's tasks came back from the actor: the thing that varies without a
  /// deterministic executor.
  private var trail: [String] = []
  private var resendSecondsLeft = 0
  private var greeting = ""
  /// How many main-actor isolation checks held (`tap: check`).
  private var isolationChecks = 0
  /// The count `tap: remember` last stored in `UserDefaults.standard`.
  private var remembered = 0
  /// A continuation that nothing will ever resume (`tap: hang`).
  private var forgotten: UnsafeContinuation<Void, Never>?

  /// The worlds of this scenario's app and of the one before, held weakly: `ui.earlier_world` says whether the
  /// one before is gone (a task an app left asleep, holding its context, must not keep its world).
  nonisolated(unsafe) private static weak var latestWorld: World?
  nonisolated(unsafe) private static weak var earlierWorld: World?
  private let context: MachineContext

  init(context: MachineContext) {
    self.context = context
    client = context.client
    if Self.latestWorld !== context.world {
      Self.earlierWorld = Self.latestWorld
      Self.latestWorld = context.world
    }
    client.onAuthStateChange = { [weak self] change in
      MainActor.assumeIsolated { self?.show(change.user, error: change.error) }
    }
    show(client.currentUser, error: nil)
  }

  var ui: [String: String] {
    [
      "trail": trail.joined(separator: " "), "resend_seconds_left": "\(resendSecondsLeft)",
      "greeting": greeting,
      "isolation_checks": "\(isolationChecks)", "remembered": "\(remembered)",
      "leaked": "\(UserDefaults.standard.bool(forKey: "async-demo.leaked"))",
      "earlier_world": Self.earlierWorld == nil ? "gone" : "kept",
    ]
  }

  func perform(_ action: Action) async throws {
    error = nil
    switch action {
    case .launch, .foreground:
      Task(name: "reload on foreground") { await self.reload() }
    case .background, .terminate:
      break
    case .signUp(let email, let password, _):
      _ = await audit.record("sign_up")
      guard attempt({ () throws(AuthErrorCode) in _ = try client.signUp(email: email, password: password) })
      else { return }
      let greeting = Task.detached(name: "make greeting") { () -> String in
        "Welcome, \(email.split(separator: "@").first.map(String.init) ?? email)"
      }
      self.greeting = await greeting.value
      _ = attempt { () throws(AuthErrorCode) in try client.sendEmailVerification() }
    case .signIn(let email, let password):
      _ = attempt { () throws(AuthErrorCode) in _ = try client.signIn(email: email, password: password) }
    case .signOut:
      client.signOut()
    case .refresh:
      await reload()
    case .resendVerification:
      guard resendSecondsLeft == 0 else { return }
      guard attempt({ () throws(AuthErrorCode) in try client.sendEmailVerification() }) else { return }
      resendSecondsLeft = 60
      Task(name: "resend countdown") {
        while self.resendSecondsLeft > 0 {
          try await Task.sleep(for: .seconds(1))
          self.resendSecondsLeft -= 1
        }
      }
    case .deleteAccount:
      // As AuthKit does: let the confirmation dialog go away first.
      try await Task.sleep(for: .milliseconds(500))
      _ = attempt { () throws(AuthErrorCode) in try client.delete() }
    case .tap("burst"):
      burst()
    case .tap("check"):
      // The runtime's checks, from code the compiler cannot prove isolated: in a main-actor job, and back on
      // the main actor after a detached task.
      assumeMainActor { self.isolationChecks += 1 }
      await Task.detached(name: "check detached") {
        await MainActor.run { self.assumeMainActor { self.isolationChecks += 1 } }
      }.value
      MainActor.preconditionIsolated()
      isolationChecks += 1
    case .tap("poll-reload"):
      // A screen that reloads the user every 5 seconds, forever (a verification poller).
      Task(name: "reload poller") {
        while true {
          try await Task.sleep(for: .seconds(5))
          await self.reload()
        }
      }
    case .tap("poll"):
      // Waits for something that never comes, checking every second.
      while true { try await Task.sleep(for: .seconds(1)) }
    case .tap("hang"):
      await withUnsafeContinuation { self.forgotten = $0 }
    case .tap("until"):
      // Deadlines read on the main actor: each sleep runs in the job the hop to the default executor queues.
      try await Task.sleep(until: .now + .seconds(2), clock: .continuous)
      let clock = SuspendingClock()
      try await clock.sleep(until: clock.now.advanced(by: .milliseconds(500)))
      trail.append("woke")
    case .tap("busy-sleep"):
      // Main-actor work that takes real time, then a short sleep: the sleep's length is what the code says.
      let start = ContinuousClock.now
      while ContinuousClock.now - start < .milliseconds(30) {}
      try await Task.sleep(for: .milliseconds(15))
      trail.append("slept")
    case .tap("keychain"):
      // A Keychain-style bridge: a continuation resumed on a Dispatch queue of its own a little later (real
      // time, so that the queue has surely run out first), then an auth call.
      let stored = await withCheckedContinuation { continuation in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
          continuation.resume(returning: "from-keychain")
        }
      }
      trail.append(stored)
      await reload()
    case .tap("block"):
      // A job that never returns: it blocks the one thread that runs the app's jobs.
      DispatchSemaphore(value: 0).wait()
    case .tap("crash"):
      // App code that crashes the process (a failed precondition, a force unwrap).
      abort()
    case .tap("main-queue"):
      // Completion-handler code as iOS apps write it: what the app shows is updated on the main queue, from the
      // main actor and from a detached task; one block queues another and starts a main-actor task.
      DispatchQueue.main.async {
        MainActor.preconditionIsolated()
        self.trail.append("q1")
        DispatchQueue.main.async { self.trail.append("q3") }
        Task(name: "from the main queue") { self.trail.append("t") }
      }
      await Task.detached(name: "queue from detached") {
        DispatchQueue.main.async { self.trail.append("q2") }
      }.value
    case .tap("main-thread"):
      // UIKit-era code: it asserts the main queue, and an observer on the main operation queue hears a post at
      // once, as on the main thread of a device.
      dispatchPrecondition(condition: .onQueue(.main))
      let observer = NotificationCenter.default.addObserver(forName: Self.ping, object: nil, queue: .main) {
        _ in
        MainActor.assumeIsolated { self.trail.append("heard") }
      }
      NotificationCenter.default.post(name: Self.ping, object: nil)
      NotificationCenter.default.removeObserver(observer)
      trail.append(Thread.isMainThread ? "main-thread" : "another-thread")
    case .tap("remember"):
      // What an app keeps between launches in UserDefaults (a counter here).
      let count = UserDefaults.standard.integer(forKey: "async-demo.remembered") + 1
      UserDefaults.standard.set(count, forKey: "async-demo.remembered")
      remembered = count
    case .tap("slow"):
      // One job that takes most of a second of real time, then returns.
      usleep(850_000)
    case .tap("linger"):
      // What a countdown that keeps its app's objects does: it is still asleep when the scenario ends.
      Task(name: "lingering countdown") { [context] in
        try? await Task.sleep(for: .seconds(600))
        context.log("the countdown ended")
      }
    case .tap("say"):
      // What app code prints to follow itself, as a developer leaves it in.
      print("the app says hello")
    case .tap("nap"):
      try await Task.sleep(for: .milliseconds(100))
    case .tap("leak"):
      // A block queued on the main queue, then work that never lets the app go idle: the block is still queued
      // when the step gives up.
      DispatchQueue.main.async { UserDefaults.standard.set(true, forKey: "async-demo.leaked") }
      Task(name: "spinner") {
        while !Task.isCancelled { await Task.yield() }
      }
    case .tap("main-queue-again"):
      // A block that queues itself again, for good: the main queue never runs out.
      @Sendable func again() { DispatchQueue.main.async { again() } }
      again()
    case .tap("main-queue-block"):
      // A block that never returns: it blocks the main thread, which runs the main queue.
      DispatchQueue.main.async { DispatchSemaphore(value: 0).wait() }
    case .tap("spin"):
      Task(name: "spinner") {
        while !Task.isCancelled { await Task.yield() }
      }
    default:
      throw MachineError.unsupported(action.kind)
    }
  }

  /// What `tap: main-thread` posts to itself.
  nonisolated static let ping = Notification.Name("async-demo.ping")

  /// Two main-actor tasks and a detached one race to the actor; each writes down when it came back.
  private func burst() {
    for name in ["a", "b"] {
      Task(name: "burst \(name)") {
        for round in 1...3 {
          let number = await self.audit.record("\(name)\(round)")
          self.trail.append("\(name)\(round)#\(number)")
        }
      }
    }
    Task.detached(name: "burst detached") {
      let number = await self.audit.record("d")
      await MainActor.run { self.trail.append("d#\(number)") }
    }
  }

  /// Runs `body` after asking the runtime whether this is the main actor (it traps if not).
  nonisolated private func assumeMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
    MainActor.assumeIsolated { body() }
  }

  private func reload() async {
    guard client.currentUser != nil else { return }
    _ = await audit.record("reload")
    _ = attempt { () throws(AuthErrorCode) in _ = try client.reload() }
  }

  /// Runs a client call; shows its error and returns false when it fails.
  private func attempt(_ call: () throws(AuthErrorCode) -> Void) -> Bool {
    do {
      try call()
      show(client.currentUser, error: nil)
      return true
    } catch {
      self.error = error
      show(client.currentUser, error: nil)
      return false
    }
  }

  private func show(_ user: CachedUser?, error: AuthErrorCode?) {
    if let error { self.error = error }
    guard let user else {
      state = .signedOut
      screen = "signIn"
      return
    }
    state = user.isUnverifiedPasswordUser ? .signedInUnverified : .signedIn
    screen = user.isUnverifiedPasswordUser ? "verifyEmail" : "home"
  }

  /// The descriptor the fixture registers as `async-demo`.
  nonisolated static let descriptor = MachineDescriptor(
    name: "async-demo",
    summary: "a @MainActor app with async actions, tasks, an actor and Task.sleep (test fixture)",
    supportedActions: [
      .launch, .terminate, .background, .foreground, .signUp, .signIn, .signOut, .refresh,
      .resendVerification,
      .deleteAccount, .tap,
    ],
    screens: ["signIn", "verifyEmail", "home"],
    tapTargets: [
      "block", "burst", "busy-sleep", "check", "crash", "hang", "keychain", "main-queue", "main-queue-again",
      "main-queue-block",
      "leak", "linger", "main-thread", "nap", "poll", "poll-reload", "remember", "say", "slow", "spin",
      "until",
    ],
    makeAsync: { context in DemoAsyncApp(context: context) })
}
