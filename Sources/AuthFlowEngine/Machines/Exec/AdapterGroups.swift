import AuthFlowLanguage
import Foundation

/// The process groups of every adapter alive in this process, so that however the process ends — the run
/// finishing while the watchdog has left a stuck step running, `exit`, SIGINT, SIGTERM or SIGHUP — no
/// adapter, and nothing an adapter started in its group, outlives it.
///
/// Signals and exit are process-wide, so this is one shared registry. The first adapter started installs:
/// - a handler for SIGINT, SIGTERM and SIGHUP (each only where it still has the default disposition, so a
///   host that handles or ignores one keeps doing so) that stops every group, then exits with status
///   128 + the signal's number, as a shell reports a command killed by it;
/// - an `atexit` hook that stops every group still registered, and after such a signal makes the exit
///   status 128 + its number (the run may end on its own meanwhile, its adapters having been stopped
///   under it).
///
/// A group is registered from just before its leader is spawned until just before the leader is reaped: the
/// group id cannot be reused while it is registered, so a signal sent to it never reaches a stranger.
///
/// `@unchecked Sendable`: every stored property is read and written only while `lock` is held.
final class AdapterGroups: @unchecked Sendable {
  static let live = AdapterGroups()
  /// The signals that stop every adapter, then authflow.
  static let stoppingSignals = [SIGINT, SIGTERM, SIGHUP]

  private let lock = NSLock()
  /// Each group's leader, with the mark its processes carry in their environment.
  private var leaders: [pid_t: String] = [:]
  private var started = 0
  /// Set once authflow is stopping: an adapter that starts after that is stopped at once.
  private var closing = false
  private var installed = false
  /// The signal that is stopping authflow, once one came.
  private var signalled: Int32?

  /// Spawns a process group with `spawn` (which gets the ``variable`` setting for the adapter's
  /// environment and returns its leader's pid) and registers it. Throws when authflow is stopping.
  func register(_ spawn: (String) throws(AdapterProblem) -> pid_t) throws(AdapterProblem) -> pid_t {
    lock.lock()
    defer { lock.unlock() }
    if !installed {
      installed = true
      Self.installHandlers()
    }
    guard !closing else { throw .cannotStart(reason: "authflow is stopping") }
    started += 1
    let mark = "\(getpid())-\(started)"
    let leader = try spawn("\(Self.variable)=\(mark)")
    leaders[leader] = mark
    return leader
  }

  /// Forgets a group, once SIGKILL was sent to it, and kills what escaped it; called just before its leader is
  /// reaped.
  func remove(_ leader: pid_t) {
    guard let mark = lock.withLock({ leaders.removeValue(forKey: leader) }) else { return }
    Self.killEscaped { $0 == mark }
  }

  /// Stops every registered group — SIGTERM, then SIGKILL once their leaders have exited or `grace` has
  /// passed — and refuses new ones from now on. The leaders stay unreaped (their owners reap them, or the
  /// process is ending).
  /// A second call (the `atexit` hook after a signal) only sends SIGKILL to what is left.
  func stopAll(grace: Duration = AdapterProcess.terminationGrace) {
    let first = lock.withLock {
      defer { closing = true }
      for leader in leaders.keys where !closing { kill(-leader, SIGTERM) }
      return !closing
    }
    let deadline = ContinuousClock.now + (first ? grace : .zero)
    var pause = Duration.milliseconds(1)
    while deadline > .now, !lock.withLock({ leaders.keys.allSatisfy(Self.hasExited) }) {
      AdapterProcess.sleep(pause)
      pause = min(pause * 2, .milliseconds(50))
    }
    lock.withLock {
      for leader in leaders.keys { kill(-leader, SIGKILL) }
    }
    let ours = "\(getpid())-"
    Self.killEscaped { $0.hasPrefix(ours) }
  }

  /// Sends SIGKILL to each of `groups` still registered under its mark (so never to a reused group id): the
  /// adapters of a step the watchdog abandoned. Their owners still reap them, and what escaped the group goes
  /// then.
  func stopAbandoned(_ groups: [(leader: pid_t, mark: String)]) {
    lock.withLock {
      for group in groups where leaders[group.leader] == group.mark { kill(-group.leader, SIGKILL) }
    }
  }

