import AuthFlowLanguage

/// A machine that runs out of process: an adapter started with `--machine exec:COMMAND`, spoken to in the
/// JSON-lines protocol of Docs/AdapterProtocol.md over its standard input and output.
///
/// Each app launch starts a new adapter process (so `terminate` really loses in-memory state); the harness
/// forwards the device's actions, answers the adapter's calls on the device's ``AuthClient``, and passes on
/// the client's auth-state changes as events. An adapter that exits, hangs, floods or breaks the protocol
/// makes only its scenario errored.
package final class ExecMachine: Machine {
  /// Lines an adapter may send for one message of the harness (an action with its calls and events).
  static let lineLimit = 10_000
  /// How deep auth-state events may nest (an event whose handler's call causes another event, …).
  static let nestingLimit = 16
  /// `log` calls one harness message may take, and the bytes of one `log` line the transcript keeps: a
  /// transcript stays readable, and a report small, whatever an adapter logs.
  static let logLimit = 1000
  static let logLineLimit = 4096

  /// What every adapter process of one `exec:` machine shares.
  struct Settings: Sendable {
    var command: String
    /// How long the adapter may take to send a line (or read one) before its scenario errors.
    var timeout: Duration
  }

  private enum Reply {
    case ready(AdapterDescription, AppView)
    case done(AppView)
  }

  let context: MachineContext
  private let settings: Settings
  private var process: AdapterProcess?
  private var view = AppView.starting
  /// When the adapter last said what it shows; a read at a later time asks it again (`tick`).
  private var viewTime: VirtualTime
  private var broken: AdapterFailure?
  /// What the last `linkProvider` or `linkPhone` call refused with `credential-already-in-use` carried: the
  /// credential the SDK's error holds (`AuthErrorUserInfoUpdatedCredentialKey`), for `signInWithRefusedLink`.
  var refusedLink: RefusedLink?

  /// A credential a refused link carried.
  enum RefusedLink {
    /// The IdP account whose credential the refusal carried.
    case identityProvider(IdentityProviders.Account)
    /// A phone number and the temporary proof of it the refusal carried.
    case phone(number: String, proof: String)
  }
  /// What the adapter's `ready` said, for the handshake.
  private(set) var description: AdapterDescription?
  private var depth = 0
  private var linesLeft = lineLimit
  var logsLeft = logLimit

  /// Starts the adapter for an app launch: spawns it, says `hello`, waits for `ready`. A failure shows at the
  /// next step.
  init(context: MachineContext, settings: Settings, probe: Bool = false) {
    self.context = context
    self.settings = settings
    self.viewTime = context.now
    context.client.onAuthStateChange = { [weak self] change in self?.authStateDidChange(change) }
    start(probe: probe)
  }

  deinit { process?.stop() }

  private var device: String { context.device }

  private func start(probe: Bool) {
    let during = probe ? "answering the handshake's hello" : "starting on \(device)"
    do throws(AdapterProblem) {
      process = try AdapterProcess.spawn(command: settings.command)
      if let process { context.world.adapterStarted?(process.pid) }
    } catch {
      return record(AdapterFailure(problem: error, during: during, stderr: []))
    }
    let hello = HarnessMessage.hello(
      device: device, now: context.now, user: context.client.currentUser, probe: probe)
    do throws(AdapterFailure) {
      guard case .ready(let description, let view) = try exchange(hello, during: during) else { return }
      self.description = description
      show(view)
    } catch {
      record(error)
    }
  }

  /// Ends the adapter process: stdin closed, SIGTERM, SIGKILL after a short grace; always reaped.
  func stop() {
    process?.stop()
    process = nil
  }

  // MARK: - What the app shows

  package var state: AuthState { currentView().state }
  package var screen: String { currentView().screen }
  package var error: AuthErrorCode? { currentView().error }
  package var ui: [String: String] { currentView().ui }

  package var fault: String? { broken.map(message) }

  /// The adapter's last view; when the clock has moved since, asks it again with a `tick` (a countdown shown
  /// on screen changes with time alone).
  private func currentView() -> AppView {
    guard viewTime != context.now, depth == 0, broken == nil, process != nil else { return view }
    viewTime = context.now
    do throws(AdapterFailure) {
      if case .done(let view) = try exchange(
        HarnessMessage.tick(now: context.now), during: "showing the app at \(context.now) on \(device)")
      {
        show(view)
      }
    } catch {
      record(error)
    }
    return view
  }

  private func show(_ view: AppView) {
    self.view = view
    viewTime = context.now
  }

  // MARK: - Actions and events

  package func perform(_ action: Action) throws {
    if let broken { throw MachineError.adapterFailed(reason: message(broken)) }
    do throws(AdapterFailure) {
      let during = "handling '\(action.kind.rawValue)' on \(device)"
      if case .done(let view) = try exchange(HarnessMessage.action(action, now: context.now), during: during)
      {
        show(view)
      }
    } catch {
      record(error)
      throw MachineError.adapterFailed(reason: message(error))
    }
    if action == .terminate { stop() }
  }

  /// A link the OS hands the app: sent as a `follow_link` action when the adapter said `opens_links`;
  /// otherwise the app handles no links and the scenario errors.
  package func openLink(_ link: String) throws {
    if let broken { throw MachineError.adapterFailed(reason: message(broken)) }
    guard description?.opensLinks == true else { throw MachineError.opensNoLinks }
    do throws(AdapterFailure) {
      let during = "handling a link opened on \(device)"
      if case .done(let view) = try exchange(HarnessMessage.openLink(link, now: context.now), during: during)
      {
        show(view)
      }
    } catch {
      record(error)
      throw MachineError.adapterFailed(reason: message(error))
    }
  }

  /// The client's listener: the adapter hears of every change, during an action (while it waits for a
  /// call's result) or outside one (a token refresh during `wait`).
  private func authStateDidChange(_ change: AuthStateChange) {
    guard broken == nil, process != nil else { return }
    do throws(AdapterFailure) {
      let event = HarnessMessage.event(change, now: context.now)
      if case .done(let view) = try exchange(event, during: "handling an authStateChanged event on \(device)")
      {
        show(view)
      }
    } catch {
      record(error)
    }
  }

  // MARK: - The exchange

  /// Sends one message and serves the adapter's calls until it answers with `ready` (to `hello`) or `done`.
  private func exchange(_ message: WireValue, during: String) throws(AdapterFailure) -> Reply {
    if let broken { throw broken }
    guard let process else {
      throw AdapterFailure(problem: .exited(how: "is not running"), during: during, stderr: [])
    }
    if depth == 0 { (linesLeft, logsLeft) = (Self.lineLimit, Self.logLimit) }
    depth += 1
    defer { depth -= 1 }
    func failure(_ problem: AdapterProblem) -> AdapterFailure {
      AdapterFailure(problem: problem, during: during, stderr: process.lastErrorLines())
    }
    guard depth <= Self.nestingLimit else { throw failure(.eventsNestedTooDeep(limit: Self.nestingLimit)) }
    let expected = message["type"] == "hello" ? "ready" : "done"
    do throws(AdapterProblem) {
      try send(message, to: process)
      while true {
        let line = try process.readLine(deadline: .now + settings.timeout, timeout: settings.timeout)
        linesLeft -= 1
        guard linesLeft >= 0 else { throw .tooManyLines(limit: Self.lineLimit) }
        if line.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
        let reply = try AdapterMessage(parsing: line)
        switch reply {
        case .call(let id, let method, let args):
          let outcome = try answer(method, args)
          // An event the call caused may have broken the adapter meanwhile.
          if let broken { throw broken.problem }
          try send(HarnessMessage.result(id: id, outcome), to: process)
        case .ready(let description, let view) where expected == "ready": return .ready(description, view)
        case .done(let view) where expected == "done": return .done(view)
        case .fail(let message): throw .reportedFailure(message: message)
        case .ready, .done: throw .unexpectedMessage(type: reply.type, expected: "'\(expected)'")
        }
      }
    } catch {
      if let broken { throw broken }
      throw failure(error)
    }
  }

  private func send(_ message: WireValue, to process: AdapterProcess) throws(AdapterProblem) {
    try process.send(message.line, deadline: .now + settings.timeout, timeout: settings.timeout)
  }

  /// Keeps the first failure and stops the adapter; the scenario errors at this step or the next.
  private func record(_ failure: AdapterFailure) {
    if broken == nil { broken = failure }
    stop()
  }

  /// The failure's text with every password of the scenario hidden: adapters may echo what they were sent.
  private func message(_ failure: AdapterFailure) -> String {
    context.world.redactor.scrub(failure.description)
  }
}
