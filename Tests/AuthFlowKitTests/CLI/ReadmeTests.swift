import Foundation
import Testing

/// The README's tour shows a bundled scenario and what `run` prints for it: both stay true.
@Suite struct ReadmeTests {
  static let path = "Scenarios/verification/verify-while-backgrounded-then-come-back.yaml"

  /// The text of README.md between the line after `start` and the closing fence.
  static func block(after start: String) throws -> String {
    let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
    let begin = try #require(readme.range(of: start)).upperBound
    let end = try #require(readme.range(of: "```\n", range: begin..<readme.endIndex)).lowerBound
    return String(readme[begin..<end])
  }

  @Test func theScenarioShownIsTheBundledFile() throws {
    let file = try String(contentsOf: Repository.root.appendingPathComponent(Self.path), encoding: .utf8)
    #expect(try Self.block(after: "`\(Self.path)`:\n\n```yaml\n") == file)
  }

  @Test func theFailureShownIsWhatRunPrints() throws {
    let arguments = ["run", Self.path, "--machine", "authkit~no-foreground-refresh"]
    let shown = try Self.block(after: "$ swift run authflow \(arguments.joined(separator: " "))\n")
    let run = try Authflow.run(arguments)
    #expect(run.status == 1)
    #expect(run.stdout == shown)
  }
}
