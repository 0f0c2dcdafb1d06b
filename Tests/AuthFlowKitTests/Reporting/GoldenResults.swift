import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// The fixed run every reporter's golden file shows: three small scenarios in two files — one passes, one fails
/// (a bug report across two devices), one errors (an action the machine lacks) — each measured as 0.250 s.
///
/// Names and messages hold what each format must escape: quotes, `;`, `#`, `<`, `>`, `&` and `|`.
enum GoldenResults {
  static let files: [(path: String, yaml: String)] = [
    (
      "Scenarios/sign-up/verify-in-the-browser.yaml",
      """
      scenario: Sign up, verify in the browser, come back signed in
      tags: [sign-up, verification]
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
          expect: { state: signedInUnverified, screen: verifyEmail }
        - background
        - follow_link: { mail: verify_email, to: carol@example.com }
        - foreground
        - expect: { state: signedIn, screen: home }
      """
    ),
    (
      "Scenarios/bug-reports/verified-on-the-laptop.yaml",
      """
      scenario: 'Verified on the laptop; the phone still says "verify" <#123>'
      reproduces: "https://github.com/acme/app/issues/123?from=support&kind=bug"
      tags: [verification, bug-report]
      devices: [phone, laptop]
      given:
        accounts:
          - { email: dana@example.com, password: correct-horse }
        signed_in: { phone: dana@example.com }
      steps:
        - sign_in: { email: dana@example.com, password: correct-horse }
          device: laptop
        - resend_verification:
          device: laptop
        - wait: 1m
        - follow_link: { mail: verify_email, to: dana@example.com }
        - refresh:
          device: laptop
          expect: { state: signedIn }
        - expect: { state: signedIn, screen: home }
          note: the phone should know by now
        - sign_out
      ---
      scenario: Tap "Go" & <Next> | authkit has no such buttons
      given:
        identity_providers:
          apple.com:
            - { email: erin@privaterelay.appleid.com, name: Erin }
      steps:
        - sign_in_with: apple.com
          expect: { state: signedIn }
        - tap: go
        - sign_out
      """
    ),
  ]

  /// The passwords the scenarios use: no report may print them.
  static let passwords = ["Str0ng!pass", "correct-horse"]

  /// The results, as `authflow run` would produce them with a stopwatch fixed at 0.250 s.
  static func results(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [ScenarioResult] {
    var configuration = RunConfiguration()
    configuration.stopwatch = .fixed(.milliseconds(250))
    var results: [ScenarioResult] = []
    for (path, yaml) in files {
      let loaded = ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(yaml: yaml, file: path)
      try #require(
        loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.description))", sourceLocation: sourceLocation
      )
      results += loaded.scenarios.map(configuration.run)
    }
    try #require(
      results.map(\.status) == [.passed, .failed, .errored], "\(results.map(\.explanation))",
      sourceLocation: sourceLocation)
    return results
  }
}
