import Foundation
import Testing

/// A scenario file taken from a bug report must not drive the CI: no name, tag, note or file name can put a
/// line of its own (a GitHub Actions workflow command such as `::error …`) into any output.
@Suite("authflow output of untrusted text, end to end")
struct UntrustedTextCommandLineTests {
  static let injected = "::error file=ci.yaml,line=1::injected"

  /// Every line the run printed that a GitHub Actions runner would read as a workflow command it did not
  /// get from authflow itself.
  func injectedCommands(_ run: Authflow.Result) -> [Substring] {
    (run.stdout + run.stderr).split(separator: "\n").filter {
      $0.hasPrefix("::error file=ci.yaml") || $0.hasPrefix("::set-output")
    }
  }

  @Test func aFileNameWithALineBreakPrintsOnOneLine() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = folder.path("x\n\(Self.injected)\n.yaml")
    try FileManager.default.copyItem(atPath: Fixture.path("passing.yaml"), toPath: path)
    let github = ["GITHUB_ACTIONS": "true"]
    for command in ["run", "list", "lint"] {
      let run = try Authflow.run([command, folder.url.path], environment: github)
      #expect(run.status == 0, "\(command): \(run.stderr)")
      #expect(injectedCommands(run).isEmpty, "\(command): \(run.stdout)")
    }
    let list = try Authflow.run(["list", folder.url.path])
    #expect(list.stdout.split(separator: "\n").count == 1)
    #expect(list.stdout.contains(#"x\n::error file=ci.yaml,line=1::injected\n.yaml:1"#))
  }

  @Test func aScenarioNameWithALineBreakIsAnErrorOnOneLine() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let yaml = #"""
      scenario: "Sign up\n::error file=ci.yaml,line=1::injected\n::set-output name=x::y"
      tags: ["a\nb"]
      steps:
        - background
      """#
    try yaml.write(toFile: folder.path("bug-report.yaml"), atomically: false, encoding: .utf8)
    for command in ["run", "list", "lint"] {
      let run = try Authflow.run([command, folder.url.path], environment: ["GITHUB_ACTIONS": "true"])
      #expect(run.status == 2, "\(command)")
      #expect(run.stderr.contains("bug-report.yaml:1:11: error: 'scenario' cannot hold control characters"))
      #expect(run.stderr.contains("bug-report.yaml:2:8: error: 'tags' cannot hold control characters"))
      #expect(injectedCommands(run).isEmpty, "\(command): \(run.stderr)")
    }
  }
}
