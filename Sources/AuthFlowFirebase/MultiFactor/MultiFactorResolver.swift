import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// What a sign-in that waits for its second factor hands the app, under
/// ``AuthErrors/userInfoMultiFactorResolverKey`` of the `secondFactorRequired` error: the factors that may
/// answer (``hints``, phone numbers masked) and the ``session`` to answer with.
///
/// Every first factor the world challenges gives one (password, identity providers, email link,
/// re-authenticating); custom tokens and phone sign-in are never challenged. The challenge lives 10 minutes
/// (then `sessionExpired`); a device answers its newest challenge.
open class MultiFactorResolver: NSObject, @unchecked Sendable {
  /// The session of this sign-in: pass it to
  /// ``PhoneAuthProvider/verifyPhoneNumber(with:uiDelegate:multiFactorSession:)``.
  public let session: MultiFactorSession
  /// The account's enrolled factors, one of which must answer.
  public let hints: [MultiFactorInfo]
  /// The instance the sign-in was made on.
  public let auth: Auth

  init(auth: Auth, challenge: MFAChallenge) {
    self.auth = auth
    session = MultiFactorSession(.signIn(challenge, auth))
    hints = challenge.factors.map { MultiFactorInfo.make($0, maskingNumber: true) }
  }

  /// Completes the sign-in with an assertion: a phone factor's SMS code
  /// (``PhoneMultiFactorGenerator/assertion(with:)``) or an authenticator app's code
  /// (``TOTPMultiFactorGenerator/assertionForSignIn(withEnrollmentID:oneTimePassword:)``). A wrong code is
  /// `invalidVerificationCode` and may be typed again. The device signs in as the first factor would have signed
  /// it in; as in the SDK the result has no `additionalUserInfo`.
  nonisolated(nonsending) open func resolveSignIn(with assertion: MultiFactorAssertion) async throws
    -> AuthDataResult
  {
    try await AsyncMember.run { [self] in try resolveNow(assertion) }
  }

  /// Completes the sign-in; see ``resolveSignIn(with:)``.
  open func resolveSignIn(
    with assertion: MultiFactorAssertion, completion: ((AuthDataResult?, Error?) -> Void)? = nil
  ) {
    auth.complete(completion) { [self] in try resolveNow(assertion) }
  }

  private func resolveNow(_ assertion: MultiFactorAssertion) throws -> AuthDataResult {
    guard let challenge = session.challenge else { throw AuthErrorUtils.error(.invalidMultiFactorSession) }
    let factor: MFAEnrollment
    var verificationID: String?
    let code: String
    if let phone = assertion as? PhoneMultiFactorAssertion {
      guard case .phone(let id, let smsCode) = phone.authCredential.content else {
        throw AuthErrorUtils.error(.missingVerificationCode)
      }
      let session = session
      let sent =
        auth.firebaseWorld.locked { session.phoneFactors[id] }
        ?? challenge.factors.first { $0.kind == .phone }
      guard let sent else { throw AuthErrorUtils.error(.multiFactorInfoNotFound) }
      factor = sent
      verificationID = id
      code = smsCode
    } else if let totp = assertion as? TOTPMultiFactorAssertion {
      guard case .enrollmentID(let enrollmentID) = totp.target else {
        throw AuthErrorUtils.error(
          .invalidMultiFactorSession,
          message: "An assertion for enrolling cannot sign in: use assertionForSignIn(withEnrollmentID:…).")
      }
      guard let enrolled = challenge.factors.first(where: { $0.id == enrollmentID }) else {
        throw AuthErrorUtils.error(.multiFactorInfoNotFound)
      }
      factor = enrolled
      code = totp.oneTimePassword
    } else {
      throw AuthErrorUtils.error(.missingMultiFactorInfo)
    }
    let auth = auth
    try auth.perform { () throws(AuthFlowLanguage.AuthErrorCode) in
      _ = try auth.client.resolveSecondFactor(factor, verificationID: verificationID, code: code)
    }
    return AuthDataResult(user: try auth.signedInUser(), additionalUserInfo: nil)
  }
}
