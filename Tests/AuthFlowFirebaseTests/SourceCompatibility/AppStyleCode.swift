// App code written exactly as against FirebaseAuth 11 (only `import FirebaseAuth` changed): it must compile.
// Part of it runs in SourceCompatibilityTests; the rest pins down spellings app code uses.
import AuthFlowFirebase
import Foundation

@MainActor
final class SessionStore {
  var user: User?
  var message: String?
  var isVerified = false
  private var handle: AuthStateDidChangeListenerHandle?
  private var tokenHandle: IDTokenDidChangeListenerHandle?

  func listen() {
    handle = Auth.auth().addStateDidChangeListener { [weak self] auth, user in
      self?.user = user
      _ = auth.currentUser
    }
    tokenHandle = Auth.auth().addIDTokenDidChangeListener { _, _ in }
  }

  func stopListening() {
    if let handle { Auth.auth().removeStateDidChangeListener(handle) }
    if let tokenHandle { Auth.auth().removeIDTokenDidChangeListener(tokenHandle) }
  }

  func signUp(email: String, password: String, nickname: String) async {
    do {
      let result = try await Auth.auth().createUser(withEmail: email, password: password)
      let changeRequest = result.user.createProfileChangeRequest()
      changeRequest.displayName = nickname
      try await changeRequest.commitChanges()
      try await result.user.sendEmailVerification()
    } catch {
      message = error.localizedDescription
    }
  }

  func signIn(email: String, password: String) async {
    do {
      try await Auth.auth().signIn(withEmail: email, password: password)
      message = nil
    } catch let error as NSError where error.code == AuthErrorCode.wrongPassword.rawValue {
      message = "Wrong password"
    } catch {
      let nsError = error as NSError
      switch AuthErrorCode(rawValue: nsError.code) {
      case .invalidCredential: message = "Email or password is incorrect"
      case .userDisabled: message = "Account disabled"
      case .networkError: message = "Offline"
      case .tooManyRequests: message = "Try later"
      case .passwordDoesNotMeetRequirements: message = "Choose a stronger password"
      default: message = nsError.localizedDescription
      }
    }
  }

  func refreshUserData() {
    Task {
      try? await Auth.auth().currentUser?.reload()
      isVerified = Auth.auth().currentUser?.isEmailVerified ?? false
    }
  }

  func requestPasswordReset(email: String) async throws {
    try await Auth.auth().sendPasswordReset(withEmail: email)
  }

  func deleteUser(password: String) async throws {
    guard let user = Auth.auth().currentUser, let email = user.email else { return }
    let credential = EmailAuthProvider.credential(withEmail: email, password: password)
    try await user.reauthenticate(with: credential)
    try await user.delete()
  }

  func signOut() {
    do {
      try Auth.auth().signOut()
    } catch let signOutError as NSError {
      message = signOutError.localizedDescription
    }
  }
}

/// Completion-handler style, as FirebaseUI-era view controllers write it.
final class LoginController {
  var greeting: String?
  var errorText: String?

  @available(*, deprecated)
  func loginOrCreate(email: String, password: String) {
    Auth.auth().fetchSignInMethods(forEmail: email) { methods, error in
      if let error = error as NSError?, error.code == AuthErrorCode.invalidEmail.rawValue {
        self.errorText = "Invalid email"
        return
      }
      if let methods, methods.contains(EmailAuthProvider.id) {
        Auth.auth().signIn(withEmail: email, password: password) { result, error in
          self.finish(result, error)
        }
      } else {
        Auth.auth().createUser(withEmail: email, password: password) { result, error in
          self.finish(result, error)
        }
      }
    }
  }

  func socialLogin(provider: IdentityProviderSheet) {
    provider.signIn(withDefaultValue: nil, presenting: nil) { credential, error, _, _ in
      guard let credential else {
        self.errorText = (error as NSError?)?.localizedDescription
        return
      }
      Auth.auth().signIn(with: credential) { result, error in self.finish(result, error) }
    }
  }

  private func finish(_ result: AuthDataResult?, _ error: Error?) {
    if let error = error as NSError? {
      if error.code == AuthErrorCode.accountExistsWithDifferentCredential.rawValue {
        let email = error.userInfo[AuthErrorUserInfoEmailKey] as? String
        let pending = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential
        errorText = "Sign in to \(email ?? "?") first" + (pending == nil ? "" : ", then link")
      } else {
        errorText = error.localizedDescription
      }
      return
    }
    greeting = "Hello \(result?.user.displayName ?? "Stranger")"
  }
}

