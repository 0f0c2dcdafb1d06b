import AuthFlowLanguage
import Foundation

/// A worker process's side of ``WorkerLanes``: reads a setup line, loads the files it names at once (the share
/// it is likely to get), then reads batches of requests on standard input, one request a line and an empty line
/// after each batch, until it ends. For each batch it loads the files of the requested scenarios not loaded yet,
/// with the same loader and limits as the run, plays them in order, and answers one line each on standard
/// output as each ends; the run sends the next batch before the last one is played.
///
/// Standard output carries only those lines: what the app's own code prints goes to standard error. A worker
/// whose step never ended (its app queue held for good) says so in that scenario's answer and exits; the run
/// plays the rest.
package enum ScenarioWorker {
  /// Serves one share of a run; returns the process's exit status.
  package static func serve(registry: MachineRegistry) -> Int32 {
    let replies = dup(STDOUT_FILENO)
    guard replies >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { return 2 }
    let decoder = JSONDecoder()
    guard let line = readLine(),
      let setup = try? decoder.decode(WorkerMessage.Setup.self, from: Data(line.utf8))
    else { return 2 }
    var configuration = setup.configuration(registry: registry)
    configuration.servesWorker = true
    let loader = ScenarioLoader(machineNames: registry.names)
    // The scenarios of a place in a file (a matrix's combinations share one).
    var byPlace: [SourceLocation: [Scenario]] = [:]
    func index(_ loaded: [Scenario]) {
      for scenario in configuration.playedOnce(loaded) {
        byPlace[scenario.location, default: []].append(scenario)
      }
    }
    // The likely share first, while the run is still loading; then whatever else the requests name.
    index(loader.load(paths: setup.preload).scenarios)
    var seen = Set(setup.preload)
    while true {
      var requests: [WorkerMessage.Request] = []
      var ended = true
      while let line = readLine() {
        if line.isEmpty {
          ended = false
          break
        }
        guard let request = try? decoder.decode(WorkerMessage.Request.self, from: Data(line.utf8)) else {
          return 2
        }
        requests.append(request)
      }
      var files: [String] = []
      for request in requests where seen.insert(request.file).inserted { files.append(request.file) }
      if !files.isEmpty { index(loader.load(paths: files).scenarios) }
      guard play(requests, byPlace: byPlace, configuration: configuration, setup: setup, to: replies) else {
        return 2
      }
      if ended { return 0 }
    }
  }

  /// Plays one batch of requests and answers each; false when an answer could not be written.
  private static func play(
    _ requests: [WorkerMessage.Request], byPlace: [SourceLocation: [Scenario]],
    configuration: RunConfiguration,
    setup: WorkerMessage.Setup, to replies: Int32
  ) -> Bool {
    // Each request's scenario, or why there is none.
    let found = requests.map { request in
      byPlace[request.location]?.first { $0.name == request.name }.map(Result<Scenario, Unplayable>.success)
        ?? .failure(Unplayable(message: "\(request.file) no longer has scenario '\(request.name)' as loaded"))
    }
    let playable = found.compactMap { try? $0.get() }
    var answered = 0
    /// Writes the answers of the requests before the next playable one (those that are not).
    func answerUnplayable() -> Bool {
      while answered < found.count, case .failure(let problem) = found[answered] {
        guard send(WorkerMessage.Reply(unplayable: problem.message), to: replies) else { return false }
        answered += 1
      }
      return true
    }
    guard answerUnplayable() else { return false }
    guard !playable.isEmpty else { return true }
    var written = true
    _ = configuration.run(playable, jobs: 1, keepingDetail: false, narration: setup.narration) { result in
      guard written else { return }
      let retiring = AsyncTurn.isPoisoned
      written = send(WorkerMessage.Reply(result: result, retiring: retiring), to: replies)
      answered += 1
      // A held queue would refuse every scenario after this one: the run plays them instead.
      if retiring { exit(0) }
      written = written && answerUnplayable()
    }
    return written
  }

  private struct Unplayable: Error {
    var message: String
  }

  private static func send(_ reply: WorkerMessage.Reply, to fd: Int32) -> Bool {
    var bytes = WorkerRecord.line(reply)
    bytes.append(10)
    return bytes.withUnsafeBytes { OutputDescriptor.writeAll(fd, $0) == nil }
  }
}
