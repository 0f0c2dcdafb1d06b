import AuthFlowLanguage

/// Everything the devices of one scenario share: the virtual clock, the one seeded generator, the backend,
/// the identity providers, the outbox and the transcript being written.
///
/// A world belongs to one scenario run and one thread; nothing in it reads the wall clock or global randomness.
public final class World {
  /// The virtual clock; only `wait` moves it.
  @exclusivity(unchecked) public private(set) var now: VirtualTime
  @exclusivity(unchecked) var random: SeededGenerator
  /// The backend's knobs.
  @exclusivity(unchecked) public internal(set) var settings: BackendSettings
  /// Every email the backend sent.
  public let outbox = Outbox()
  /// Every SMS the backend sent (phone verification codes).
  public let smsOutbox = SMSOutbox()
  /// The fake identity providers and their accounts.
  public let identityProviders = IdentityProviders()
  /// What happened so far, one entry per line of the transcript.
  @exclusivity(unchecked) public private(set) var transcript: [TranscriptEntry] = []
  /// Whether `log` keeps what it is told. `authflow explore` plays thousands of walks nobody reads and turns
  /// it off, so no transcript text is even built.
  @exclusivity(unchecked) var recordsTranscript = true
  /// Hides the run's secrets in everything the world writes.
  public let redactor: Redactor
  /// The error the last `follow_link` page showed.
  @exclusivity(unchecked) public internal(set) var linkError: AuthErrorCode?
  @exclusivity(unchecked) private(set) var pendingFailures: [InjectedFailure] = []
  /// The backend, made once the world is: read on nearly every line of a run, so without a lazy variable's
  /// checks.
  package var backend: Backend { backendStorage.unsafelyUnwrapped }
  @exclusivity(unchecked) private var backendStorage: Backend?
  /// Objects a layer above keeps for the life of this world, by name (the FirebaseAuth façade's state); each
  /// that is a ``WorldAttachment`` hears when the world ends.
  @exclusivity(unchecked) package var attachments: [String: AnyObject] = [:] {
    didSet {
      attachmentsInOrder = attachments.keys.sorted().compactMap { attachments[$0] as? WorldAttachment }
    }
  }
  /// The attachments that are ``WorldAttachment``s, by name: found once, not by a dynamic cast on every read of
  /// a device.
  @exclusivity(unchecked) private var attachmentsInOrder: [any WorldAttachment] = []

  /// Told the process group of each `exec:` adapter this world's devices start, by the run whose watchdog
  /// stops them when it abandons a step that never ends; nil when nothing watches.
  @exclusivity(unchecked) package var adapterStarted: ((_ group: Int32) -> Void)?

  /// A `fail_next` waiting for its call.
  struct InjectedFailure {
    var operation: BackendOperation
    var error: AuthErrorCode
    /// nil: a call from any device (or the browser).
    var device: String?
  }

  deinit {
    for attachment in attachmentsInOrder { attachment.worldDidEnd() }
  }

  /// An empty world at `start` with `settings`, its ids and tokens from a generator seeded with `seed`.
  public init(settings: BackendSettings, start: VirtualTime, seed: UInt64, redactor: Redactor) {
    self.settings = settings
    self.now = start
    self.random = SeededGenerator(seed: seed)
    self.redactor = redactor
    backendStorage = Backend(world: self)
  }

  // MARK: - Transcript

  func log(_ actor: String, _ text: @autoclosure () -> String) {
    guard recordsTranscript else { return }
    transcript.append(TranscriptEntry(time: now, actor: actor, text: text()))
  }

  /// Writes one of the runner's own lines, kept as its values until something reads its text.
  func log(_ actor: String, _ content: TranscriptEntry.Content) {
    guard recordsTranscript else { return }
    transcript.append(TranscriptEntry(time: now, actor: actor, content: content))
  }

  /// Writes a line at `index` of the transcript (at `time`, default now), for a line about something that came
  /// before the lines already written after it.
  func insertLog(_ actor: String, _ text: String, at index: Int, time: VirtualTime? = nil) {
    guard recordsTranscript else { return }
    transcript.insert(
      TranscriptEntry(time: time ?? now, actor: actor, text: text), at: min(index, transcript.count))
  }

  /// Rewrites the text of the line at `index`, keeping its actor; its time becomes now.
  func rewriteLog(at index: Int, _ text: String) {
    guard recordsTranscript, transcript.indices.contains(index) else { return }
    transcript[index] = TranscriptEntry(time: now, actor: transcript[index].actor, text: text)
  }

  func hide(password: String) -> String { redactor.password(password) }

  // MARK: - Clock and randomness

  /// Moves the clock forward; only the runner's `wait` does this.
  package func advance(to time: VirtualTime) {
    if time > now { now = time }
  }

  func identifier(length: Int) -> String { random.identifier(length: length) }

  func nextRandom() -> UInt64 { random.next() }

  /// Moves the generator past `count` identifiers of `length` without making them.
  func skipIdentifiers(_ count: Int, length: Int) { random.skipIdentifiers(count, length: length) }

  // MARK: - Injected failures

  func failNext(_ operation: BackendOperation, with error: AuthErrorCode, device: String?) {
    pendingFailures.append(InjectedFailure(operation: operation, error: error, device: device))
  }

  /// Consumes the first `fail_next` that matches a call, if any.
  func takeInjectedFailure(for operation: BackendOperation, device: String?) -> AuthErrorCode? {
    guard let index = injectedFailure(for: operation, device: device) else { return nil }
    return pendingFailures.remove(at: index).error
  }

  /// Whether a `fail_next` waits for such a call.
  func hasInjectedFailure(for operation: BackendOperation, device: String?) -> Bool {
    injectedFailure(for: operation, device: device) != nil
  }

  private func injectedFailure(for operation: BackendOperation, device: String?) -> Int? {
    pendingFailures.firstIndex { $0.operation == operation && ($0.device == nil || $0.device == device) }
  }
}

/// Something kept in ``World/attachments`` that must let go of what it holds when the world ends, or when a
/// device's app is terminated.
package protocol WorldAttachment: AnyObject {
  /// The world is being deallocated; drop references into it.
  func worldDidEnd()
  /// The OS killed the app on `device`: drop what only that run of the app held (its listeners, say). The
  /// session persisted on the device stays.
  func appDidTerminate(on device: String)
  /// Runs `read` as code of the app on `device`: the runner launching it, or reading what it shows (its state,
  /// screen, error, `ui`). App code that finds its instances outside any task (`Auth.auth()` in an initialiser
  /// or a computed property) gets that device's, as it does while the device's actions run.
  func running<T>(asDevice device: String, _ read: () -> T) -> T
}

extension WorldAttachment {
  package func appDidTerminate(on device: String) {}
  package func running<T>(asDevice device: String, _ read: () -> T) -> T { read() }
}

extension World {
  /// Runs `read` as code of `device`, for every attachment (``WorldAttachment/running(asDevice:_:)``).
  func running<T>(asDevice device: String, _ read: () -> T) -> T {
    let list = attachmentsInOrder
    // One attachment (the FirebaseAuth harness) is the common case, read after every step and timer.
    if list.count == 1 { return list[0].running(asDevice: device, read) }
    func nested(_ index: Int) -> T {
      index == list.count ? read() : list[index].running(asDevice: device) { nested(index + 1) }
    }
    return nested(0)
  }
}