  /// The mark of the registered group `leader` leads, nil when it is not registered (any more): with the pid,
  /// it names one group, even after the pid is reused.
  func mark(of leader: pid_t) -> String? { lock.withLock { leaders[leader] } }

  // MARK: - Processes that left their group

  /// The environment variable every adapter is started with, `AUTHFLOW_ADAPTER_GROUP=PID-N` (authflow's pid,
  /// and the adapter's number): what the adapter starts inherits it, even what leaves its process group
  /// (`setsid`), so stopping the group also finds those.
  static let variable = "AUTHFLOW_ADAPTER_GROUP"

  /// Sends SIGKILL to every process whose environment carries a mark `matches` accepts (Linux: read from
  /// `/proc`; elsewhere, nothing).
  private static func killEscaped(_ matches: (String) -> Bool) {
    #if os(Linux)
      let prefix = Array((variable + "=").utf8)
      let me = getpid()
      for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = pid_t(name), pid != me,
          let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ")
        else { continue }
        let marked = environment.split(separator: 0).contains { entry in
          entry.starts(with: prefix)
            && matches(String(decoding: entry.dropFirst(prefix.count), as: UTF8.self))
        }
        if marked { kill(pid, SIGKILL) }
      }
    #endif
  }

  /// Whether `pid`, a child of this process, has exited (or is not a child any more); it stays unreaped.
  static func hasExited(_ pid: pid_t) -> Bool {
    var info = siginfo_t()
    guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
    #if canImport(Darwin)
      return info.si_pid != 0
    #else
      return info._sifields._sigchld.si_pid != 0
    #endif
  }

  // MARK: - Signals and exit

  /// A pipe the signal handler writes the signal's number to (`write` is async-signal-safe); a thread
  /// reads it and does the stopping, which needs locks and time.
  private static let wakeup: (read: Int32, write: Int32) = {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return (-1, -1) }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
  }()

  private static func installHandlers() {
    atexit {
      AdapterGroups.live.stopAll()
      if let signal = AdapterGroups.live.lock.withLock({ AdapterGroups.live.signalled }) {
        fflush(nil)
        _exit(128 + signal)
      }
    }
    let fds = wakeup
    guard fds.read >= 0 else { return }
    let watcher = Thread {
      // A parent may have started authflow with these signals blocked (the mask is inherited): this
      // thread takes them whatever the others block.
      var stopping = sigset_t()
      sigemptyset(&stopping)
      for signal in stoppingSignals { sigaddset(&stopping, signal) }
      pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
      var number: UInt8 = 0
      while true {
        let count = read(fds.read, &number, 1)
        if count == 1 { break }
        if count < 0, errno == EINTR { continue }
        return
      }
      AdapterGroups.live.lock.withLock { AdapterGroups.live.signalled = Int32(number) }
      AdapterGroups.live.stopAll()
      // Not `exit`: the run may be exiting on its own meanwhile, and `exit` runs each `atexit` hook in
      // only one of the two threads.
      fflush(nil)
      _exit(128 + Int32(number))
    }
    watcher.start()
    for signal in stoppingSignals {
      var current = sigaction()
      sigaction(signal, nil, &current)
      guard isDefault(current) else { continue }
      var action = sigaction()
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = onSignal
      #else
        action.__sigaction_handler.sa_handler = onSignal
      #endif
      sigaction(signal, &action, nil)
    }
  }

  private static func isDefault(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
      let handler = unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
    #else
      let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    #endif
    return handler == unsafeBitCast(SIG_DFL, to: Int.self) && action.sa_flags & SA_SIGINFO == 0
  }

  /// The signal handler: only `write`, which is async-signal-safe.
  private static let onSignal: @convention(c) (Int32) -> Void = { signal in
    var number = UInt8(truncatingIfNeeded: signal)
    _ = write(AdapterGroups.wakeup.write, &number, 1)
  }
}
