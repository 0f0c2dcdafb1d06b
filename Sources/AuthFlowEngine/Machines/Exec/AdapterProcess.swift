import AuthFlowLanguage
import Foundation

/// One running adapter: `/bin/sh -c COMMAND` in a process group of its own, its standard input and output
/// on pipes for protocol lines, its standard error captured (never passed through) so a failure can quote
/// its last lines.
///
/// Every read and write waits with `poll(2)` against a deadline, so an adapter that hangs, stops reading or
/// floods cannot stall the harness; the process is always reaped.
final class AdapterProcess {
  /// The longest protocol line accepted, newline excluded.
  static let maximumLineBytes = 1 << 20
  /// How much of the adapter's standard error is kept: its tail.
  static let stderrTailBytes = 16 << 10
  /// How long `stop()` lets the adapter go after SIGTERM before SIGKILL.
  static let terminationGrace = Duration.milliseconds(500)
  /// How long an adapter that closed its output gets to exit and finish its standard error.
  static let exitGrace = Duration.seconds(1)
  /// How often a wait for the adapter's output checks whether it has exited, in case a process it started
  /// still holds the output open.
  static let exitCheckInterval = Duration.milliseconds(100)

  let pid: pid_t
  private var input: Int32
  private var output: Int32
  private var errors: Int32
  /// Output read but not yet returned as lines: `pending[lineStart...]`, of which `..<scanned` has no newline.
  private var pending: [UInt8] = []
  private var lineStart = 0
  private var scanned = 0
  private var stderrTail: [UInt8] = []
  private var rawStatus: Int32?
  /// The adapter exited (or closed its output) before the harness stopped it.
  private var exitedOnItsOwn = false

  private init(pid: pid_t, input: Int32, output: Int32, errors: Int32) {
    self.pid = pid
    self.input = input
    self.output = output
    self.errors = errors
  }

  deinit { stop() }

  // MARK: - Starting

  /// Starts `/bin/sh -c command` with the current directory and environment unchanged.
  static func spawn(command: String) throws(AdapterProblem) -> AdapterProcess {
    // A write to an adapter that has exited must fail with EPIPE, not kill the harness. The command line
    // already ignores SIGPIPE; a library user's test process may not.
    signal(SIGPIPE, SIG_IGN)
    let toChild = try makePipe()
    let fromChild: (read: Int32, write: Int32)
    let errorsFromChild: (read: Int32, write: Int32)
    do {
      fromChild = try makePipe()
    } catch {
      closeAll([toChild.read, toChild.write])
      throw error
    }
    do {
      errorsFromChild = try makePipe()
    } catch {
      closeAll([toChild.read, toChild.write, fromChild.read, fromChild.write])
      throw error
    }
    let childEnds = [toChild.read, fromChild.write, errorsFromChild.write]
    let parentEnds = [toChild.write, fromChild.read, errorsFromChild.read]
    let pid: pid_t
    do {
      pid = try AdapterGroups.live.register { mark throws(AdapterProblem) in
        try spawnShell(
          command, stdin: toChild.read, stdout: fromChild.write, stderr: errorsFromChild.write, setting: mark)
      }
    } catch {
      closeAll(childEnds + parentEnds)
      throw error
    }
    closeAll(childEnds)
    for fd in parentEnds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    return AdapterProcess(
      pid: pid, input: toChild.write, output: fromChild.read, errors: errorsFromChild.read)
  }

  // MARK: - Lines

