import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `authflow run --watch`: after the first run, a changed scenario file, or a changed flow file, runs again
/// the scenarios it concerns, and only those are printed.
@Suite struct WatchCommandTests {
  private func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private func scenario(_ name: String, expecting state: String, flow: Bool = false) -> String {
    let steps =
      flow
      ? "  - use: flows/launch.yaml\n" : "  - launch\n"
    return "scenario: \(name)\nmachine: authkit\nsteps:\n\(steps)  - expect: { state: \(state) }\n"
  }

  @Test func aChangedFileOrFlowRunsItsScenariosAgainAndOnlyThose() throws {
    let dir = TestFiles.root.appendingPathComponent(
      "authflow-watch-\(UUID().uuidString)"
    )
    .path
    try write(scenario("First", expecting: "signedOut"), to: "\(dir)/first.yaml")
    try write(scenario("Second", expecting: "signedOut", flow: true), to: "\(dir)/second.yaml")
    try write("flow: launch\nsteps:\n  - launch\n", to: "\(dir)/flows/launch.yaml")

    let printed = Printed()
    let io = CommandIO(out: { printed.append($0) }, err: { printed.append($0) })
    var outputs: [String] = []
    var round = 0
    // Each look at the files follows one real change, made here; the fourth stops the watch.
    let edits: [() throws -> Void] = [
      { try write(self.scenario("First", expecting: "signedIn"), to: "\(dir)/first.yaml") },
      { try write("flow: launch\nsteps:\n  - launch\n  - background\n", to: "\(dir)/flows/launch.yaml") },
      { try write("scenario: Third\nsteps:\n  - launch\n", to: "\(dir)/third.yaml") },
    ]
    let status = Commands.watch(Commands.RunOptions(paths: [dir]), io: io) {
      outputs.append(printed.value)
      printed.reset()
      guard round < edits.count else { return false }
      // A new modification time needs the clock to move on a coarse file system: change the size too.
      try? edits[round]()
      round += 1
      return true
    }
    outputs.append(printed.value)

    #expect(outputs.count == 5)
    #expect(outputs[4].isEmpty, "nothing runs after the watch stops")
    #expect(outputs[0].contains("PASS  First") && outputs[0].contains("PASS  Second"), "\(outputs[0])")
    #expect(outputs[0].contains("watching 3 file(s)"), "\(outputs[0])")
    #expect(outputs[1].contains("FAIL  First") && !outputs[1].contains("Second"), "\(outputs[1])")
    #expect(outputs[1].contains("changed: \(dir)/first.yaml"), "\(outputs[1])")
    #expect(outputs[2].contains("PASS  Second") && !outputs[2].contains("First"), "\(outputs[2])")
    #expect(outputs[3].contains("PASS  Third") && !outputs[3].contains("Second"), "\(outputs[3])")
    #expect(status == .success, "the last run passed")
  }

  /// ^C (SIGINT) ends the watch with the last run's status, as a terminal user expects, not with the signal's.
  @Test func anInterruptEndsTheWatchWithTheLastRunsStatus() throws {
    let dir = TestFiles.root.appendingPathComponent(
      "authflow-watch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    try write(scenario("Fails", expecting: "signedIn"), to: dir.appendingPathComponent("fails.yaml").path)
    let process = Process()
    process.executableURL = Authflow.executable
    process.arguments = ["run", "--watch", dir.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    var seen = ""
    while !seen.contains("watching") {
      let data = errors.fileHandleForReading.availableData
      guard !data.isEmpty else { break }
      seen += String(decoding: data, as: UTF8.self)
    }
    #expect(seen.contains("watching 1 file(s)"), "\(seen)")
    process.interrupt()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "ended by the signal, not by the watch")
    #expect(process.terminationStatus == 1, "the last run failed")
  }
}
