// Multi-factor app code written as Firebase's iOS MFA guides write it (SMS and TOTP), against FirebaseAuth 11
// (only `import FirebaseAuth` changed): it must compile. MultiFactorAppCodeTests runs it against a world.
import AuthFlowFirebase
import Foundation

/// Enrolling second factors as the guides do: SMS with completion handlers, TOTP with async/await.
@MainActor
final class SecondFactorSettings {
  var verificationID: String?
  var message: String?
  var qrCodeURL: String?
  private(set) var totpSecret: TOTPSecret?

  /// Sends the enrolment SMS: the session first, then the code to the number.
  func sendEnrollmentCode(to phoneNumber: String) {
    guard let user = Auth.auth().currentUser else { return }
    user.multiFactor.getSessionWithCompletion { session, error in
      if let error {
        self.message = error.localizedDescription
        return
      }
      PhoneAuthProvider.provider().verifyPhoneNumber(
        phoneNumber, uiDelegate: nil, multiFactorSession: session
      ) { verificationID, error in
        if let error {
          self.message = error.localizedDescription
          return
        }
        self.verificationID = verificationID
      }
    }
  }

  /// Finishes the SMS enrolment with the code the user typed.
  func enrollPhone(code: String, displayName: String) {
    guard let user = Auth.auth().currentUser, let verificationID else { return }
    let credential = PhoneAuthProvider.provider().credential(
      withVerificationID: verificationID, verificationCode: code)
    let assertion = PhoneMultiFactorGenerator.assertion(with: credential)
    user.multiFactor.enroll(with: assertion, displayName: displayName) { error in
      if let error {
        self.message = error.localizedDescription
      } else {
        self.message = "Phone enrolled"
      }
    }
  }

  /// Starts a TOTP enrolment: the secret, its QR code URL, the password manager.
  func startAuthenticator() async {
    guard let user = Auth.auth().currentUser else { return }
    do {
      let session = try await user.multiFactor.session()
      let secret = try await TOTPMultiFactorGenerator.generateSecret(with: session)
      let url = secret.generateQRCodeURL(withAccountName: user.email ?? "default account", issuer: "Demo App")
      secret.openInOTPApp(withQRCodeURL: url)
      totpSecret = secret
      qrCodeURL = url
    } catch let error as NSError where error.code == AuthErrorCode.requiresRecentLogin.rawValue {
      message = "Sign in again to add an authenticator"
    } catch let error as NSError where error.code == AuthErrorCode.unverifiedEmail.rawValue {
      message = "Verify your email first"
    } catch {
      message = error.localizedDescription
    }
  }

  /// Finishes the TOTP enrolment with the app's code; false when the code is wrong.
  func finishAuthenticator(code: String) async -> Bool {
    guard let user = Auth.auth().currentUser, let totpSecret else { return false }
    let assertion = TOTPMultiFactorGenerator.assertionForEnrollment(with: totpSecret, oneTimePassword: code)
    do {
      try await user.multiFactor.enroll(with: assertion, displayName: "TOTP")
      return true
    } catch {
      message = error.localizedDescription
      return false
    }
  }

  /// Lists and removes factors.
  func removeAllFactors() async throws {
    guard let user = Auth.auth().currentUser else { return }
    for info in user.multiFactor.enrolledFactors {
      try await user.multiFactor.unenroll(with: info)
    }
  }

  /// Describes the enrolled factors as a settings screen would.
  func describeFactors() -> [String] {
    (Auth.auth().currentUser?.multiFactor.enrolledFactors ?? []).map { info in
      if let phone = info as? PhoneMultiFactorInfo {
        return "SMS \(phone.phoneNumber)"
      }
      return info.factorID == TOTPMultiFactorID ? "Authenticator \(info.displayName ?? "")" : info.factorID
    }
  }
}

/// Signing in with a second factor as the guides do: catch `secondFactorRequired`, take the resolver, pick a
/// hint, answer it.
@MainActor
final class SecondFactorLogin {
  var resolver: MultiFactorResolver?
  var verificationID: String?
  var message: String?

