/// The name of an action as written in a scenario.
public enum ActionKind: String, CaseIterable, Sendable, Comparable {
  case launch, terminate, background, foreground
  case signUp = "sign_up"
  case signIn = "sign_in"
  case signInWith = "sign_in_with"
  case signOut = "sign_out"
  case forgotPassword = "forgot_password"
  case resendVerification = "resend_verification"
  case refresh
  case deleteAccount = "delete_account"
  case reauthenticate
  case cancel
  case linkProvider = "link_provider"
  case changePassword = "change_password"
  case tap
  case type
  case followLink = "follow_link"
  case wait
  case admin
  case network
  case failNext = "fail_next"

  /// Actions the app on a device receives; the rest act on the world.
  public var isDeviceAction: Bool {
    switch self {
    case .followLink, .wait, .admin, .network, .failNext: false
    default: true
    }
  }

  public static let deviceActions = allCases.filter(\.isDeviceAction)

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}
