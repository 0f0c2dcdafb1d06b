import Foundation
import Testing

/// What an exec adapter starts goes when authflow is done with it: the adapter's process group is stopped
/// on every way a run ends — a normal end, an adapter error, a step timeout, SIGINT, SIGTERM or SIGHUP.
@Suite("exec: adapter process groups")
struct ExecMachineProcessTests {
  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func aSignalStopsAuthflowAndEveryProcessItsAdapterStarted(signal: Int32) throws {
    let spawning = try Spawning(mode: "hang")
    let (process, output) = try spawning.start([
      "run", "--machine", spawning.machine, "--exec-timeout", "120", spawning.scenario,
    ])
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let pids = try spawning.startedProcesses()
    kill(process.processIdentifier, signal)
    #expect(Spawning.waitUntil { !process.isRunning }, "authflow is still running after the signal")
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(
      process.terminationStatus == 128 + signal, "\((try? String(contentsOf: output, encoding: .utf8)) ?? "")"
    )
    #expect(Spawning.leftovers(pids) == [], "still running after authflow exited")
  }

  /// A normal end, an adapter error, the adapter going quiet (`--exec-timeout`), and the watchdog giving up
  /// on a step the adapter never finishes (`--step-timeout`), which stops it.
  @Test(arguments: [
    // Only `hang` is about the short limit; a Python start-up on a loaded machine must not reach it.
    ("behave", ["--exec-timeout", "30"], "1 passed, 0 failed"),
    ("exit", ["--exec-timeout", "30"], "0 passed, 0 failed, 1 errored"),
    ("hang", ["--exec-timeout", "3"], "0 passed, 0 failed, 1 errored"),
    ("hang", ["--exec-timeout", "120", "--step-timeout", "1"], "0 passed, 0 failed, 1 errored"),
  ])
  func nothingTheAdapterStartedOutlivesARun(mode: String, flags: [String], summary: String) throws {
    let spawning = try Spawning(mode: mode)
    let run = try Authflow.run(["run", "--machine", spawning.machine] + flags + [spawning.scenario])
    #expect(run.status == (mode == "behave" ? 0 : 1), "\(run.stdout)\(run.stderr)")
    #expect(run.lastLine == summary)
    let pids = try spawning.startedProcesses()
    #expect(Spawning.leftovers(pids) == [], "still running after authflow exited")
  }

  /// The watchdog's giving up on a step stops that scenario's adapter then and there, not when authflow exits:
  /// under `--watch` the process lives on after the run.
  @Test func aStepTheWatchdogAbandonsStopsItsAdapterAtOnce() throws {
    let spawning = try Spawning(mode: "hang")
    let (process, output) = try spawning.start([
      "run", "--watch", "--machine", spawning.machine, "--exec-timeout", "120", "--step-timeout", "1",
      spawning.scenario,
    ])
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let pids = try spawning.startedProcesses()
    let printed = { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
    #expect(Spawning.waitUntil { printed().contains("0 passed, 0 failed, 1 errored") }, "\(printed())")
    #expect(printed().contains("Its adapter was stopped"), "\(printed())")
    #expect(Spawning.leftovers(pids) == [], "still running after the step was abandoned")
    #expect(process.isRunning, "authflow stopped watching: \(printed())")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
  }

  /// Once its adapter is stopped, the abandoned step's worker ends the scenario: its transcript, up to the step
  /// that hung, is the report's, ending with the timeout rather than with the kill the timeout caused.
  @Test func aScenarioGivenUpOnAtAStepTimeoutKeepsItsTranscript() throws {
    let spawning = try Spawning(mode: "hang")
    let run = try Authflow.run([
      // Room for Python's start-up in step 0 on a loaded machine: the adapter sleeps 300 s at step 1 anyway.
      // Written in milliseconds: the message says how `--step-timeout` was read.
      "run", "--machine", spawning.machine, "--exec-timeout", "2m", "--step-timeout", "5000ms",
      spawning.scenario,
    ])
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let step = try #require(
      lines.firstIndex {
        $0.hasSuffix("step 1: sign_in {email: ann@example.com, password: ‹password 1›} (line 5)")
      }, "\(run.stdout)")
    #expect(lines.count > step + 1, "\(run.stdout)")
    #expect(
      lines[step + 1].hasSuffix(
        "authflow  error: machine '\(spawning.machine)' did not finish 'sign_in' within 5s (--step-timeout); its "
          + "adapter was stopped"), "\(run.stdout)")
    #expect(!run.stdout.contains("SIGKILL"), "\(run.stdout)")
  }

  @Test func anAdapterThatExitsWhileItsChildHoldsItsOutputIsReportedAsExited() throws {
    let spawning = try Spawning(mode: "exit")
    let run = try Authflow.run([
      "run", "--machine", spawning.machine, "--exec-timeout", "30", spawning.scenario,
    ])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains("the adapter exited with status 3 while handling 'sign_in' on phone"),
      "\(run.stdout)")
    #expect(!run.stdout.contains("sent nothing"))
  }
}

