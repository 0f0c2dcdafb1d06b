import AuthFlowEngine
import AuthFlowLanguage

/// The world `authflow explore` walks in, and the values its steps draw their arguments from.
///
/// Without `--given`, a small world that makes the interesting collisions reachable in a few steps: a
/// verified and two unverified password accounts, Apple IDs that collide with them (untrusted, trusted, new),
/// Google and Twitter accounts for machines that take them, two devices.
struct ExploreWorld {
  /// `backend`, `given` and `devices` of the walks (their `steps` are empty).
  var scenario: Scenario
  /// Emails a step may name: the given accounts' and IdP accounts', then ones no account has yet.
  var knownEmails: [String]
  var unknownEmails = ["zoe@example.com", "max@example.com"]
  /// An address the backend refuses as malformed.
  var malformedEmail = "zoe.example.com"
  /// Passwords a step may type: the given accounts', then a strong new one.
  var passwords: [String]
  var wrongPassword = "wrong-pass"
  /// Shorter than the backend's minimum.
  var weakPassword = "abc"
  var newPassword = "N3w-pass!"

  /// The synthetic file name explore's steps point at.
  static let file = "explore"

  init(given: Scenario?, machine: MachineDescriptor) {
    var scenario = given ?? Self.defaultScenario(for: machine)
    scenario.steps = []
    scenario.name = "explore"
    self.scenario = scenario
    var emails = OrderedNames()
    for account in scenario.given.accounts { if let email = account.email { emails.insert(email) } }
    for provider in ProviderID.identityProviders {
      for account in scenario.given.identityProviders[provider] ?? [] { emails.insert(account.email) }
    }
    knownEmails = emails.names
    var passwords = OrderedNames()
    for account in scenario.given.accounts {
      if let password = account.password { passwords.insert(password) }
    }
    passwords.insert("Str0ng-pass")
    self.passwords = passwords.names
  }

  /// The default world for a machine: identity-provider accounts only for the providers it can use.
  static func defaultScenario(for machine: MachineDescriptor) -> Scenario {
    let location = SourceLocation(file: file, line: 1, column: 1)
    var providers = Set(machine.signInProviders ?? ProviderID.identityProviders)
    if machine.supportedActions.contains(.linkProvider) { providers.formUnion(ProviderID.identityProviders) }
    let identityProviders: [ProviderID: [IdentityProviderAccountSeed]] = [
      // Unverified by Apple: untrusted, collides with ben's password account and leaves a pending credential.
      .apple: [
        IdentityProviderAccountSeed(email: "ben@example.com", name: "Ben", emailVerified: false),
        // Trusted: takes over cleo's unverified password account.
        IdentityProviderAccountSeed(email: "cleo@example.com", name: "Cleo"),
        IdentityProviderAccountSeed(email: "dana@example.com", name: "Dana"),
      ],
      // Google is trusted for gmail.com only: ana@example.com collides, eve@gmail.com creates an account.
      .google: [
        IdentityProviderAccountSeed(email: "ana@example.com", name: "Ana"),
        IdentityProviderAccountSeed(email: "eve@gmail.com", name: "Eve"),
      ],
      .twitter: [IdentityProviderAccountSeed(email: "ben@example.com", name: "Ben")],
    ].filter { providers.contains($0.key) }
    let given = Given(
      accounts: [
        AccountSeed(
          email: "ana@example.com", password: "correct-horse", emailVerified: true, displayName: "Ana"),
        AccountSeed(email: "ben@example.com", password: "correct-horse"),
        AccountSeed(email: "cleo@example.com", password: "cleo-pass"),
      ],
      identityProviders: identityProviders)
    return Scenario(
      name: "explore", file: file, location: location, given: given, devices: ["phone", "laptop"], steps: [])
  }
}
