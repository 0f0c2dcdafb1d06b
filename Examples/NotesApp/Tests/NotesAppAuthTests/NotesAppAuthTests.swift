import AuthFlowKit
import Foundation
import NotesAppAuth
import Testing

/// The notes app's auth logic under authflow's scenarios, from the app's own test suite.
@Suite struct NotesAppAuthTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func theAppPassesItsScenarios() throws {
    try ScenarioCheck.verify(
      paths: [Self.root.appendingPathComponent("Scenarios").path], registry: NotesAppAuth.registry)
  }

  @Test func aFailingScenarioFailsTheTestWithItsStepAndTranscript() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/stale-title.yaml").path
    let error = #expect(throws: ScenarioCheck.Failures.self) {
      try ScenarioCheck.verify(paths: [fixture], registry: NotesAppAuth.registry)
    }
    let text = try #require(error).description
    #expect(
      text.contains(
        "stale-title.yaml:8:21: step 1: ui.title: expected gil@example.com's notes, found Gil's notes"))
    #expect(text.contains("signInWithPassword(gil@example.com, ‹password 1›) → ok"))
    #expect(!text.contains("correct-horse"))
    #expect(text.hasSuffix("0 passed, 1 failed"))
  }
}
