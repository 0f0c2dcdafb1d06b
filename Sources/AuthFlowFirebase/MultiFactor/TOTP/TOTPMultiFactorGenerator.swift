import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// Makes the secret and the assertions of an authenticator app (TOTP, RFC 6238) second factor.
open class TOTPMultiFactorGenerator: NSObject, @unchecked Sendable {
  /// Starts enrolling an authenticator app for the user of an enrolment `session` (``MultiFactor/session()``):
  /// the backend makes a secret to show the user (``TOTPSecret/generateQRCodeURL(withAccountName:issuer:)``).
  /// The enrolment rules apply here already: a verified email (`unverifiedEmail`), a recent sign-in
  /// (`requiresRecentLogin`), one authenticator per account (`secondFactorAlreadyEnrolled`), at most five
  /// factors (`maximumSecondFactorCountExceeded`), TOTP allowed for the project (`operationNotAllowed`). A
  /// sign-in session is `invalidMultiFactorSession` (the SDK answers an internal error).
  nonisolated(nonsending) open class func generateSecret(with session: MultiFactorSession) async throws
    -> TOTPSecret
  {
    try await AsyncMember.run { [self] in try generateSecretNow(session) }
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
