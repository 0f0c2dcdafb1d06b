// App code written as against FirebaseAuth 11 (only `import FirebaseAuth` changed), for identity providers,
// provider web flows, account linking, claims and the app-delegate calls: it must compile. ProviderAppCodeTests
// runs what the world models.
import AuthFlowFirebase
import Foundation

/// Sign in with Apple as Firebase's guide writes it: the app keeps the nonce it asked Apple with, rebuilds the
/// credential from Apple's ID token and the name, and sets the name on a new account.
@MainActor
final class AppleSignInViewModel {
  var currentNonce: String?
  var displayName: String?
  var errorMessage: String?

  func startSignInWithAppleFlow(nonce: String) {
    currentNonce = nonce
  }

  /// What `authorizationController(controller:didCompleteWithAuthorization:)` does with Apple's answer.
  func didComplete(idTokenString: String, fullName: PersonNameComponents?) async {
    guard let nonce = currentNonce else {
      errorMessage = "Invalid state: a login callback was received, but no login request was sent."
      return
    }
    let credential = OAuthProvider.appleCredential(
      withIDToken: idTokenString, rawNonce: nonce, fullName: fullName)
    do {
      let result = try await Auth.auth().signIn(with: credential)
      if result.additionalUserInfo?.isNewUser == true, let fullName {
        let changeRequest = result.user.createProfileChangeRequest()
        changeRequest.displayName = [fullName.givenName, fullName.familyName].compactMap { $0 }.joined(
          separator: " ")
        try await changeRequest.commitChanges()
      }
      displayName = result.user.displayName
    } catch {
      errorMessage = error.localizedDescription
    }
  }
}

/// A generic OAuth provider's web flow (GitHub, Microsoft, Yahoo), both styles.
@MainActor
final class OAuthLoginViewModel {
  let provider: OAuthProvider
  var user: User?
  var errorMessage: String?
  var isNewUser: Bool?

  init(providerID: String, loginHint: String? = nil) {
    provider = OAuthProvider(providerID: providerID)
    provider.scopes = ["user:email"]
    if let loginHint { provider.customParameters = ["login_hint": loginHint] }
  }

  func signIn() async {
    do {
      let result = try await Auth.auth().signIn(with: provider, uiDelegate: nil)
      user = result.user
      isNewUser = result.additionalUserInfo?.isNewUser
      _ = (result.credential?.accessToken, result.additionalUserInfo?.username)
    } catch let error as NSError where error.code == AuthErrorCode.webContextCancelled.rawValue {
      errorMessage = "Cancelled"
    } catch {
      errorMessage = error.localizedDescription
    }
  }

  /// The completion style: get the credential, then sign in with it.
  func signInWithCompletion() {
    provider.getCredentialWith(nil) { credential, error in
      if let error {
        self.errorMessage = error.localizedDescription
        return
      }
      guard let credential else { return }
      Auth.auth().signIn(with: credential) { result, error in
        self.user = result?.user
        self.errorMessage = error?.localizedDescription
      }
    }
  }

  func credentialOnly() async throws -> AuthCredential {
    try await provider.credential(with: nil)
  }
}

/// A service outside any actor that asks whichever provider the screen chose for a credential, passing the
/// screen's delegate on, as app code written for iOS does.
final class FederatedCredentialService {
  let presenter: AuthUIDelegate?

  init(presenter: AuthUIDelegate?) { self.presenter = presenter }

  func credential(from provider: FederatedAuthProvider) async throws -> AuthCredential {
    try await provider.credential(with: presenter)
  }

  func credential(from provider: any FederatedAuthProvider, delegate: AuthUIDelegate?) async throws
    -> AuthCredential
  {
    try await provider.credential(with: delegate)
  }
}

/// A provider an app's previews use instead of the real page: an `OAuthProvider` whose credential is set.
final class PreviewOAuthProvider: OAuthProvider, @unchecked Sendable {
  var stubbed: AuthCredential?

