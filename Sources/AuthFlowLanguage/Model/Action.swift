/// What happens at a step: the user or the OS acting on one device's app, or something changing in the world.
///
/// The actions whose arguments are larger than two strings are kept out of line (`indirect`), so that each step,
/// which holds its action, takes the room of the small ones: a large run holds all its scenarios' steps at once.
public enum Action: Equatable, Sendable {
  // MARK: On a device (SPEC 2.2)
  /// `launch`: starts the app on the device.
  case launch
  /// `terminate`: kills the app; the auth client's persisted session stays.
  case terminate
  /// `background`: the app leaves the foreground.
  case background
  /// `foreground`: the app comes back to the foreground.
  case foreground
  /// `sign_up`: creates a password account through the app.
  indirect case signUp(email: String, password: String, displayName: String?)
  /// `sign_in`: signs in with an email and a password through the app.
  case signIn(email: String, password: String)
  /// `sign_in_with`: signs in through an identity provider's sheet.
  indirect case signInWith(ProviderSheet)
  /// `sign_in_anonymously`: the app signs in as a new guest (an anonymous account).
  case signInAnonymously
  /// `sign_out`: signs out through the app.
  case signOut
  /// `forgot_password`: asks for a password-reset email (nil: the address the app has).
  case forgotPassword(email: String?)
  /// `resend_verification`: asks for the verification email again.
  case resendVerification
  /// `refresh`: the user asks the app to reload its user.
  case refresh
  /// `delete_account`: deletes the signed-in user's account through the app.
  case deleteAccount
  /// `reauthenticate`: signs in again as the current user, with a password or a provider.
  indirect case reauthenticate(Reauthentication)
  /// `cancel`: dismisses what the app asks for (a re-login prompt, a sheet).
  case cancel
  /// `link_provider`: links an identity provider to the signed-in user.
  indirect case linkProvider(ProviderSheet)
  /// `update_profile`: sets the signed-in user's display name and photo URL; nil leaves one as it is, an inner
  /// nil (`null` in YAML) clears it.
  indirect case updateProfile(displayName: String??, photoURL: String??)
  /// `unlink_provider`: removes a sign-in method (`password` or an identity provider) from the signed-in user.
  case unlinkProvider(ProviderID)
  /// `link_provider: {provider: password, email, password}`: links an email and password to the signed-in user
  /// (a guest's upgrade, or a password added to an IdP account).
  case linkPassword(email: String, password: String)
  /// `change_password`: sets a new password for the signed-in user.
  case changePassword(newPassword: String)
  /// `sign_in_with_custom_token`: the app's own server mints a custom token for `uid` (with developer `claims`)
  /// and the app signs in with it.
  indirect case signInWithCustomToken(uid: String, claims: [String: ClaimValue])
  /// `send_sign_in_link`: asks for a passwordless sign-in link to this email; the app remembers the email on
  /// the device until the link comes back.
  case sendSignInLink(email: String)
  /// `change_email`: asks to change the signed-in user's email; the app does it as its code does (a careful app
  /// with `verifyBeforeUpdateEmail`, so the email changes when the link sent to the new address is opened).
  case changeEmail(newEmail: String)
  /// `sign_in_with_phone`: the app asks for an SMS code to this number (E.164) to sign in with it, and waits
  /// for `enter_code`.
  case signInWithPhone(number: String)
  /// `link_provider: {provider: phone, number}`: the app asks for an SMS code to link this number to the
  /// signed-in user, and waits for `enter_code`.
  case linkPhone(number: String)
  /// `enter_code`: types the code the app waits for; nil types the right one (the newest SMS to the number, or
  /// the authenticator's current code).
  case enterCode(code: String?)
  /// `enroll_mfa`: starts enrolling a second factor for the signed-in user (then `enter_code`).
  case enrollMFA(SecondFactor)
  /// `unenroll_mfa`: removes the signed-in user's second factor of this kind.
  case unenrollMFA(SecondFactor.Kind)
  /// `tap`: taps a named target the machine shows.
  case tap(String)
  /// `type`: types values into named fields, in order.
  case type([TypedField])

  // MARK: On the world (SPEC 2.3)
  /// `follow_link`: opens the action link of the newest matching email (a reset sets `newPassword`) in a browser,
  /// or, with `device`, on that device, whose app gets the link (a universal link).
  indirect case followLink(
    mail: MailKind, to: String, newPassword: String?, which: MailChoice = .newest, device: String? = nil)
  /// `wait`: moves the virtual clock forward.
  case wait(VirtualDuration)
  /// `admin`: an Admin SDK call on the backend.
  indirect case admin(AdminAction)
  /// `network`: takes the device offline or back online.
  case network(online: Bool)
  /// `fail_next`: makes the next call of a backend operation fail with an error.
  case failNext(operation: BackendOperation, error: AuthErrorCode)

  /// The action's key in a scenario file.
  public var kind: ActionKind {
    switch self {
    case .launch: .launch
    case .terminate: .terminate
    case .background: .background
    case .foreground: .foreground
    case .signUp: .signUp
    case .signIn: .signIn
    case .signInWith: .signInWith
    case .signInAnonymously: .signInAnonymously
    case .signOut: .signOut
    case .forgotPassword: .forgotPassword
    case .resendVerification: .resendVerification
    case .refresh: .refresh
    case .deleteAccount: .deleteAccount
    case .reauthenticate: .reauthenticate
    case .cancel: .cancel
    case .linkProvider, .linkPassword, .linkPhone: .linkProvider
    case .unlinkProvider: .unlinkProvider
    case .updateProfile: .updateProfile
    case .changePassword: .changePassword
    case .changeEmail: .changeEmail
    case .sendSignInLink: .sendSignInLink
    case .signInWithCustomToken: .signInWithCustomToken
    case .signInWithPhone: .signInWithPhone
    case .enterCode: .enterCode
    case .enrollMFA: .enrollMFA
    case .unenrollMFA: .unenrollMFA
    case .tap: .tap
    case .type: .type
    case .followLink: .followLink
    case .wait: .wait
    case .admin: .admin
    case .network: .network
    case .failNext: .failNext
    }
  }
}

extension Action {
  /// The action a bare name (or a key with an empty value) stands for; nil when it needs arguments.
  package static func bareAction(_ kind: ActionKind) -> Action? {
    switch kind {
    case .launch: .launch
    case .terminate: .terminate
    case .background: .background
    case .foreground: .foreground
    case .signOut: .signOut
    case .forgotPassword: .forgotPassword(email: nil)
    case .resendVerification: .resendVerification
    case .refresh: .refresh
    case .deleteAccount: .deleteAccount
    case .cancel: .cancel
    case .signInAnonymously: .signInAnonymously
    case .enterCode: .enterCode(code: nil)
    case .signInWithPhone, .enrollMFA, .unenrollMFA, .signUp, .signIn, .signInWith, .reauthenticate,
      .linkProvider, .unlinkProvider,
      .updateProfile,
      .changePassword, .changeEmail, .sendSignInLink, .signInWithCustomToken, .tap, .type, .followLink, .wait,
      .admin, .network,
      .failNext:
      nil
    }
  }
}
