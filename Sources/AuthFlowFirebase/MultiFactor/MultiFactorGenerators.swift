import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// Makes the assertion of a phone second factor.
open class PhoneMultiFactorGenerator: NSObject, @unchecked Sendable {
  /// The assertion for a ``PhoneAuthCredential`` made from the verification id
  /// ``PhoneAuthProvider/verifyPhoneNumber(_:uiDelegate:multiFactorSession:)`` (enrolling) or
  /// ``PhoneAuthProvider/verifyPhoneNumber(with:uiDelegate:multiFactorSession:)`` (signing in) returned and the
  /// SMS code.
  open class func assertion(with phoneAuthCredential: PhoneAuthCredential) -> PhoneMultiFactorAssertion {
    PhoneMultiFactorAssertion(credential: phoneAuthCredential)
  }
}

/// Makes the secret and the assertions of an authenticator app (TOTP, RFC 6238) second factor.
open class TOTPMultiFactorGenerator: NSObject, @unchecked Sendable {
  /// Starts enrolling an authenticator app for the user of an enrolment `session` (``MultiFactor/session()``):
  /// the backend makes a secret to show the user (``TOTPSecret/generateQRCodeURL(withAccountName:issuer:)``).
  /// The enrolment rules apply here already: a verified email (`unverifiedEmail`), a recent sign-in
  /// (`requiresRecentLogin`), one authenticator per account (`secondFactorAlreadyEnrolled`), at most five
  /// factors (`maximumSecondFactorCountExceeded`), TOTP allowed for the project (`operationNotAllowed`). A
  /// sign-in session is `invalidMultiFactorSession` (the SDK answers an internal error).
  open class func generateSecret(with session: MultiFactorSession) async throws -> TOTPSecret {
    try generateSecretNow(session)
  }

  /// Starts enrolling an authenticator app; see ``generateSecret(with:)``.
  open class func generateSecret(
    with session: MultiFactorSession, completion: @escaping (TOTPSecret?, Error?) -> Void
  ) {
    do {
      completion(try generateSecretNow(session), nil)
    } catch {
      completion(nil, error)
    }
  }

  private static func generateSecretNow(_ session: MultiFactorSession) throws -> TOTPSecret {
    guard case .enrollment(let user) = session.purpose else {
      throw AuthErrorUtils.error(.invalidMultiFactorSession)
    }
    let start = try user.perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
      try client.startTOTPEnrollment()
    }
    return TOTPSecret(start: start)
  }

  /// The assertion that enrolls `secret` with the code the authenticator app shows (`oneTimePassword`), for
  /// ``MultiFactor/enroll(with:displayName:)``.
  open class func assertionForEnrollment(with secret: TOTPSecret, oneTimePassword: String)
    -> TOTPMultiFactorAssertion
  {
    TOTPMultiFactorAssertion(target: .secret(secret), oneTimePassword: oneTimePassword)
  }

  /// The assertion that answers a sign-in with the enrolled factor `enrollmentID` (a hint's
  /// ``MultiFactorInfo/uid``) and the code the app shows, for ``MultiFactorResolver/resolveSignIn(with:)``.
  open class func assertionForSignIn(withEnrollmentID enrollmentID: String, oneTimePassword: String)
    -> TOTPMultiFactorAssertion
  {
    TOTPMultiFactorAssertion(target: .enrollmentID(enrollmentID), oneTimePassword: oneTimePassword)
  }
}

/// The secret of an authenticator app being enrolled, as production answers `mfaEnrollment:start`: base32, for
/// SHA1 codes of 6 digits every 30 seconds. A test reads the code an app would show with
/// ``FirebaseWorld/authenticatorCode(secret:)``.
open class TOTPSecret: NSObject, @unchecked Sendable {
  private let secretKey: String
  /// The enrolment session (`sessionInfo`) the secret belongs to.
  let sessionID: String

  init(start: TOTPEnrollmentStart) {
    secretKey = start.secretKey
    sessionID = start.sessionID
  }

  /// The shared secret, base32: what a user types into an authenticator app that cannot scan a QR code.
  open func sharedSecretKey() -> String { secretKey }

  /// The `otpauth://totp/` URL (Google Authenticator's key URI format) to show as a QR code, spelled as the SDK
  /// spells it: `otpauth://totp/<issuer>:<accountName>?secret=<key>&issuer=<issuer>&algorithm=SHA1&digits=6`,
  /// with nothing percent-encoded.
  open func generateQRCodeURL(withAccountName accountName: String, issuer: String) -> String {
    let label = "\(issuer):\(accountName)"
    let query = ["secret=\(secretKey)", "issuer=\(issuer)", "algorithm=SHA1", "digits=6"]
    return "otpauth://totp/" + label + "?" + query.joined(separator: "&")
  }

  /// Opens the URL in a password manager on a device: a no-op here, as the world has no apps to open. Read the
  /// code the app would show with ``FirebaseWorld/authenticatorCode(secret:)``.
  @MainActor open func openInOTPApp(withQRCodeURL qrCodeURL: String) {}
}
