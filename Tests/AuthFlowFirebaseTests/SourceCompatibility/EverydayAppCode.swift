// Everyday FirebaseAuth 11 spellings from completion-handler controllers and view models (only
// `import FirebaseAuth` changed): compiled only; the flows they belong to run in the other suites.
import AuthFlowFirebase
import Foundation

/// A completion-handler controller of the email-link guide.
final class EmailLinkController {
  var status = ""
  var pendingEmail: String?

  func sendLink(to email: String) {
    let actionCodeSettings = ActionCodeSettings()
    actionCodeSettings.url = URL(string: "https://www.example.com/finishSignUp")
    actionCodeSettings.handleCodeInApp = true
    actionCodeSettings.setIOSBundleID("com.example.ios")
    actionCodeSettings.linkDomain = "example.page.link"
    Auth.auth().sendSignInLink(toEmail: email, actionCodeSettings: actionCodeSettings) { error in
      if let error {
        self.status = error.localizedDescription
        return
      }
      self.pendingEmail = email
      self.status = "Check your email for link"
    }
  }

  func open(_ url: URL) {
    let link = url.absoluteString
    guard Auth.auth().isSignIn(withEmailLink: link), let email = pendingEmail else { return }
    Auth.auth().signIn(withEmail: email, link: link) { authResult, error in
      if let error = error as NSError?, let code = AuthErrorCode(rawValue: error.code) {
        switch code {
        case .invalidActionCode, .expiredActionCode: self.status = "The link has expired"
        case .invalidEmail: self.status = "Wrong email"
        default: self.status = error.localizedDescription
        }
        return
      }
      self.status = "Signed in as \(authResult?.user.email ?? "?")"
      _ = (authResult?.additionalUserInfo?.isNewUser, authResult?.additionalUserInfo?.newUser())
    }
  }
}

/// A multi-factor sign-in controller, completion style.
final class SecondFactorController {
  var resolver: MultiFactorResolver?
  var verificationID: String?
  var status = ""

  func signIn(email: String, password: String) {
    Auth.auth().signIn(withEmail: email, password: password) { result, error in
      guard let error = error as NSError? else {
        self.status = "Welcome \(result?.user.displayName ?? "")"
        return
      }
      guard error.code == AuthErrorCode.secondFactorRequired.rawValue,
        let resolver = error.userInfo[AuthErrorUserInfoMultiFactorResolverKey] as? MultiFactorResolver
      else {
        self.status = error.localizedDescription
        return
      }
      self.resolver = resolver
      let names = resolver.hints.map { $0.displayName ?? $0.factorID }
      let phoneHint = resolver.hints.first { $0.factorID == PhoneMultiFactorID } as? PhoneMultiFactorInfo
      guard let phoneHint else {
        self.status = "Use one of \(names)"
        return
      }
      PhoneAuthProvider.provider().verifyPhoneNumber(
        with: phoneHint, uiDelegate: nil, multiFactorSession: resolver.session
      ) { verificationID, error in
        self.verificationID = verificationID
        self.status = error?.localizedDescription ?? "Code sent to \(phoneHint.phoneNumber)"
      }
    }
  }

  func finish(code: String) {
    guard let resolver, let verificationID else { return }
    let credential = PhoneAuthProvider.provider().credential(
      withVerificationID: verificationID, verificationCode: code)
    let assertion = PhoneMultiFactorGenerator.assertion(with: credential)
    resolver.resolveSignIn(with: assertion) { authResult, error in
      self.status = error?.localizedDescription ?? "Signed in \(authResult?.user.uid ?? "")"
    }
  }
}

/// The spellings of a profile screen.
@MainActor
final class ProfileViewModel {
  var rows: [String] = []
  var role: String?

  func load() {
    guard let user = Auth.auth().currentUser else { return }
    rows = user.providerData.map { "\($0.providerID): \($0.email ?? $0.phoneNumber ?? $0.uid)" }
    rows.append(user.providerData.first?.photoURL?.absoluteString ?? "no photo")
    let factors = user.multiFactor.enrolledFactors
    rows += factors.compactMap { $0 as? PhoneMultiFactorInfo }.map(\.phoneNumber)
    rows += factors.map { "\($0.factorID) since \($0.enrollmentDate)" }
    if user.metadata.creationDate == user.metadata.lastSignInDate { rows.append("New here") }
    _ = (user.anonymous(), user.emailVerified(), user.isAnonymous, user.isEmailVerified)
    user.getIDTokenResult(completion: { result, error in
      self.role = result?.claims["role"] as? String
      _ = (error, result?.signInSecondFactor, result?.signInProvider)
    })
    Task {
      let claims = try await user.getIDTokenResult().claims
      role = claims["role"] as? String
      try await user.reload()
      try await Auth.auth().currentUser?.updatePassword(to: "N3w-password")
      try await user.sendEmailVerification(beforeUpdatingEmail: "new@example.com")
    }
  }

  func configure() {
    let auth = Auth.auth()
    auth.languageCode = "fr"
    auth.tenantID = "tenant-1"
    auth.settings?.isAppVerificationDisabledForTesting = true
    let listener: @Sendable (Auth, User?) -> Void = { _, user in _ = user?.uid }
    _ = auth.addStateDidChangeListener(listener)
    user(auth.currentUser)
  }

  private func user(_ user: User?) {
    user?.sendEmailVerification(beforeUpdatingEmail: "new@example.com") { error in _ = error }
    user?.reload(completion: { error in _ = error })
  }
}

/// Authenticator enrolment from a completion-handler controller that is not main-actor isolated.
final class AuthenticatorEnrollmentController {
  var qrCodeURL: String?
  var message: String?

  func start(issuer: String) {
    guard let user = Auth.auth().currentUser else { return }
    user.multiFactor.getSessionWithCompletion { session, error in
      guard let session else {
        self.message = error?.localizedDescription
        return
      }
      TOTPMultiFactorGenerator.generateSecret(with: session) { secret, error in
        guard let secret else {
          self.message = error?.localizedDescription
          return
        }
        let url = secret.generateQRCodeURL(withAccountName: user.email ?? "", issuer: issuer)
        self.qrCodeURL = url
        secret.openInOTPApp(withQRCodeURL: url)
      }
    }
  }
}
