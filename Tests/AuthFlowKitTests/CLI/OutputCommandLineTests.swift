import Foundation
import Testing

@testable import AuthFlowTools

/// Reports and output that go somewhere other than a plain file — a device, a FIFO, standard output, a full
/// disk, a reader that went away — and the temporary files of reports, run as a user runs them.
@Suite("authflow output: devices, pipes, full disks, temporary files")
struct OutputCommandLineTests {
  let passing = Fixture.path("passing.yaml")

  /// A character device `major, minor` made in `folder` (as root), or the system's own one (`fallback`)
  /// otherwise — tests never risk replacing the system's `/dev/null` when the command misbehaves.
  func device(_ name: String, _ major: Int, _ minor: Int, in folder: ScratchFolder, fallback: String) throws
    -> String
  {
    let path = folder.path(name)
    let made = try runProcess(URL(fileURLWithPath: "/usr/bin/mknod"), [path, "c", "\(major)", "\(minor)"])
    return made.status == 0 ? path : fallback
  }

  @Test func aReportOnACharacterDeviceIsWrittenInPlaceNotReplaced() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let null = try device("null", 1, 3, in: folder, fallback: "/dev/null")
    let run = try Authflow.run(["run", "--report", "json:\(null)", passing])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(fileType(null) == S_IFCHR)
    #expect(try folder.names().allSatisfy { $0 == "null" })
  }

  @Test func aReportOnAFullDeviceExitsTwoSayingWhy() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let full = try device("full", 1, 7, in: folder, fallback: "/dev/full")
    let run = try Authflow.run(["run", "--report", "json:\(full)", passing])
    #expect(run.status == 2)
    #expect(run.stderr.contains("error: cannot write the json report to '\(full)': no space left on device"))
    #expect(fileType(full) == S_IFCHR)
  }

  @Test func aReportOnDevStdoutGoesToStandardOutput() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    // A link of our own to /dev/stdout: the system's is never at risk.
    let link = folder.path("stdout")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/stdout")
    let run = try Authflow.run(["run", "--report", "tap:\(link)", passing])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("\n1 passed, 0 failed\nTAP version 13\n1..1\nok 1 - "))
    #expect(fileType(link) == S_IFLNK)
  }

  @Test func aReportOnAFIFOIsWrittenIntoIt() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let fifo = folder.path("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    // A second name for the FIFO, to reach it should the command replace the first.
    #expect(link(fifo, folder.path("same-fifo")) == 0)
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/cat")
    reader.arguments = [fifo]
    let output = Pipe()
    reader.standardOutput = output
    try reader.run()
    let run = try Authflow.run(["run", "--report", "json:\(fifo)", passing])
    // Should the command not open the FIFO, open it once so the reader is not left waiting forever.
    let unblock = open(folder.path("same-fifo"), O_WRONLY | O_NONBLOCK)
    if unblock >= 0 { close(unblock) }
    let received = String(decoding: readToEnd(output.fileHandleForReading), as: UTF8.self)
    reader.waitUntilExit()
    #expect(run.status == 0, "\(run.stderr)")
    #expect(received.contains("\"summary\""))
    #expect(fileType(fifo) == S_IFIFO)
  }

  @Test func standardOutputOnAFullDeviceExitsTwo() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let full = try device("full", 1, 7, in: folder, fallback: "/dev/full")
    for arguments in [["run", "--report", "json:-", passing], ["run", passing], ["list", passing]] {
      let handle = try #require(FileHandle(forWritingAtPath: full))
      let run = try Authflow.run(arguments, standardOutput: handle)
      try handle.close()
      #expect(run.status == 2, "\(arguments)")
      #expect(
        run.stderr.contains("error: cannot write standard output: no space left on device"), "\(arguments)")
    }
  }

  @Test func standardOutputWithNoReaderExitsTwo() throws {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let run = try Authflow.run(["list", passing], standardOutput: pipe.fileHandleForWriting)
    #expect(run.status == 2)
    #expect(run.stderr.contains("error: cannot write standard output: broken pipe"))
  }

  @Test func theTemporaryFilesOfAKilledRunAreRemovedByTheNextOne() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let finished = Process()
    finished.executableURL = URL(fileURLWithPath: "/bin/true")
    try finished.run()
    finished.waitUntilExit()
    let stale = ".authflow-tmp-\(finished.processIdentifier)-1"
    // A live process's temporary file (this test's own pid) is left alone.
    let live = ".authflow-tmp-\(getpid())-1"
    for name in [stale, live] {
      #expect(FileManager.default.createFile(atPath: folder.path(name), contents: Data("partial".utf8)))
    }
    let run = try Authflow.run(["run", "--report", "json:\(folder.path("report.json"))", passing])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try folder.names() == [live, "report.json"])
  }
}

/// Colour on a terminal unless `NO_COLOR` is set to something (no-color.org: an empty value does not count).
@Suite struct ColourTests {
  @Test func noColorCountsOnlyWhenItHoldsAValue() {
    func colour(terminal: Bool, _ environment: [String: String]) -> Bool {
      CommandIO(out: { _ in }, err: { _ in }, isTerminal: terminal, environment: environment).colour
    }
    #expect(colour(terminal: true, [:]))
    #expect(colour(terminal: true, ["NO_COLOR": ""]))
    #expect(!colour(terminal: true, ["NO_COLOR": "1"]))
    #expect(!colour(terminal: false, [:]))
  }
}
