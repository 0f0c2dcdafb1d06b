import AuthFlowKit

extension FirebaseUISeedApp {
  /// What the login screen offers: the `firebaseui` machine's actions.
  nonisolated static let supportedActions: [ActionKind] = [
    .launch, .terminate, .background, .foreground, .signUp, .signIn, .signInWith, .signOut, .refresh, .cancel,
  ]

  nonisolated static func descriptor(name: String, summary: String, bugs: SeedBug) -> MachineDescriptor {
    var descriptor = MachineDescriptor(
      name: name, summary: summary, supportedActions: supportedActions, signInProviders: [.google, .twitter],
      screens: Screen.allCases.map(\.rawValue)
    ) { FirebaseUISeedApp(context: $0, bugs: bugs) }
    descriptor.playsScenariosOf = "firebaseui"
    return descriptor
  }

  /// `firebaseui-seed` and its mutants, each with one built-in `firebaseui` mutant's bug.
  public nonisolated static let descriptors: [MachineDescriptor] = [
    descriptor(
      name: "firebaseui-seed", summary: "the custom FirebaseUI login screen's own code, through its glue",
      bugs: []),
    descriptor(
      name: "firebaseui-seed~greeting-ignores-display-name",
      summary: "greets an email user with the email even when the account has a display name",
      bugs: .greetingIgnoresDisplayName),
    descriptor(
      name: "firebaseui-seed~stranger-for-email-users",
      summary: "greets an email user without a display name as Stranger instead of by the email",
      bugs: .strangerForEmailUsers),
    descriptor(
      name: "firebaseui-seed~ignores-session-end",
      summary: "does not listen to Auth: stays on home when the session ends",
      bugs: .ignoresSessionEnd),
    descriptor(
      name: "firebaseui-seed~sign-up-drops-display-name",
      summary: "creates the account but never saves the display name sign-up asked for",
      bugs: .signUpDropsDisplayName),
  ]
}