  /// The password step; true when signed in, false when a second factor is needed or the sign-in failed.
  func signIn(email: String, password: String) async -> Bool {
    do {
      try await Auth.auth().signIn(withEmail: email, password: password)
      return true
    } catch let error as NSError where error.code == AuthErrorCode.secondFactorRequired.rawValue {
      resolver = error.userInfo[AuthErrorUserInfoMultiFactorResolverKey] as? MultiFactorResolver
      message = "Second factor needed"
    } catch {
      message = error.localizedDescription
    }
    return false
  }

  /// What the picker shows for each hint.
  func hintTitles() -> [String] {
    (resolver?.hints ?? []).map { hint in
      if hint.factorID == PhoneMultiFactorID, let phone = hint as? PhoneMultiFactorInfo {
        return phone.phoneNumber
      }
      return hint.displayName ?? "Authenticator app"
    }
  }

  /// Sends the SMS for the phone hint.
  func sendCode() {
    guard let resolver,
      let hint = resolver.hints.first(where: { $0.factorID == PhoneMultiFactorID }) as? PhoneMultiFactorInfo
    else { return }
    PhoneAuthProvider.provider().verifyPhoneNumber(
      with: hint, uiDelegate: nil, multiFactorSession: resolver.session
    ) { verificationID, error in
      if let error {
        self.message = error.localizedDescription
        return
      }
      self.verificationID = verificationID
    }
  }

  /// Answers with the SMS code, with the completion form.
  func resolveWithSMS(code: String) {
    guard let resolver, let verificationID else { return }
    let credential = PhoneAuthProvider.provider().credential(
      withVerificationID: verificationID, verificationCode: code)
    resolver.resolveSignIn(with: PhoneMultiFactorGenerator.assertion(with: credential)) { authResult, error in
      if let error = error as NSError?, error.code == AuthErrorCode.invalidVerificationCode.rawValue {
        self.message = "Wrong code"
      } else if let error {
        self.message = error.localizedDescription
      } else {
        self.message = "Welcome \(authResult?.user.email ?? "")"
      }
    }
  }

  /// Answers with the authenticator app's code.
  func resolveWithAuthenticator(code: String) async -> AuthDataResult? {
    guard let resolver, let hint = resolver.hints.first(where: { $0.factorID == TOTPMultiFactorID }) else {
      return nil
    }
    let assertion = TOTPMultiFactorGenerator.assertionForSignIn(
      withEnrollmentID: hint.uid, oneTimePassword: code)
    do {
      return try await resolver.resolveSignIn(with: assertion)
    } catch {
      message = error.localizedDescription
      return nil
    }
  }
}

/// Phone-code senders as FirebaseAuth 11.14 and later let code on no actor write them (the handler is main-actor
/// isolated), and as 11.1 lets one pass its own handler along: both must compile.
@MainActor final class CodeEntryModel {
  var verificationID: String?
  var error: Error?
}

final class PhoneCodeSender {
  /// Sets main-actor state from the handler, which 11.14 runs on the main actor.
  func send(to number: String, model: CodeEntryModel) {
    PhoneAuthProvider.provider().verifyPhoneNumber(number, uiDelegate: nil) { verificationID, error in
      model.verificationID = verificationID
      model.error = error
    }
  }

  /// Writes the isolation out, as such code may.
  func sendMarked(to number: String, model: CodeEntryModel) {
    PhoneAuthProvider.provider().verifyPhoneNumber(number, uiDelegate: nil, multiFactorSession: nil) {
      @MainActor verificationID, _ in model.verificationID = verificationID
    }
  }

  /// Passes a handler of its own along, as a completion-handler service of 11.1's time does.
  func send(to number: String, completion: @escaping (String?, Error?) -> Void) {
    PhoneAuthProvider.provider().verifyPhoneNumber(number, uiDelegate: nil, completion: completion)
  }
}