/// Spellings app code uses that the tests above do not run.
func compiledOnly(user: User, auth: Auth) async throws {
  auth.useEmulator(withHost: "localhost", port: 9099)
  let token: String = try await user.getIDToken()
  let forced: String = try await user.getIDToken(forcingRefresh: true)
  user.getIDToken { token, error in _ = (token, error) }
  user.getIDTokenForcingRefresh(true) { token, error in _ = (token, error) }
  let result: AuthTokenResult = try await user.getIDTokenResult()
  let claims: [String: Any] = result.claims
  user.getIDTokenResult(forcingRefresh: false) { result, _ in _ = result?.signInProvider }
  _ = (token, forced, claims, result.expirationDate, result.authDate, result.issuedAtDate)
  let info: [UserInfo] = user.providerData
  _ = info.map { ($0.providerID, $0.uid, $0.email, $0.displayName, $0.photoURL, $0.phoneNumber) }
  _ = (user.uid, user.email, user.displayName, user.photoURL, user.isAnonymous, user.providerID)
  _ = (user.metadata.creationDate, user.metadata.lastSignInDate, user.refreshToken, user.tenantID)
  user.reload { error in _ = error }
  user.sendEmailVerification { error in _ = error }
  user.delete { error in _ = error }
  user.updatePassword(to: "N3w-password") { error in _ = error }
  user.createProfileChangeRequest().commitChanges { error in _ = error }
  let unlinked: User = try await user.unlink(fromProvider: GoogleAuthProvider.id)
  user.unlink(fromProvider: AuthProviderID.gitHub.rawValue) { user, error in _ = (user, error) }
  user.link(with: GitHubAuthProvider.credential(withToken: "t")) { result, error in _ = (result, error) }
  user.reauthenticate(with: TwitterAuthProvider.credential(withToken: "t", secret: "s")) { _, _ in }
  try await user.link(with: FacebookAuthProvider.credential(withAccessToken: "t"))
  _ = unlinked
  let apple = OAuthProvider.appleCredential(withIDToken: "id", rawNonce: "nonce", fullName: nil)
  let oidc = OAuthProvider.credential(providerID: .apple, idToken: "id", rawNonce: "nonce")
  let google = OAuthProvider.credential(providerID: AuthProviderID.google, accessToken: "token")
  let custom = OAuthProvider.credential(providerID: .custom("oidc.acme"), idToken: "id", accessToken: nil)
  _ = (apple.idToken, oidc.accessToken, google.secret, custom.provider)
  let data = try await auth.signIn(with: GoogleAuthProvider.credential(withIDToken: "id", accessToken: "at"))
  _ = (data.user, data.additionalUserInfo?.isNewUser, data.additionalUserInfo?.profile, data.credential)
  auth.signIn(with: apple) { result, error in _ = (result, error) }
  let code: ActionCodeInfo = try await auth.checkActionCode("code")
  _ = (code.operation == .verifyEmail, code.email)
  try await auth.applyActionCode("code")
  auth.applyActionCode("code") { error in _ = error }
  let email: String = try await auth.verifyPasswordResetCode("code")
  try await auth.confirmPasswordReset(withCode: "code", newPassword: email)
  auth.sendPasswordReset(withEmail: "a@b.co") { error in _ = error }
  let settings = ActionCodeSettings()
  settings.url = URL(string: "https://example.com")
  settings.handleCodeInApp = true
  try await auth.sendPasswordReset(withEmail: "a@b.co", actionCodeSettings: settings)
  try await user.sendEmailVerification(with: settings)
  _ = ActionCodeURL(link: "https://x.test/?mode=resetPassword&oobCode=c")?.code
  if let error = try? await auth.signInAnonymously() { _ = error }
  switch AuthErrorCode(rawValue: 17011) {
  case .some(.userNotFound): break
  case .wrongPassword?: break
  default: break
  }
  if let code = AuthErrorCode(_bridgedNSError: NSError(domain: AuthErrors.domain, code: 17020)) {
    _ = code.code == .networkError
  }
  let errorAsCode: Error = AuthErrorCode.userDisabled
  _ = (errorAsCode as NSError).domain == AuthErrorDomain
}

/// FirebaseAuth 10-era spellings of error codes that still compile.
func olderErrorSpellings(_ error: Error) -> Bool {
  let nsError = error as NSError
  if let code = AuthErrorCode.Code(rawValue: nsError.code), code == .wrongPassword { return true }
  return AuthErrorCode(rawValue: error._code)?.code == AuthErrorCode.Code.userNotFound
}

/// An app with a `User` model of its own, which names the SDK's type `FirebaseAuth.User` as such apps do.
enum ModelledApp {
  struct User: Equatable {
    var id: String
    var nickname: String
  }

  @MainActor
  final class ProfileStore {
    var firebaseUser: FirebaseAuth.User?
    var profile: User?
    var lastError: FirebaseAuth.AuthErrorCode?

