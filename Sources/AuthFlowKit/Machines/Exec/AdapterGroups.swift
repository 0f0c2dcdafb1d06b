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
///   status 128 + its number, whichever thread exits first (the run may end on its own meanwhile, its
///   adapters having been stopped under it).
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
  private var leaders: Set<pid_t> = []
  /// Set once authflow is stopping: an adapter that starts after that is stopped at once.
  private var closing = false
  private var installed = false
  /// The signal that is stopping authflow, once one came.
  private var signalled: Int32?

  /// Spawns a process group with `spawn` (which returns its leader's pid) and registers it. Throws when
  /// authflow is stopping.
  func register(_ spawn: () throws(AdapterProblem) -> pid_t) throws(AdapterProblem) -> pid_t {
    lock.lock()
    defer { lock.unlock() }
    if !installed {
      installed = true
      Self.installHandlers()
    }
    guard !closing else { throw .cannotStart(reason: "authflow is stopping") }
    let leader = try spawn()
    leaders.insert(leader)
    return leader
  }

  /// Forgets a group; called just before its leader is reaped.
  func remove(_ leader: pid_t) {
    lock.withLock { _ = leaders.remove(leader) }
  }

  /// Stops every registered group — SIGTERM, then SIGKILL once their leaders have exited or `grace` has
  /// passed — and refuses new ones from now on. The leaders stay unreaped (their owners reap them, or the
  /// process is ending).
  /// A second call (the `atexit` hook after a signal) only sends SIGKILL to what is left.
  func stopAll(grace: Duration = AdapterProcess.terminationGrace) {
    let first = lock.withLock {
      defer { closing = true }
      for leader in leaders where !closing { kill(-leader, SIGTERM) }
      return !closing
    }
    let deadline = ContinuousClock.now + (first ? grace : .zero)
    var pause = Duration.milliseconds(1)
    while deadline > .now, !lock.withLock({ leaders.allSatisfy(Self.hasExited) }) {
      AdapterProcess.sleep(pause)
      pause = min(pause * 2, .milliseconds(50))
    }
    lock.withLock {
      for leader in leaders { kill(-leader, SIGKILL) }
    }
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
      exit(128 + Int32(number))
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
