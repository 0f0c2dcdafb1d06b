import AuthFlowLanguage
import AuthFlowTools
import Foundation
import Testing

@testable import AuthFlowEngine

/// Async machines, run through `authflow-async-fixture`: the command with a test async machine registered,
/// whose `main` installs authflow's executors (a `swift test` process cannot, so the tests start it as a child).
@Suite("async machines") struct AsyncMachineTests {
  static let demo = Fixture.path("Async/demo.yaml")
  static let hang = Fixture.path("Async/hang.yaml")
  static let spin = Fixture.path("Async/spin.yaml")
  static let stress = Fixture.path("Async/stress.yaml")
  static let crash = Fixture.path("Async/crash.yaml")
  static let block = Fixture.path("Async/block.yaml")
  static let mainQueue = Fixture.path("Async/main-queue.yaml")

  @Test func anAsyncAppPassesItsScenarioAndTheTranscriptSaysWhatTheUserWaitedFor() throws {
    let run = try AsyncFixture.run(["run", "--verbose", Self.demo])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.lastLine == "1 passed, 0 failed")
    #expect(run.stdout.contains("phone    the user waits 0.5s for 'delete_account on phone' (it sleeps)"))
    #expect(
      run.stdout.contains(
        "2026-01-01T00:00:10Z  clock    10 timers of 'resend countdown' fire, from 2026-01-01T00:00:01Z to "
          + "2026-01-01T00:00:10Z"))
    #expect(run.stdout.contains("✓ ui.trail is a1#3 b1#4 d#5 a2#6 b2#7 a3#8 b3#9"))
  }

  @Test(arguments: ["Async/order.yaml", "Async/demo.yaml", "Async/stress.yaml"])
  func timersRefreshesAndTheirSummariesStayInTimeOrder(file: String) throws {
    let run = try AsyncFixture.run(["run", "--verbose", Fixture.path(file)])
    #expect(run.status == 0, "\(run.stdout)")
    let times = run.stdout.split(separator: "\n").compactMap { line -> Substring? in
      let text = line.drop { $0 == " " }
      guard text.first == "2" else { return nil }
      return text.prefix { $0 != " " }
    }
    #expect(times.count > 10)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "\(run.stdout)")
  }

  @Test func quietTimersAreToldBeforeWhatCameAfterThem() throws {
    let run = try AsyncFixture.run(["run", "--verbose", Fixture.path("Async/order.yaml")])
    #expect(
      run.stdout.contains(
        "2026-01-01T00:01:00Z  clock    60 timers of 'resend countdown' fire, from 2026-01-01T00:00:01Z to "
          + "2026-01-01T00:01:00Z\n        2026-01-01T00:55:00Z  phone    scheduled token refresh"))
  }

  /// App code whose state is `Auth.auth().currentUser`, read when asked: each device's reads see that device's
  /// user, not the one whose action ran last; so does a task the app detached, while another device's action ran
  /// since.
  @Test func eachDevicesStateIsReadAsThatDevicesCode() throws {
    let run = try AsyncFixture.run(["run", Fixture.path("Async/two-devices.yaml")])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.lastLine == "1 passed, 0 failed")
  }

  /// `explore --against` plays a walk on the reference after the explored app, not beside it: an app explored
  /// against itself differs nowhere, though each device keeps a sign-in link's email in its `UserDefaults` (played
  /// side by side, the two apps' devices shared one store and the second found the email gone: a false finding).
  @Test func anAsyncAppExploredAgainstItselfDiffersNowhere() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let run = try AsyncFixture.run([
      "explore", "--machine", "async-session-store", "--against", "async-session-store", "--seed", "1",
      "--runs", "60", "--out", folder.path("findings"),
    ])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.lastLine?.hasSuffix("nothing differed from async-session-store") == true, "\(run.stdout)")
  }

  /// A link opened on the device reaches the app's `openLink`, which completes an email-link sign-in with
  /// FirebaseAuth's calls, with the email it kept in its device's own UserDefaults (opened on another device, the
  /// app finds none there and asks); an app that handles no links errors the step, saying so.
  @Test func aLinkOpenedOnTheDeviceReachesTheAppsOwnCode() throws {
    let run = try AsyncFixture.run([
      "run", Fixture.path("Async/email-link.yaml"), Fixture.path("Async/no-links.yaml"),
    ])
    #expect(run.lastLine == "3 passed, 0 failed, 1 errored", "\(run.stdout)")
    #expect(
      run.stdout.contains(
        "no-links.yaml:5:5: step 2: machine 'async-demo' failed: the app does not handle links opened on the "
          + "device ('follow_link' with 'device:')"))
  }

  /// An app with an ID-token listener hears each scheduled refresh of a wait (three in 3 hours), not one for
  /// them all: its refreshes run one by one instead of being counted together, the first 100 of a wait, so a
  /// wait of 60 days stays within the step's call budget.
  @Test func anIDTokenListenerHearsEveryRefreshOfAWait() throws {
    let run = try AsyncFixture.run(["run", Fixture.path("Async/token-listener.yaml")])
    #expect(run.lastLine == "3 passed, 0 failed", "\(run.stdout)")
  }

  /// A poller that reloads every 5 seconds goes over the step's call budget 5,005 s into a 20-day wait: the wait
  /// ends there, the step errors at that time, and the next scenario plays as usual.
  @Test func aWaitEndsWhereTheAppsTimersWentOverTheCallBudget() throws {
    let run = try AsyncFixture.run(["run", "--verbose", Fixture.path("Async/poller.yaml"), Self.demo])
    #expect(run.lastLine == "1 passed, 0 failed, 1 errored", "\(run.stdout)")
    #expect(
      run.stdout.contains(
        "2026-01-01T01:23:25Z  authflow  error: machine 'async-demo' made more than 1000 auth-client calls in one "
          + "step; the app's timers during the wait count in it: split the wait into shorter ones"))
  }

  /// Nothing left to run and no timer: only another thread could still resume the task, which the step waits
  /// for within three quarters of its time, then errors naming the task.
  @Test func anActionAwaitingSomethingThatNeverComesErrorsNamingItsTask() throws {
    let run = try AsyncFixture.run(["run", "--step-timeout", "1", Self.hang])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "hang.yaml:4:5: step 1: machine 'async-demo' failed: its task 'tap on phone' is still suspended and "
          + "nothing is left to run: it awaits something that did not happen by the end of the step's time "
          + "(three quarters of --step-timeout, 0.75s)"), "\(run.stdout)")
    #expect(run.lastLine == "0 passed, 0 failed, 1 errored")
  }

  /// `Task.sleep(until: .now + …)` on the main actor reads the deadline in one job and sleeps in the next (the
  /// hop to the default executor): the wait is the time the app named, on every run.
  @Test func aDeadlineReadOnTheMainActorWaitsTheTimeItNames() throws {
    let arguments = ["run", "--verbose", Fixture.path("Async/deadline.yaml")]
    let first = try AsyncFixture.run(arguments)
    #expect(first.lastLine == "1 passed, 0 failed", "\(first.stdout)")
    #expect(
      first.stdout.contains("00:00:02Z  phone  the user waits 2.5s for 'tap on phone' (2 timers)"),
      "\(first.stdout)")
    #expect(first.stdout.contains("00:00:05Z  phone  the user waits 2.5s for 'tap on phone' (2 timers)"))
    for _ in 0..<3 { #expect(try AsyncFixture.run(arguments).stdout == first.stdout) }
  }

  /// The range a deadline reaches back to is looked at only for a length that looks read too late: a short
  /// sleep after main-actor work that took real time is the length the code names.
  @Test func aShortSleepAfterSlowMainActorWorkWaitsTheTimeItNames() throws {
    let run = try AsyncFixture.run(["run", "--verbose", Fixture.path("Async/busy-sleep.yaml")])
    #expect(run.lastLine == "1 passed, 0 failed", "\(run.stdout)")
    #expect(run.stdout.contains("the user waits 0.015s for 'tap on phone' (it sleeps)"), "\(run.stdout)")
  }

  /// A continuation resumed from a Dispatch queue (a Keychain or a legacy SDK's bridge) resumes its task, which
  /// the step waits for: the action finishes as if the work had come at once, the same on every run.
  @Test func anActionResumedFromAnotherThreadFinishesItsStep() throws {
    let arguments = ["run", "--verbose", Fixture.path("Async/background-thread.yaml")]
    let first = try AsyncFixture.run(arguments)
    #expect(first.lastLine == "1 passed, 0 failed", "\(first.stdout)")
    for _ in 0..<3 { #expect(try AsyncFixture.run(arguments).stdout == first.stdout) }
  }

  @Test func anActionWaitsForItsOwnTimersOnlyUpToAnHourOfVirtualTime() throws {
    let run = try AsyncFixture.run(["run", Fixture.path("Async/poll.yaml")])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "step 1: machine 'async-demo' failed: its task 'tap on phone' still waits after 3600 timers and 3600s of "
          + "virtual time; still to run: a timer of 'tap on phone' due in 1s"), "\(run.stdout)")
  }

  @Test func workThatNeverLetsTheAppGoIdleErrorsWithinTheStepTimeoutNamingWhereItCameFrom() throws {
    let run = try AsyncFixture.run(["run", "--step-timeout", "2", Self.spin, Self.demo])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "step 1: machine 'async-demo' failed: the app did not go idle within the step's time (--step-timeout 2s); "
          + "still to run: 1 job of work started by 'spinner'"), "\(run.stdout)")
    // The queue is given back: the next async scenario runs.
    #expect(run.lastLine == "1 passed, 0 failed, 1 errored")
  }

  /// `explore` gives an app its `--step-timeout` to go idle, as `run` does: work that never lets it stops the walk
  /// with what is still to run, instead of the watchdog declaring the machine hung.
  @Test func exploreGivesAnAppThatNeverGoesIdleItsStepTimeout() throws {
    let run = try AsyncFixture.run([
      "explore", "--machine", "async-spin", "--runs", "1", "--depth", "1", "--step-timeout", "1",
    ])
    #expect(run.status == 0)
    #expect(
      run.stdout.contains(
        "step 1 on phone: machine 'async-spin' failed: the app did not go idle within the step's time "
          + "(--step-timeout 1s); still to run: 1 job of work started by 'spinner'"), "\(run.stdout)")
    #expect(!run.stdout.contains("hung"), "\(run.stdout)")
  }

  /// iOS suspends an app in the background: the countdown its code ticks with `Task.sleep` stops there, and
  /// the tick that fell due meanwhile fires as it comes back; the other device's app counts on meanwhile, and
  /// the transcript says whose timers fired.
  @Test func anAppInTheBackgroundIsSuspendedUntilItComesBack() throws {
    let run = try AsyncFixture.run(["run", "--verbose", Fixture.path("Async/background.yaml")])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdout.contains(
        "2026-01-01T00:00:35Z  clock    30 timers of 'resend countdown' on laptop fire, from 2026-01-01T00:00:06Z to "
          + "2026-01-01T00:00:35Z"), "\(run.stdout)")
  }

  /// Under a run, a FirebaseAuth completion handler is called after the code that follows its call, as the SDK
  /// calls it later on the main queue; the step waits for it.
  @Test func aCompletionHandlerComesAfterTheCodeThatFollowsItsCall() throws {
    let run = try AsyncFixture.run(["run", Fixture.path("Async/completion.yaml")])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
  }

  /// What app code prints goes to standard error, line by line as it runs, in this process as in a worker:
  /// standard output holds the command's own output, so `--report json:-` stays JSON and `--jobs 2` prints what
  /// `--jobs 1` prints.
  @Test func whatTheAppPrintsGoesToStandardError() throws {
    let say = Fixture.path("Async/say.yaml")
    let run = try AsyncFixture.run(["run", say, say])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    let pass = "PASS  What the app prints comes out in its place  (\(say):1, async-demo)\n"
    #expect(run.stdout == String(repeating: pass, count: 2) + "2 passed, 0 failed\n")
    #expect(run.stderr == String(repeating: "the app says hello\n", count: 2))
    let json = try AsyncFixture.run(["run", "--report", "json:-", say, say, say])
    #expect(json.stdout.hasPrefix("{"), "\(json.stdout)")
    let twoJobs = try AsyncFixture.run(["run", "--report", "json:-", "--jobs", "2", say, say, say])
    #expect(
      twoJobs.stdout.replacing(/"duration[^,\n]*/, with: "")
        == json.stdout.replacing(/"duration[^,\n]*/, with: ""))
  }

  /// What an app keeps in `UserDefaults.standard` survives its relaunch but not its scenario: the next
  /// scenario, in this process or another, starts without it.
  @Test func eachScenarioStartsWithEmptyUserDefaults() throws {
    let defaults = Fixture.path("Async/defaults.yaml")
    let run = try AsyncFixture.run(["run", defaults, defaults])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.lastLine == "4 passed, 0 failed")
  }

  /// Completion-handler code that updates what the app shows with `DispatchQueue.main.async`, from the main
  /// actor and from a detached task, a block queueing another and starting a task: all of it runs before the
  /// step's checks, in one order.
  @Test func whatTheAppQueuesOnTheMainQueueRunsBeforeTheStepsChecks() throws {
    let run = try AsyncFixture.run(["run", "--verbose", Self.mainQueue])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("✓ ui.trail is q1 q2 t q3 q1 q2 t q3"), "\(run.stdout)")
  }

  /// Main-queue work that queues itself again for good errors its step within the step timeout, and the async
  /// scenarios after it, since that work would run in theirs; a built-in machine still runs.
  @Test func mainQueueWorkThatNeverRunsOutErrorsItsStepAndTheAsyncScenariosAfterIt() throws {
    let run = try AsyncFixture.run([
      "run", "--step-timeout", "1", Fixture.path("Async/main-queue-again.yaml"), Self.demo,
      Fixture.path("passing.yaml"),
    ])
    #expect(run.lastLine == "1 passed, 0 failed, 3 errored", "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdout.contains(
        "main-queue-again.yaml:4:5: step 1: machine 'async-demo' failed on phone: the app did not go idle within the "
          + "step's time (--step-timeout 1s); still to run: work it keeps queueing on DispatchQueue.main"),
      "\(run.stdout)")
    #expect(
      run.stdout.contains(
        "the app of scenario 'An app whose main-queue work never runs out' keeps queueing work on "
          + "DispatchQueue.main, which runs whenever the main queue does; no other async scenario can run in this "
          + "process"), "\(run.stdout)")
  }

  /// A block still queued on the main queue when a scenario gives up runs in that scenario's drive, not in the
  /// next one's (whose UserDefaults it would write), with `--jobs 1` as with `--jobs 2`; and a slow job that
  /// ends is not taken for main-queue work that never runs out.
  @Test func mainQueueWorkStaysInItsScenarioAndASlowJobIsNotTakenForIt() throws {
    let leftovers = Fixture.path("Async/leftovers.yaml")
    for jobs in ["1", "2"] {
      let run = try AsyncFixture.run(["run", "--jobs", jobs, "--step-timeout", "1", leftovers])
      #expect(run.lastLine == "2 passed, 0 failed, 1 errored", "\(run.stdout)\(run.stderr)")
      #expect(!run.stdout.contains("keeps queueing work on DispatchQueue.main"), "\(run.stdout)")
    }
  }

  /// A task the app left asleep when its scenario ended never wakes, and keeps what it holds; what it holds
  /// (here the machine context) does not keep the scenario's world, so memory does not grow with every
  /// scenario such an app plays.
  @Test func aTaskLeftAsleepDoesNotKeepItsScenariosWorld() throws {
    let run = try AsyncFixture.run(["run", "--jobs", "1", Fixture.path("Async/linger.yaml")])
    #expect(run.lastLine == "2 passed, 0 failed", "\(run.stdout)\(run.stderr)")
    #expect(!run.stdout.contains("the countdown ended"), "\(run.stdout)")
  }

  /// A main-queue block that never returns holds the main thread: the step times out saying so.
  @Test func aMainQueueBlockThatNeverReturnsTimesOutItsStepSayingSo() throws {
    let run = try AsyncFixture.run([
      "run", "--step-timeout", "1", Fixture.path("Async/main-queue-block.yaml"),
    ])
    #expect(run.lastLine == "1 passed, 0 failed, 2 errored", "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdout.contains(
        "step 1: machine 'async-demo' did not finish 'tap' within 1s (--step-timeout); a block its app code "
          + "queued on DispatchQueue.main has not returned (the main thread runs it)."), "\(run.stdout)")
  }

  @Test func hundredsOfRunsInOneProcessGiveOneOutput() throws {
    // Not `hang`, whose step waits for another thread that never comes: its own test has it.
    let scenarios = [
      Self.demo, Self.stress, Self.mainQueue, Fixture.path("Async/background.yaml"),
      Fixture.path("Async/background-thread.yaml"), Fixture.path("passing.yaml"),
    ]
    let serial = try AsyncFixture.run(["repeat", "200", "1"] + scenarios)
    #expect(serial.stdout == "200 runs, 1 distinct outputs\n", "\(serial.stderr)")
    #expect(serial.status == 0)
    let parallel = try AsyncFixture.run(["repeat", "100", "2"] + scenarios)
    #expect(parallel.stdout == "100 runs, 1 distinct outputs\n", "\(parallel.stderr)")
    #expect(parallel.status == 0)
  }

  @Test func separateProcessesAndJobsPrintTheSameBytes() throws {
    let arguments = [
      "run", "--verbose", "--step-timeout", "2", Self.demo, Self.stress, Self.hang, Self.mainQueue,
      Fixture.path("passing.yaml"),
    ]
    let first = try AsyncFixture.run(arguments + ["--jobs", "1"])
    #expect(first.lastLine == "4 passed, 0 failed, 1 errored")
    for jobs in ["1", "2", "2", "3"] {
      let again = try AsyncFixture.run(arguments + ["--jobs", jobs])
      #expect(again.stdout == first.stdout)
    }
  }

  @Test func underJobsAWorkerProcessPlaysAShareAndAnAppThatCrashesItErrorsOnlyItsScenario() throws {
    // Three async scenarios under --jobs 2: the last third goes to a worker process, where the app crashes.
    let run = try AsyncFixture.run(["run", "--jobs", "2", Self.demo, Self.stress, Self.crash])
    #expect(run.status == 1)
    #expect(run.lastLine == "2 passed, 0 failed, 1 errored", "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdout.contains(
        "the worker process playing this scenario was killed by SIGABRT (signal 6) (--jobs plays async-machine scenarios "
          + "in worker processes; --jobs 1 plays them in authflow's own)"), "\(run.stdout)")
  }

  @Test func aWorkerWhoseStepNeverEndsStopsThereAndTheRunPlaysTheRestOfItsShare() throws {
    // Four async scenarios under --jobs 2: the worker gets the last two, and the first of them blocks its
    // thread for good. In one process the queue would stay held and the last scenario error; here the worker
    // reports the timeout, exits, and the run plays the last scenario itself.
    let run = try AsyncFixture.run([
      "run", "--jobs", "2", "--step-timeout", "1", Self.demo, Self.stress, Self.block, Self.demo,
    ])
    #expect(run.lastLine == "3 passed, 0 failed, 1 errored", "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdout.contains(
        "block.yaml:4:5: step 1: machine 'async-demo' did not finish 'tap' within 1s (--step-timeout)"),
      "\(run.stdout)")
    #expect(
      run.stdout.contains("The worker process playing it stops here; the run plays the rest of its share."),
      "\(run.stdout)")
  }

  /// `mutants` on async-demo over two scenario files: `first` (as `name`), then one that goes to the background and
  /// passes on the machine; its output, and its lines.
  static func mutants(after first: String, named name: String) throws -> (ProcessOutput, [String]) {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try first.write(toFile: folder.path(name), atomically: true, encoding: .utf8)
    try
      "scenario: Going to the background\nmachine: async-demo\nsteps:\n  - background\n  - expect: { screen: signIn }\n"
      .write(toFile: folder.path("2-background.yaml"), atomically: true, encoding: .utf8)
    let run = try AsyncFixture.run([
      "mutants", "--machine", "async-demo", "--step-timeout", "1", folder.url.path,
    ])
    return (run, run.stdout.split(separator: "\n").map(String.init))
  }

  /// A mutant whose step blocks a thread for good holds the process's async executors: the scenarios after it
  /// cannot be played, on it or on the next mutant. They are no kills: the next mutant, whose bug nothing here
  /// checks, is not tested rather than killed, and the command says why and fails.
  @Test func mutantsCountsNoKillByAScenarioThatCouldNotBePlayed() throws {
    let (run, lines) = try Self.mutants(
      after: "scenario: Refreshing a signed-out app\nmachine: async-demo\nsteps:\n  - refresh\n"
        + "  - expect: { state: signedOut }\n", named: "1-refresh.yaml")
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(
      lines.contains {
        $0.hasPrefix("  killed    async-demo~blocks-on-refresh — by 'Refreshing a signed-out app' (")
          && $0.hasSuffix("1-refresh.yaml)")
      }, "\(run.stdout)")
    #expect(
      lines.contains("  NOT TESTED async-demo~says-nothing — no greeting: its scenarios could not be played"),
      "\(run.stdout)")
    #expect(
      lines.contains("mutation score: 1/2 killed; not tested: async-demo~says-nothing"), "\(run.stdout)")
    #expect(
      run.stdout.contains(
        "note: some scenarios could not be played: the async executors are held by scenario 'Refreshing a signed-out app'"
      ), "\(run.stdout)")
  }

  /// When a step of the machine itself holds the executors, no mutant can be played: every one is not tested,
  /// none survives (its scenarios were not played, not passed).
  @Test func mutantsTestsNoMutantWhenTheMachineItselfHoldsTheExecutors() throws {
    let (run, lines) = try Self.mutants(
      after:
        "scenario: Blocking\nmachine: async-demo\nsteps:\n  - tap: block\n  - expect: { state: signedOut }\n",
      named: "1-block.yaml")
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(
      lines.contains {
        $0.hasPrefix("not counted: 'Blocking' (") && $0.hasSuffix(") does not pass on async-demo itself")
      }, "\(run.stdout)")
    #expect(
      lines.contains {
        $0.hasPrefix("not counted: 'Going to the background' (")
          && $0.hasSuffix(") could not be played on async-demo itself")
      }, "\(run.stdout)")
    #expect(
      lines.contains(
        "mutation score: 0/2 killed; not tested: async-demo~blocks-on-refresh, async-demo~says-nothing"),
      "\(run.stdout)")
    #expect(!run.stdout.contains("SURVIVED"), "\(run.stdout)")
    #expect(run.stdout.contains("Fix the step of async-demo itself that never ends first"), "\(run.stdout)")
  }

  /// The timeout of a step that blocks a thread says what it means for the rest of the run: the async
  /// scenarios after it in the process cannot run.
  @Test func aBlockedAsyncStepSaysTheScenariosAfterItCannotRun() throws {
    let run = try AsyncFixture.run(["run", "--step-timeout", "1", Self.block, Self.demo])
    #expect(run.lastLine == "0 passed, 0 failed, 2 errored", "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdout.contains(
        "It was left running and holds the async executors: the async-machine scenarios after it in this process cannot run."
      ), "\(run.stdout)")
    #expect(!run.stdout.contains("the other scenarios ran"), "\(run.stdout)")
  }

  @Test func withMachineNamingAnAsyncMachineTheWorkerStartsBeforeLoadingAndTwoJobsPrintWhatOnePrints() throws
  {
    let files = [
      Self.demo, Self.stress, Fixture.path("Async/order.yaml"), Fixture.path("Async/two-devices.yaml"),
    ]
    let arguments = ["run", "--verbose", "--machine", "async-demo"] + files
    let one = try AsyncFixture.run(arguments + ["--jobs", "1"])
    #expect(one.lastLine == "3 passed, 1 failed", "\(one.stdout)\(one.stderr)")
    let two = try AsyncFixture.run(arguments + ["--jobs", "2"])
    #expect(two.stdout == one.stdout)
    #expect(two.status == one.status)
  }

  @Test func aWorkerTakesBatchFromTheBackUntilItMeetsTheRun() throws {
    // Forty scenarios and one worker, asked for from the back as a run slower than its worker would: the worker
    // starts with its whole half (a first batch is 32, no more than its half), then takes 16 more each time it
    // is down to 16, and so plays all forty. Without the later batches, the run would take scenario 19 and below
    // itself.
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let sources = [
      Self.demo, Self.stress, Fixture.path("Async/order.yaml"), Fixture.path("Async/two-devices.yaml"),
    ]
    for index in 0..<40 {
      let text = try String(contentsOfFile: sources[index % sources.count], encoding: .utf8)
      try text.write(toFile: folder.path("\(100 + index).yaml"), atomically: true, encoding: .utf8)
    }
    let loaded = ScenarioLoader(machineNames: ["async-demo", "async-session-store"]).load(paths: [
      folder.url.path
    ])
    #expect(loaded.diagnostics.isEmpty)
    let scenarios = loaded.scenarios
    try #require(scenarios.count == 40)
    let fixture = Authflow.executable.deletingLastPathComponent().appendingPathComponent(
      "authflow-async-fixture")
    let lanes = WorkerLanes(
      launch: WorkerLaunch(executable: fixture.path, arguments: ["worker"]), count: 1, scenarios: scenarios,
      isAsync: { _ in true }, configuration: RunConfiguration(machine: "async-demo"), narration: .failures)
    defer { lanes.close() }
    let results = scenarios.indices.reversed().map { lanes.result(ofItem: $0) }
    #expect(results.allSatisfy { $0 != nil })
    #expect(results.compactMap(\.?.name) == scenarios.reversed().map(\.name))
    #expect(results.compactMap(\.?.status).filter { $0 == .passed }.count == 30)
  }

  @Test func aRunWhoseFilesDoNotLoadStopsTheWorkersItStartedEarly() throws {
    let run = try AsyncFixture.run([
      "run", "--machine", "async-demo", "--jobs", "2", Self.demo, Self.stress,
      Fixture.path("Async/missing.yaml"),
    ])
    #expect(run.status == 2)
    #expect(run.stderr.contains("missing.yaml:1:1: error: no such file or directory"), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func workersStartBeforeLoadingOnlyWhenTheRunWillUseThemAndReadOnlyRegularFiles() throws {
    var registry = MachineRegistry.builtIn
    registry.register(SignOutOnlyApp.descriptor)
    let shard = try Shard(index: 1, count: 2)
    let two = [Self.demo, Self.stress]
    func likely(_ configure: (inout RunConfiguration) -> Void, jobs: Int = 2, paths: [String]? = nil)
      -> [[String]]?
    {
      var configuration = RunConfiguration(machine: "async-test", registry: registry)
      configure(&configuration)
      return configuration.likelyWorkerFiles(in: paths ?? two, jobs: jobs)
    }
    #expect(likely { _ in } == [[Self.stress]])
    // A folder is read as the run reads it: its files in order, the later half for the worker.
    let folder = try #require(likely({ _ in }, paths: [Fixture.path("Async")])?.first)
    #expect(folder.count >= 5 && folder.last?.hasSuffix("Async/two-devices.yaml") == true, "\(folder)")
    // A device or pipe (here /dev/stdin, which in a worker is its own requests) is never read early.
    #expect(likely({ _ in }, paths: [Self.demo, "/dev/stdin", "/dev/null", Self.stress]) == [[Self.stress]])
    #expect(likely({ _ in }, jobs: 1) == nil)
    #expect(likely({ _ in }, paths: [Self.demo]) == nil)
    #expect(likely { $0.machine = "authkit" } == nil)
    #expect(likely { $0.machine = nil } == nil)
    #expect(likely { $0.filter = "race" } == nil)
    #expect(likely { $0.tags = ["smoke"] } == nil)
    #expect(likely { $0.shard = shard } == nil)
  }

  @Test func theLikelySharesSplitTheFilesInLoadOrderAfterThisProcesssOwn() {
    let files = (1...7).map { "\($0).yaml" }
    #expect(WorkerLanes.likelyFiles(of: files, count: 1) == [["4.yaml", "5.yaml", "6.yaml", "7.yaml"]])
    #expect(
      WorkerLanes.likelyFiles(of: files, count: 2) == [
        ["3.yaml", "4.yaml"], ["5.yaml", "6.yaml", "7.yaml"],
      ])
    #expect(WorkerLanes.likelyFiles(of: ["a.yaml"], count: 3) == [[], [], ["a.yaml"]])
  }

  @Test func withoutTheExecutorsAnAsyncScenarioErrorsSayingHowToRunIt() throws {
    let loaded = ScenarioLoader().load(
      yaml: "scenario: plain\nmachine: async-test\nsteps:\n  - sign_out\n", file: "a.yaml")
    let scenario = try #require(loaded.scenarios.first)
    var registry = MachineRegistry.builtIn
    registry.register(SignOutOnlyApp.descriptor)
    let result = RunConfiguration(registry: registry).run([scenario], jobs: 2).first
    #expect(result?.status == .errored)
    #expect(result?.failure?.message.contains("this process has not installed them") == true)
    #expect(result?.failure?.message.contains("AsyncExecutors.install()") == true)
  }

  @Test func aSleepIsTakenAsTheRoundestLengthTheRealClockAllows() {
    #expect(
      AppJobQueue.roundest(from: .nanoseconds(499_990_000), to: .nanoseconds(500_020_000))
        == .milliseconds(500))
    #expect(AppJobQueue.roundest(from: .seconds(59.9999), to: .seconds(60.001)) == .seconds(60))
    #expect(AppJobQueue.roundest(from: .nanoseconds(-5), to: .nanoseconds(10)) == .zero)
    #expect(
      AppJobQueue.roundest(from: .nanoseconds(1_233_999), to: .nanoseconds(1_234_000))
        == .nanoseconds(1_234_000))
  }

  /// The drain's wider range is looked at only for a length that looks read too late, and only a rounder one
  /// there wins.
  @Test func aLengthReadTooLateIsTakenFromTheDrainsRange() {
    #expect(AppJobQueue.significantDigits(.milliseconds(1500)) == 2)
    #expect(AppJobQueue.significantDigits(.zero) == 0)
    #expect(AppJobQueue.significantDigits(.nanoseconds(1_999_970_000)) == 6)
    #expect(AppJobQueue.significantDigits(.seconds(12_345)) == 5)
    // Read before a hop: the own range lies below the 2 s the app wrote.
    #expect(
      AppJobQueue.length(
        from: .nanoseconds(1_999_970_000), own: .nanoseconds(1_999_980_000),
        queued: .nanoseconds(2_000_100_000))
        == .seconds(2))
    // Read in the job itself: 15 ms stays 15 ms, though the drain's range holds 20 ms.
    #expect(
      AppJobQueue.length(
        from: .nanoseconds(14_999_000), own: .nanoseconds(15_000_500), queued: .nanoseconds(45_000_000))
        == .milliseconds(15))
    // Nothing rounder earlier: the own length stands.
    #expect(
      AppJobQueue.length(
        from: .nanoseconds(1_234_567_000), own: .nanoseconds(1_234_567_100),
        queued: .nanoseconds(1_234_567_200)) == .nanoseconds(1_234_567_000))
  }
}