/// An adapter that, when asked to sign in, starts a child and two double-forked grandchildren, one in its
/// process group and one that left it (`setsid`), all holding its output open; records their pids and its
/// own in a file, then does what its mode says: `behave` (signs in), `exit` (status 3) or `hang`.
private struct Spawning {
  let directory: URL
  let machine: String
  let scenario: String
  var pidFile: String { directory.appendingPathComponent("pids").path }

  init(mode: String) throws {
    directory = TestFiles.root.appendingPathComponent("authflow-groups-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let script = directory.appendingPathComponent("spawning.py").path
    try Self.source.write(toFile: script, atomically: true, encoding: .utf8)
    scenario = directory.appendingPathComponent("signs-in.yaml").path
    try ExecScenarios.signIn.write(toFile: scenario, atomically: true, encoding: .utf8)
    machine = "exec:python3 \(script) \(mode) \(directory.appendingPathComponent("pids").path)"
  }

  /// Starts authflow with `arguments`, its standard output and error going to the file it returns.
  func start(_ arguments: [String]) throws -> (Process, URL) {
    let process = Process()
    process.executableURL = Authflow.executable
    process.arguments = arguments
    let output = directory.appendingPathComponent("output-\(UUID())")
    FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    return (process, output)
  }

  /// The pids the adapter recorded: itself, its child and its two grandchildren; waits for all four.
  func startedProcesses() throws -> [pid_t] {
    var pids: [pid_t] = []
    let recorded = Self.waitUntil {
      let text = (try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? ""
      pids = text.split(separator: "\n").compactMap { pid_t($0) }
      return pids.count == 4
    }
    try #require(recorded, "the adapter did not record its processes: \(pids)")
    return pids
  }

  /// The pids still running (a zombie waiting for init to reap it counts as gone), after a bounded wait.
  static func leftovers(_ pids: [pid_t]) -> [pid_t] {
    var running = pids
    _ = waitUntil {
      running = pids.filter(isRunning)
      return running.isEmpty
    }
    return running
  }

  private static func isRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    return !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? false)
  }

  /// Polls `condition` for up to 30 s (generous: the machine may be loaded).
  static func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if condition() { return true }
      usleep(50_000)
    }
    return condition()
  }

  static let source = #"""
    import json, os, subprocess, sys, time
    mode, pids = sys.argv[1], sys.argv[2]
    def record(pid):
        with open(pids, "a") as file:
            file.write(f"{pid}\n")
    def send(message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()
    view = {"state": "signedOut", "screen": "signIn", "error": None, "ui": {}}
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            send({"type": "ready", "protocol": 1, "name": "spawning", "actions": ["launch", "sign_in"],
                  "screens": ["signIn", "home"], **view})
            continue
        if message["type"] == "action" and message["action"] == "sign_in":
            child = subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL)
            for leave_group in [False, True]:
                if os.fork() == 0:
                    if leave_group:
                        os.setsid()
                    if os.fork() == 0:
                        record(os.getpid())
                        time.sleep(300)
                    os._exit(0)
                os.wait()
            while not os.path.exists(pids) or len(open(pids).read().split()) < 2:
                time.sleep(0.01)
            record(child.pid)
            record(os.getpid())
            if mode == "exit":
                sys.exit(3)
            if mode == "hang":
                time.sleep(300)
            send({"type": "call", "id": 1, "method": "signIn", "args": message["args"]})
            for answer in map(json.loads, sys.stdin):
                if answer["type"] == "result":
                    break
                send({"type": "done", **view})
            view["state"], view["screen"] = "signedIn", "home"
        send({"type": "done", **view})
    """#
}
