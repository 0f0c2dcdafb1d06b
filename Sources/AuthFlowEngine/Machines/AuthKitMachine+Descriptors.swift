import AuthFlowLanguage

extension AuthKitMachine {
  static let supportedActions = ActionKind.deviceActions.filter {
    ![
      .tap, .type, .signInAnonymously, .unlinkProvider, .updateProfile, .changeEmail, .sendSignInLink,
      .signInWithCustomToken, .signInWithPhone, .enterCode, .enrollMFA, .unenrollMFA,
    ].contains($0)
  }

  static func descriptor(name: String, summary: String, flaws: Flaw) -> MachineDescriptor {
    var descriptor = MachineDescriptor(
      name: name, summary: summary, supportedActions: supportedActions, signInProviders: [.apple],
      screens: Screen.allCases.map(\.rawValue), invariants: invariants
    ) { AuthKitMachine(context: $0, flaws: flaws) }
    descriptor.uiNames = ["resend_seconds_left", "email", "display_name"]
    return descriptor
  }

  static let descriptors: [MachineDescriptor] = [
    descriptor(
      name: "authkit",
      summary:
        "SwiftUI app with sign-in, sign-up, verify-email, forgot-password and account-settings screens",
      flaws: []),
    descriptor(
      name: "authkit~no-foreground-refresh",
      summary: "never reloads the user when the app comes to the foreground", flaws: .noForegroundRefresh),
    descriptor(
      name: "authkit~unverified-is-signed-in",
      summary: "treats a signed-in user with an unverified password account as signedIn (home)",
      flaws: .unverifiedIsSignedIn),
    descriptor(
      name: "authkit~delete-without-reauth",
      summary: "deletes straight after the confirmation dialog, never showing the reauthenticate prompt",
      flaws: .deleteWithoutReauth),
    descriptor(
      name: "authkit~resend-without-countdown",
      summary: "resend sends an email on every tap and never starts the 60 s countdown",
      flaws: .resendWithoutCountdown),
    descriptor(
      name: "authkit~drops-pending-credential",
      summary:
        "after a provider collision, signing in with the password does not link the pending credential",
      flaws: .dropsPendingCredential),
    descriptor(
      name: "authkit~refresh-reads-cache",
      summary: "the refresh / \"I've verified\" button re-reads the cached user instead of reloading it",
      flaws: .refreshReadsCache),
    descriptor(
      name: "authkit~no-auth-listener",
      summary: "ignores the client's own sign-outs (a revoked session at a token refresh) until the next tap",
      flaws: .noAuthListener),
  ]
}