/// The smallest async machine: it signs out, on the main actor.
@MainActor private final class SignOutOnlyApp: AsyncMachine {
  let client: AuthClient
  init(client: AuthClient) { self.client = client }
  var state: AuthState { client.currentUser == nil ? .signedOut : .signedIn }
  var screen: String { "start" }
  var error: AuthErrorCode? { nil }
  var ui: [String: String] { [:] }
  func perform(_ action: Action) async throws { client.signOut() }

  nonisolated static let descriptor = MachineDescriptor(
    name: "async-test", summary: "signs out", supportedActions: [.signOut], screens: ["start"],
    makeAsync: { SignOutOnlyApp(client: $0.client) })
}

/// The built `authflow-async-fixture` executable, next to `authflow`.
/// How a team's tests find and run their own command: beside the test bundle, or a clear error naming the fix.
@Suite struct BuiltCommandTests {
  @Test func aCommandBesideTheTestsRunsAndAMissingOneSaysWhatToDo() throws {
    let fixture = try BuiltCommand(named: "authflow-async-fixture")
    let run = try fixture.run(["machines"], environment: ["GITHUB_ACTIONS": "true"])
    #expect(run.status == 0 && run.stdout.contains("async-session-store"), "\(run.stderr)")
    // Its help names it, not `authflow`: the usage line is what its users type.
    let help = try fixture.run(["run", "--help"])
    #expect(help.stdout.contains("USAGE: authflow-async-fixture run "), "\(help.stdout)")
    #expect(throws: BuiltCommand.NotBuilt.self) { try BuiltCommand(named: "no-such-authflow") }
    do {
      _ = try BuiltCommand(named: "no-such-authflow")
    } catch {
      #expect("\(error)".hasPrefix("no-such-authflow is not built beside the tests"))
      #expect("\(error)".contains("swift build --build-tests"))
    }
  }
}

enum AsyncFixture {
  /// Runs the fixture command, found as a team's tests find theirs (`BuiltCommand`).
  static func run(_ arguments: [String]) throws -> ProcessOutput {
    let output = try BuiltCommand(named: "authflow-async-fixture").run(arguments)
    return ProcessOutput(status: output.status, stdout: output.stdout, stderr: output.stderr)
  }
}