  /// Writes one line (a newline is added). Throws when the adapter has gone or stops reading until `deadline`.
  func send(_ line: String, deadline: ContinuousClock.Instant, timeout: Duration) throws(AdapterProblem) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      guard input >= 0 else { throw .exited(how: finishAfterExit(closed: "its input")) }
      let written = bytes[offset...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN:
        if try !waitUntil(deadline, writable: true) { throw .stoppedReading(timeout: timeout) }
      default:  // EPIPE: the adapter closed its input or exited.
        throw .exited(how: finishAfterExit(closed: "its input"))
      }
    }
  }

  /// Reads the next line, without its newline. Throws when the adapter exits, sends nothing until
  /// `deadline`, or sends a line longer than ``maximumLineBytes``.
  func readLine(deadline: ContinuousClock.Instant, timeout: Duration) throws(AdapterProblem) -> [UInt8] {
    while true {
      if let newline = pending[scanned...].firstIndex(of: 10) {
        guard newline - lineStart <= Self.maximumLineBytes else {
          throw .lineTooLong(limit: Self.maximumLineBytes)
        }
        var line = Array(pending[lineStart..<newline])
        if line.last == 13 { line.removeLast() }
        lineStart = newline + 1
        scanned = lineStart
        return line
      }
      if lineStart > 0 {
        pending.removeFirst(lineStart)
        lineStart = 0
      }
      scanned = pending.count
      guard pending.count <= Self.maximumLineBytes else { throw .lineTooLong(limit: Self.maximumLineBytes) }
      guard output >= 0 else { throw .exited(how: finishAfterExit(closed: "its output")) }
      if try !waitUntil(deadline, writable: false) {
        // A whole message without its newline is the commonest slip of a hand-written adapter: say so.
        guard pending.isEmpty else {
          throw .timedOutMidLine(timeout: timeout, excerpt: AdapterMessage.excerpt(pending))
        }
        throw .timedOut(timeout: timeout)
      }
      if !readAvailableOutput() { throw .exited(how: finishAfterExit(closed: "its output")) }
    }
  }

  /// Waits for the adapter's output (or input, when `writable`) to be ready, reading its standard error
  /// meanwhile. False when the deadline passed first. Throws when the adapter exits while a process it
  /// started still holds the pipe open (which would otherwise look like an adapter gone quiet).
  private func waitUntil(_ deadline: ContinuousClock.Instant, writable: Bool) throws(AdapterProblem) -> Bool {
    let watched = pollfd(
      fd: writable ? input : output, events: Int16(writable ? POLLOUT : POLLIN), revents: 0)
    while true {
      let remaining = deadline - .now
      guard remaining > .zero else { return false }
      var fds = [watched]
      if errors >= 0 { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
      let result = poll(&fds, nfds_t(fds.count), Self.milliseconds(min(remaining, Self.exitCheckInterval)))
      if result < 0 {
        if errno == EINTR { continue }
        throw .cannotStart(reason: "poll: \(String(cString: strerror(errno)))")
      }
      if fds.count > 1, fds[1].revents != 0 { readAvailableErrors() }
      if fds[0].revents != 0 { return true }
      if hasExited() {
        // What it wrote just before exiting still counts.
        var last = [watched]
        if poll(&last, 1, 0) > 0, last[0].revents != 0 { return true }
        throw .exited(how: finishAfterExit(closed: nil))
      }
    }
  }

  /// Reads what the adapter's output holds now. False at end of file.
  private func readAvailableOutput() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count > 0 {
        pending.append(contentsOf: chunk[..<count])
        return true
      }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN { return true }
      close(output)
      output = -1
      return false
    }
  }

  /// Reads what the adapter's standard error holds now, keeping its tail.
  private func readAvailableErrors() {
    var chunk = [UInt8](repeating: 0, count: 16 << 10)
    while errors >= 0 {
      let count = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
      if count > 0 {
        stderrTail.append(contentsOf: chunk[..<count])
        if stderrTail.count > Self.stderrTailBytes {
          stderrTail.removeFirst(stderrTail.count - Self.stderrTailBytes)
        }
        continue
      }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN { return }
      close(errors)
      errors = -1
    }
  }

  /// The last `count` non-empty lines the adapter wrote to its standard error.
  func lastErrorLines(_ count: Int = 5) -> [String] {
    readAvailableErrors()
    let text = String(decoding: stderrTail, as: UTF8.self)
    let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    return lines.filter { !$0.isEmpty }.suffix(count).map {
      $0.count > 300 ? String($0.prefix(300)) + "…" : $0
    }
  }

  // MARK: - Ending

  /// The adapter closed its output or input (`closed`), or exited with both still open (`closed` nil): gives
  /// it a moment to exit and finish its standard error, then reaps it. Returns how it ended, as a message
  /// says it.
  private func finishAfterExit(closed: String?) -> String {
    let deadline = ContinuousClock.now + Self.exitGrace
    while errors >= 0, deadline > .now {
      var fds = [pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
      if poll(&fds, 1, Self.milliseconds(deadline - .now)) > 0 { readAvailableErrors() }
    }
    exitedOnItsOwn = waitForExit(until: deadline)
    stop()
    return describeExit(closed: closed)
  }

  /// Whether the adapter exited by `deadline`; it stays unreaped, so its process group cannot be reused.
  private func waitForExit(until deadline: ContinuousClock.Instant) -> Bool {
    var pause = Duration.milliseconds(1)
    while true {
      if hasExited() { return true }
      guard deadline > .now else { return false }
      Self.sleep(min(pause, deadline - .now))
      pause = min(pause * 2, .milliseconds(50))
    }
  }

  private func hasExited() -> Bool {
    rawStatus != nil || AdapterGroups.hasExited(pid)
  }

  /// Closes the adapter's input, sends SIGTERM to its process group, SIGKILL after a short grace, and reaps
  /// it. Safe to call more than once.
  func stop() {
    if input >= 0 {
      close(input)
      input = -1
    }
    if rawStatus == nil {
      if !hasExited() {
        kill(-pid, SIGTERM)
        _ = waitForExit(until: .now + Self.terminationGrace)
      }
      // The group id stays reserved until the leader is reaped: what the shell started goes too.
      kill(-pid, SIGKILL)
      AdapterGroups.live.remove(pid)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      rawStatus = status
    }
    if output >= 0 {
      close(output)
      output = -1
    }
    if errors >= 0 {
      readAvailableErrors()
      if errors >= 0 { close(errors) }
      errors = -1
    }
  }

  /// `exited with status 1`, `was killed by SIGSEGV (signal 11)`, or that it closed its output and was
  /// stopped. An adapter that exited while a process it started still held its output open is reported
  /// as exited, the same way.
  private func describeExit(closed: String?) -> String {
    guard exitedOnItsOwn, let status = rawStatus else {
      return "closed \(closed ?? "its output") but did not exit; it was stopped"
    }
    let signal = status & 0x7f
    guard signal != 0 else {
      let code = (status >> 8) & 0xff
      // `/bin/sh -c` reports a command killed by signal N as status 128 + N.
      guard code > 128, code < 160 else { return "exited with status \(code)" }
      return "exited with status \(code) (the shell's way of saying \(Self.name(ofSignal: code - 128)))"
    }
    return "was killed by \(Self.name(ofSignal: signal))"
  }

  static func name(ofSignal signal: Int32) -> String {
    let names: [Int32: String] = [
      SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGABRT: "SIGABRT",
      SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE",
      SIGTERM: "SIGTERM",
    ]
    return names[signal].map { "\($0) (signal \(signal))" } ?? "signal \(signal)"
  }

  // MARK: - Time

  private static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: max(0, total))
  }

  static func sleep(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) < 0, errno == EINTR { request = remaining }
  }
}
