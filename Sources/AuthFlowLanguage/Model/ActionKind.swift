/// The name of an action as written in a scenario.
public enum ActionKind: String, CaseIterable, Sendable, Comparable {
  /// The app's lifecycle: `launch`, `terminate`, `background`, `foreground`.
  case launch, terminate, background, foreground
  /// `sign_up`
  case signUp = "sign_up"
  /// `sign_in`
  case signIn = "sign_in"
  /// `sign_in_with`
  case signInWith = "sign_in_with"
  /// `sign_in_anonymously`
  case signInAnonymously = "sign_in_anonymously"
  /// `sign_out`
  case signOut = "sign_out"
  /// `forgot_password`
  case forgotPassword = "forgot_password"
  /// `resend_verification`
  case resendVerification = "resend_verification"
  /// `refresh`
  case refresh
  /// `delete_account`
  case deleteAccount = "delete_account"
  /// `reauthenticate`
  case reauthenticate
  /// `cancel`
  case cancel
  /// `link_provider`
  case linkProvider = "link_provider"
  /// `unlink_provider`
  case unlinkProvider = "unlink_provider"
  /// `update_profile`
  case updateProfile = "update_profile"
  /// `change_password`
  case changePassword = "change_password"
  /// `change_email`
  case changeEmail = "change_email"
  /// `send_sign_in_link`
  case sendSignInLink = "send_sign_in_link"
  /// `sign_in_with_custom_token`
  case signInWithCustomToken = "sign_in_with_custom_token"
  /// `sign_in_with_phone`
  case signInWithPhone = "sign_in_with_phone"
  /// `enter_code`
  case enterCode = "enter_code"
  /// `enroll_mfa`
  case enrollMFA = "enroll_mfa"
  /// `unenroll_mfa`
  case unenrollMFA = "unenroll_mfa"
  /// `tap`
  case tap
  /// `type`
  case type
  /// `follow_link`, acting on the world.
  case followLink = "follow_link"
  /// `wait`, acting on the world.
  case wait
  /// `admin`, acting on the world.
  case admin
  /// `network`, acting on the world.
  case network
  /// `fail_next`, acting on the world.
  case failNext = "fail_next"

  /// Actions the app on a device receives; the rest act on the world.
  public var isDeviceAction: Bool {
    switch self {
    case .followLink, .wait, .admin, .network, .failNext: false
    default: true
    }
  }

  /// The actions a device's app receives, in declaration order.
  public static let deviceActions = allCases.filter(\.isDeviceAction)

  /// Orders kinds as they are declared (the order of the language reference).
  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}