  override func credential(with uiDelegate: AuthUIDelegate?) async throws -> AuthCredential {
    guard let stubbed else { throw AuthErrorCode.webContextCancelled }
    return stubbed
  }
}

/// The "Linked accounts" screen of a settings page.
@MainActor
final class LinkedAccountsViewModel {
  var providers: [String] = []
  var message: String?

  func refresh() {
    providers = Auth.auth().currentUser?.providerData.map(\.providerID) ?? []
  }

  var hasGitHub: Bool { providers.contains(GitHubAuthProviderID) }
  var hasPassword: Bool { providers.contains(EmailAuthProviderID) }

  func linkGitHub() {
    guard let user = Auth.auth().currentUser else { return }
    user.link(with: OAuthProvider(providerID: AuthProviderID.gitHub), uiDelegate: nil) { result, error in
      if let error = error as NSError? {
        switch AuthErrorCode(rawValue: error.code) {
        case .providerAlreadyLinked: self.message = "Already linked"
        case .credentialAlreadyInUse:
          let other = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential
          self.message = other == nil ? "In use" : "In use by another account"
        case .requiresRecentLogin: self.message = "Sign in again first"
        default: self.message = error.localizedDescription
        }
        return
      }
      self.message = "Linked \(result?.credential?.provider ?? "?")"
      self.refresh()
    }
  }

  func unlink(_ providerID: String) async {
    do {
      let user = try await Auth.auth().currentUser?.unlink(fromProvider: providerID)
      providers = user?.providerData.map { $0.providerID } ?? []
    } catch {
      message = error.localizedDescription
    }
  }

  func reauthenticateWithGitHub() async throws {
    guard let user = Auth.auth().currentUser else { throw AuthErrorCode.nullUser }
    try await user.reauthenticate(with: OAuthProvider(providerID: AuthProviderID.gitHub), uiDelegate: nil)
  }
}

/// Role-based screens read a custom claim of the ID token.
@MainActor
final class RoleGate {
  var role: String?
  var isAdmin = false

  func load() {
    Task {
      guard let user = Auth.auth().currentUser else { return }
      let result = try await user.getIDTokenResult(forcingRefresh: true)
      role = result.claims["role"] as? String
      isAdmin = (result.claims["admin"] as? Bool) ?? false
    }
  }
}

/// Observes the auth-state notification, as code that predates listeners does.
final class AuthStateObserver: @unchecked Sendable {
  private let lock = NSLock()
  private var seen = 0
  private var token: NSObjectProtocol?

  var count: Int { lock.withLock { seen } }

  func start(auth: Auth) {
    token = NotificationCenter.default.addObserver(forName: .AuthStateDidChange, object: auth, queue: nil) {
      [weak self] _ in
      guard let self else { return }
      lock.withLock { seen += 1 }
    }
  }

  func stop() {
    if let token { NotificationCenter.default.removeObserver(token) }
  }
}

/// Sign-in methods compared with the Objective-C era constants.
@available(*, deprecated)
func describeSignInMethods(for email: String, completion: @escaping (String) -> Void) {
  Auth.auth().fetchSignInMethods(forEmail: email) { methods, _ in
    let methods = methods ?? []
    if methods.contains(EmailPasswordAuthSignInMethod) {
      completion("password")
    } else if methods.contains(EmailLinkAuthSignInMethod) {
      completion("link")
    } else if methods.contains(GoogleAuthSignInMethod) || methods.contains(FacebookAuthSignInMethod) {
      completion("social")
    } else {
      completion("unknown")
    }
  }
}

