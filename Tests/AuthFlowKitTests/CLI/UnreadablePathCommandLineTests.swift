import Foundation
import Testing

/// A path below a scenario folder that cannot be read is an error naming it (exit 2), never skipped: for
/// `run`, `lint` and `list`, whoever runs them (root reads folders whose permissions forbid it, so the
/// permission case runs the command as `nobody` there).
@Suite("authflow run/lint/list on paths that cannot be read")
struct UnreadablePathCommandLineTests {
  /// A folder holding a valid scenario, ready for something unreadable beside it.
  func folderWithAValidScenario() throws -> ScratchFolder {
    let folder = try ScratchFolder()
    try FileManager.default.copyItem(atPath: Fixture.path("passing.yaml"), toPath: folder.path("valid.yaml"))
    return folder
  }

  @Test func aLinkLoopNamedLikeAScenarioIsAnError() throws {
    let folder = try folderWithAValidScenario()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path("more"), withIntermediateDirectories: true)
    let loop = folder.path("more/loop.yaml")
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.yaml")
    for command in ["lint", "list", "run"] {
      let run = try Authflow.run([command, folder.url.path])
      #expect(run.status == 2, "\(command)")
      #expect(run.stderr.contains("\(loop):1:1: error: cannot read '"), "\(command): \(run.stderr)")
      #expect(run.stderr.contains("': too many levels of symbolic links\n"), "\(command)")
    }
  }

  @Test func aFolderThatCannotBeOpenedIsAnError() throws {
    let folder = try folderWithAValidScenario()
    defer { folder.remove() }
    let locked = folder.path("locked")
    try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Fixture.path("invalid.yaml"), toPath: folder.path("locked/bad.yaml"))
    #expect(chmod(locked, 0) == 0)
    defer { chmod(locked, 0o755) }
    let arguments: [String]
    let executable: URL
    if getuid() == 0 {
      // Root opens any folder: run the command as nobody, who cannot.
      #expect(chmod(folder.url.path, 0o755) == 0)
      executable = URL(fileURLWithPath: "/usr/bin/setpriv")
      arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", Authflow.executable.path]
    } else {
      executable = Authflow.executable
      arguments = []
    }
    for command in ["lint", "list", "run"] {
      let run = try runProcess(executable, arguments + [command, folder.url.path])
      #expect(run.status == 2, "\(command): \(run.stdout)")
      #expect(run.stderr.contains("\(locked):1:1: error: cannot read '"), "\(command): \(run.stderr)")
      #expect(run.stderr.contains("': permission denied\n"), "\(command)")
    }
  }
}
