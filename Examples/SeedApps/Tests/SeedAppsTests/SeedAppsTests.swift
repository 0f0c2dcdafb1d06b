import Foundation
import Testing

/// The seed apps' own code plays the bundled scenarios of the machine it reimplements, through `seed-authflow`.
/// Where it ends differently from the built-in model, the difference is a finding about the seed's code, written
/// in Examples/SeedApps/README.md and pinned here, so a change either way fails until the README says so.
@Suite(.serialized) struct SeedAppsTests {
  /// README.md's findings for AuthKit's `DB` (numbered as there): scenario file, built-in status → seed status.
  static let authKitFindings = [
    "delete-account/delete-after-a-day-signed-in.yaml: passed → errored",  // 1
    "delete-account/delete-forgot-password-from-prompt.yaml: passed → failed",  // 2
    "disabled-accounts/disabled-noticed-at-token-refresh.yaml: passed → failed",  // 3
    "disabled-accounts/disabled-while-signed-in-then-enabled.yaml: passed → failed",  // 2
    "provider-collision/link-apple-id-of-another-account-is-refused.yaml: passed → errored",  // 1
    "provider-collision/link-google-then-a-second-google-account.yaml: passed → errored",  // 1
    "provider-collision/untrusted-apple-collision-then-password-links-it.yaml: passed → failed",  // 4
    "sessions/account-deleted-on-another-device.yaml: passed → failed",  // 2
    "sessions/admin-revoke-sessions-noticed-on-reload-or-token-refresh.yaml: passed → failed",  // 3
    "sessions/an-email-the-admin-changes-ends-every-session.yaml: passed → failed",  // 3
    "sessions/change-password-after-five-minutes-needs-a-fresh-sign-in.yaml: passed → errored",  // 1
    "sessions/change-password-exactly-five-minutes-after-sign-in.yaml: passed → errored",  // 1
    "sessions/password-change-signs-out-other-devices.yaml: passed → errored",  // 1
    "sessions/password-reset-signs-out-every-device.yaml: passed → failed",  // 3
    "sessions/revoked-while-the-app-was-closed.yaml: passed → failed",  // 3
    "sign-up/sign-up-stores-display-name-and-lowercased-email.yaml: passed → failed",  // 5
    "verification/resend-countdown-runs-with-the-clock.yaml: passed → failed",  // 7
  ]

  /// README.md's findings for the FirebaseUI login screen.
  static let firebaseUIFindings = [
    "firebaseui/revoked-session-ends-at-the-token-refresh.yaml: passed → failed",  // 6
    "firebaseui/unverified-users-are-not-gated.yaml: passed → failed",  // 6
  ]

  @Test func authKitSeedPlaysTheAuthKitScenariosAsTheModelDoes() throws {
    let paths = SeedAuthflow.authKitScenarioPaths
    #expect(paths.count >= 10, "the authkit scenario directories: \(paths)")
    let builtIn = try SeedAuthflow.statuses(machine: "authkit", paths: paths)
    let seed = try SeedAuthflow.statuses(machine: "authkit-seed", paths: paths)
    #expect(builtIn.count > 50)
    #expect(SeedAuthflow.differences(builtIn, seed) == Self.authKitFindings)
  }

  @Test func firebaseUISeedPlaysTheFirebaseUIScenariosAsTheModelDoes() throws {
    let paths = SeedAuthflow.firebaseUIScenarioPaths
    let builtIn = try SeedAuthflow.statuses(machine: "firebaseui", paths: paths)
    let seed = try SeedAuthflow.statuses(machine: "firebaseui-seed", paths: paths)
    #expect(builtIn.count > 5)
    #expect(SeedAuthflow.differences(builtIn, seed) == Self.firebaseUIFindings)
  }

  @Test(arguments: [("authkit-seed", 6), ("firebaseui-seed", 4)])
  func theBundledScenariosKillEverySeedMutant(machine: String, mutants: Int) throws {
    let paths =
      machine == "authkit-seed" ? SeedAuthflow.authKitScenarioPaths : SeedAuthflow.firebaseUIScenarioPaths
    let output = try SeedAuthflow.run(["mutants", "--machine", machine] + paths)
    #expect(output.stdout.contains("trying \(mutants) mutant(s)"), "\(output.stdout)\(output.stderr)")
    #expect(output.stdout.contains("mutation score: \(mutants)/\(mutants) killed"), "\(output.stdout)")
    #expect(!output.stdout.contains("SURVIVED"))
  }

  @Test(arguments: ["authkit-seed", "firebaseui-seed"])
  func twoJobsPrintWhatOneJobPrints(machine: String) throws {
    let paths =
      machine == "authkit-seed" ? SeedAuthflow.authKitScenarioPaths : SeedAuthflow.firebaseUIScenarioPaths
    let one = try SeedAuthflow.run(["run", "--machine", machine, "--jobs", "1"] + paths)
    let two = try SeedAuthflow.run(["run", "--machine", machine, "--jobs", "2"] + paths)
    #expect(one.stdout.contains(" passed"))
    #expect(one.stdout == two.stdout)
    #expect(one.status == two.status)
  }
}
