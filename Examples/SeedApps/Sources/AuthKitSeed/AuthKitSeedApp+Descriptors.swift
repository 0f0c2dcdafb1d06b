import AuthFlowKit

extension AuthKitSeedApp {
  /// What AuthKit's screens offer: every device action of `authkit` but linking a provider and changing the
  /// password, which AuthKit has no screen for.
  nonisolated static let supportedActions = ActionKind.deviceActions.filter {
    ![.tap, .type, .linkProvider, .changePassword].contains($0)
  }

  nonisolated static func descriptor(name: String, summary: String, bugs: SeedBug) -> MachineDescriptor {
    var descriptor = MachineDescriptor(
      name: name, summary: summary, supportedActions: supportedActions, signInProviders: [.apple],
      screens: Screen.allCases.map(\.rawValue)
    ) { AuthKitSeedApp(context: $0, bugs: bugs) }
    descriptor.playsScenariosOf = "authkit"
    return descriptor
  }

  /// `authkit-seed` and its mutants, each with one built-in `authkit` mutant's bug.
  public nonisolated static let descriptors: [MachineDescriptor] = [
    descriptor(name: "authkit-seed", summary: "AuthKit's own DB code, through its view-layer glue", bugs: []),
    descriptor(
      name: "authkit-seed~no-foreground-refresh",
      summary: "the verify-email screen never reloads the user when the app comes to the foreground",
      bugs: .noForegroundRefresh),
    descriptor(
      name: "authkit-seed~unverified-is-signed-in",
      summary: "DB treats a signed-in user with an unverified password account as signed in",
      bugs: .unverifiedIsSignedIn),
    descriptor(
      name: "authkit-seed~delete-without-reauth",
      summary: "deletes straight after the confirmation dialog, never showing the reauthenticate prompt",
      bugs: .deleteWithoutReauth),
    descriptor(
      name: "authkit-seed~resend-without-countdown",
      summary: "DB sends on every tap of resend and never starts the 60 s countdown",
      bugs: .resendWithoutCountdown),
    descriptor(
      name: "authkit-seed~refresh-reads-cache",
      summary: "the refresh button re-reads the cached user instead of reloading it",
      bugs: .refreshReadsCache),
    descriptor(
      name: "authkit-seed~no-auth-listener",
      summary: "DB reads the user once at start instead of keeping it from the state listener",
      bugs: .noAuthListener),
  ]
}