/// What an app delegate does with FirebaseAuth, and the other spellings the tests do not run.
func compiledOnlyProviders(auth: Auth, user: User, url: URL, deviceToken: Data) async throws {
  auth.setAPNSToken(deviceToken, type: .unknown)
  auth.setAPNSToken(deviceToken, type: AuthAPNSTokenType.prod)
  _ = auth.apnsToken
  let userInfo: [AnyHashable: Any] = ["aps": ["content-available": 1]]
  if auth.canHandleNotification(userInfo) { return }
  if auth.canHandle(url) { return }
  try await auth.initializeRecaptchaConfig()
  auth.initializeRecaptchaConfig { error in _ = error }

  GameCenterAuthProvider.getCredential { credential, error in
    guard let credential else {
      _ = error?.localizedDescription
      return
    }
    Auth.auth().signIn(with: credential) { _, _ in }
  }
  let gameCenter: AuthCredential = try await GameCenterAuthProvider.getCredential()
  _ = (gameCenter, GameCenterAuthProvider.id, GameCenterAuthProviderID, GameCenterAuthSignInMethod)

  let microsoft = OAuthProvider(providerID: "microsoft.com", auth: auth)
  microsoft.customParameters = ["prompt": "consent", "tenant": "common"]
  microsoft.scopes = ["mail.read", "calendars.read"]
  let yahoo = OAuthProvider.provider(providerID: AuthProviderID.custom("yahoo.com"), auth: auth)
  let apple = OAuthProvider(providerID: .apple)
  auth.signIn(with: microsoft, uiDelegate: nil) { result, error in
    if let credential = result?.credential as? OAuthCredential {
      _ = (credential.accessToken, credential.idToken, credential.secret)
    }
    _ = error
  }
  let linked = try await user.link(with: yahoo, uiDelegate: nil)
  _ = linked.additionalUserInfo?.profile?["email"]
  user.reauthenticate(with: apple, uiDelegate: nil) { result, error in _ = (result, error) }
  try await user.reauthenticate(with: microsoft, uiDelegate: nil)
  yahoo.getCredentialWith(nil)
  let federated: FederatedAuthProvider = microsoft
  try await auth.signIn(with: federated, uiDelegate: nil)

  _ = [
    EmailAuthProviderID, GoogleAuthProviderID, FacebookAuthProviderID, TwitterAuthProviderID,
    GitHubAuthProviderID, PhoneAuthProviderID, TwitterAuthSignInMethod, GitHubAuthSignInMethod,
    PhoneAuthSignInMethod,
  ]
  _ = NotificationCenter.default.addObserver(
    forName: Auth.authStateDidChangeNotification, object: auth, queue: .main
  ) {
    _ in
  }

  let settings = ActionCodeSettings()
  settings.url = URL(string: "https://example.com/finishSignUp?cartId=1234")
  settings.handleCodeInApp = true
  settings.setIOSBundleID("com.example.ios")
  settings.setAndroidPackageName("com.example.android", installIfNotAvailable: false, minimumVersion: "12")
  settings.linkDomain = "example.page.link"
  _ = (settings.iOSBundleID, settings.androidPackageName, settings.androidMinimumVersion)
  _ = settings.androidInstallIfNotAvailable
}

/// Keeps the credential of an `accountExistsWithDifferentCredential` error while the user signs in the way the
/// account already does, as apps that survive a relaunch in between do.
final class PendingCredentialStore {
  private(set) var archive: Data?

  func keep(from error: Error) throws -> String? {
    let error = error as NSError
    guard error.code == AuthErrorCode.accountExistsWithDifferentCredential.rawValue,
      let credential = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? OAuthCredential
    else { return nil }
    archive = try NSKeyedArchiver.archivedData(withRootObject: credential, requiringSecureCoding: true)
    return error.userInfo[AuthErrorUserInfoEmailKey] as? String
  }

  func linkPending(to user: User) async throws -> [String] {
    guard let archive,
      let credential = try NSKeyedUnarchiver.unarchivedObject(ofClass: OAuthCredential.self, from: archive)
    else { return [] }
    let result = try await user.link(with: credential)
    self.archive = nil
    return result.user.providerData.map(\.providerID).sorted()
  }
}
