import AuthFlowEngine
import AuthFlowLanguage

/// The world `authflow explore` walks in, and the values its steps draw their arguments from.
///
/// Without `--given`, a small world that makes the interesting collisions reachable in a few steps: a
/// verified and two unverified password accounts, Apple IDs that collide with them (untrusted, trusted, new),
/// Google and Twitter accounts for machines that take them, two devices; and for machines with second factors,
/// phone sign-in or linking, an account that reaches each of those screens in one step.
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
    var identityProviders: [ProviderID: [IdentityProviderAccountSeed]] = [
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
    if machine.supportedActions.contains(.linkProvider) {
      identityProviders[.google, default: []].append(
        IdentityProviderAccountSeed(email: "hal@gmail.com", name: "Hal"))
    }
    var accounts = [
      AccountSeed(
        email: "ana@example.com", password: "correct-horse", emailVerified: true, displayName: "Ana"),
      AccountSeed(email: "ben@example.com", password: "correct-horse"),
      AccountSeed(email: "cleo@example.com", password: "cleo-pass"),
    ]
    accounts += extraAccounts(for: Set(machine.supportedActions))
    let given = Given(accounts: accounts, identityProviders: identityProviders)
    return Scenario(
      name: "explore", file: file, location: location, given: given, devices: ["phone", "laptop"], steps: [])
  }

  /// Accounts that put a machine's rarer screens one step away: one with an authenticator (the second-factor
  /// challenge at sign-in) for a machine that handles second factors, one that signs in with its phone number
  /// for a machine with phone sign-in, and one whose Google account is already linked (so linking it elsewhere
  /// collides) for a machine that links providers.
  private static func extraAccounts(for actions: Set<ActionKind>) -> [AccountSeed] {
    var accounts: [AccountSeed] = []
    if actions.contains(.enterCode) {
      var fay = AccountSeed(
        email: "fay@example.com", password: "correct-horse", emailVerified: true, displayName: "Fay")
      fay.mfa = [SecondFactor(.totp)]
      accounts.append(fay)
    }
    if actions.contains(.signInWithPhone) {
      var gil = AccountSeed(email: nil)
      gil.id = "gil"
      gil.phoneNumber = "+15555550101"
      accounts.append(gil)
    }
    if actions.contains(.linkProvider) {
      accounts.append(AccountSeed(email: "hal@gmail.com", emailVerified: true, providers: [.google]))
    }
    return accounts
  }
}