    func signIn(email: String, password: String) async {
      do {
        let result: FirebaseAuth.AuthDataResult = try await FirebaseAuth.Auth.auth().signIn(
          withEmail: email, password: password)
        firebaseUser = result.user
        profile = User(id: result.user.uid, nickname: result.user.displayName ?? "Stranger")
      } catch {
        // The constants qualified too, as the SDK's re-exported Objective-C headers allow.
        let nsError = error as NSError
        guard nsError.domain == FirebaseAuth.AuthErrorDomain else { return }
        lastError = FirebaseAuth.AuthErrorCode(rawValue: nsError.code)
        lastEmail = nsError.userInfo[FirebaseAuth.AuthErrorUserInfoEmailKey] as? String
      }
    }

    var signsInWithAPassword: Bool {
      firebaseUser?.providerData.contains { $0.providerID == FirebaseAuth.EmailAuthProviderID } == true
    }

    var lastEmail: String?
  }
}

/// Anonymous-first onboarding, written as against FirebaseAuth: "Continue as guest", then keep the guest's data by
/// linking a credential, and on `credentialAlreadyInUse` sign in to the account that credential belongs to.
@MainActor
final class GuestOnboarding {
  var message: String?

  func continueAsGuest() async throws -> String {
    let result = try await Auth.auth().signInAnonymously()
    return result.user.uid
  }

  func upgrade(email: String, password: String) async -> String? {
    guard let user = Auth.auth().currentUser, user.isAnonymous else { return nil }
    let credential = EmailAuthProvider.credential(withEmail: email, password: password)
    do {
      let result = try await user.link(with: credential)
      return result.user.uid
    } catch let error as NSError where error.code == AuthErrorCode.emailAlreadyInUse.rawValue {
      message = "That email already has an account: sign in instead"
      return nil
    } catch {
      message = error.localizedDescription
      return nil
    }
  }

  func upgrade(with credential: AuthCredential) async throws -> String {
    guard let user = Auth.auth().currentUser else { throw AuthErrorCode.nullUser }
    do {
      return try await user.link(with: credential).user.uid
    } catch let error as NSError where error.code == AuthErrorCode.credentialAlreadyInUse.rawValue {
      guard let existing = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential else {
        throw error
      }
      return try await Auth.auth().signIn(with: existing).user.uid
    }
  }
}

/// Phone sign-in as Firebase's guide writes it: send the code with the completion form, keep the verification
/// id, make a credential from the typed code, sign in (or, for a guest, link).
@MainActor
final class PhoneLogin {
  var verificationID: String?
  var message: String?

  func sendCode(to phoneNumber: String) {
    PhoneAuthProvider.provider().verifyPhoneNumber(phoneNumber, uiDelegate: nil) { verificationID, error in
      if let error {
        self.message = error.localizedDescription
        return
      }
      self.verificationID = verificationID
    }
  }

  func signIn(code: String) async -> String? {
    let credential = PhoneAuthProvider.provider().credential(
      withVerificationID: verificationID ?? "", verificationCode: code)
    do {
      if let guest = Auth.auth().currentUser, guest.isAnonymous {
        return try await GuestOnboarding().upgrade(with: credential)
      }
      let result = try await Auth.auth().signIn(with: credential)
      return result.user.uid
    } catch let error as NSError where error.code == AuthErrorCode.invalidVerificationCode.rawValue {
      message = "Wrong code"
    } catch let error as NSError where error.code == AuthErrorCode.sessionExpired.rawValue {
      message = "The code expired: send a new one"
    } catch {
      message = error.localizedDescription
    }
    return nil
  }
}

/// Phone spellings app code uses that the tests do not run.
func compiledOnlyPhone(user: User, auth: Auth, delegate: AuthUIDelegate?) async throws {
  let provider = PhoneAuthProvider.provider(auth: auth)
  let id: String = try await provider.verifyPhoneNumber(
    "+15555550100", uiDelegate: delegate, multiFactorSession: nil)
  provider.verifyPhoneNumber("+15555550100", uiDelegate: delegate, multiFactorSession: nil) { id, error in
    _ = (id, error)
  }
  let credential: PhoneAuthCredential = provider.credential(
    withVerificationID: id, verificationCode: "123456")
  let asCredential: AuthCredential = credential
  try await user.updatePhoneNumber(credential)
  user.updatePhoneNumber(credential) { error in _ = error }
  try await user.reauthenticate(with: asCredential)
  _ = (PhoneAuthProvider.id, AuthProviderID.phone, user.phoneNumber)
  let session: MultiFactorSession? = nil
  _ = session
}
