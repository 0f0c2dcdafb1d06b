import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// A user's second factors (``User/multiFactor``): the enrolled ones, enrolling one, removing one.
///
/// Enrolling follows production's rules (the backend checks them when the SMS is sent or the secret made, and
/// again when the enrolment finishes): the email must be verified (`unverifiedEmail`), the sign-in recent
/// (`requiresRecentLogin`), a number or an authenticator app enrolled once (`secondFactorAlreadyEnrolled`), at
/// most five factors (`maximumSecondFactorCountExceeded`), the kind allowed for the project
/// (`operationNotAllowed`). Enrolling ends every other session of the account; this device gets new tokens.
open class MultiFactor: NSObject, @unchecked Sendable {
  weak var user: User?

  override init() {}

  /// The user's second factors as this device last fetched them (stale until ``User/reload()``), oldest first:
  /// phone factors with their number in full.
  ///
  /// Settable, as the SDK's stored property is: a value set here is this object's own, read back until the
  /// user is reloaded or its factors change on this device (an enrolment, an unenrolment, a sign-in that finds
  /// others), and the backend never hears of it.
  open var enrolledFactors: [MultiFactorInfo] {
    get {
      let enrollments = user?.mfaEnrollments ?? []
      if let assigned, assigned.basis == enrollments { return assigned.factors }
      return enrollments.map { MultiFactorInfo.make($0, maskingNumber: false) }
    }
    set { assigned = (newValue, user?.mfaEnrollments ?? []) }
  }

  /// What app code set ``enrolledFactors`` to, with the factors the user had then.
  private var assigned: (factors: [MultiFactorInfo], basis: [MFAEnrollment])?

  /// Drops a value app code set ``enrolledFactors`` to: the user was fetched again.
  func forgetAssignedFactors() { assigned = nil }

  // MARK: - Sessions

  /// The session to enroll a factor for this user with; nothing is asked of the backend (no error is possible
  /// here: the rules apply when the session is used).
  nonisolated(nonsending) open func session() async throws -> MultiFactorSession {
    try await AsyncMember.run { [self] in try sessionNow() }
  }

  /// The session to enroll a factor with; see ``session()``.
  open func getSessionWithCompletion(_ completion: ((MultiFactorSession?, Error?) -> Void)?) {
    // The SDK calls this one before it returns: nothing is asked of the backend.
    do {
      completion?(try sessionNow(), nil)
    } catch {
      completion?(nil, error)
    }
  }

  private func sessionNow() throws -> MultiFactorSession {
    guard let user else { throw AuthErrorUtils.error(.nullUser) }
    return MultiFactorSession(.enrollment(user))
  }

  // MARK: - Enrolling

  /// Enrolls the factor an assertion proves, named `displayName`: a phone factor from the SMS code of an
  /// enrolment started with ``PhoneAuthProvider/verifyPhoneNumber(_:uiDelegate:multiFactorSession:)``, an
  /// authenticator app from a code for the secret of ``TOTPMultiFactorGenerator/generateSecret(with:)``. A wrong
  /// code is `invalidVerificationCode` (and may be typed again), an expired one `sessionExpired`. Other sessions
  /// of the account end; the user object updates in place.
  nonisolated(nonsending) open func enroll(with assertion: MultiFactorAssertion, displayName: String?)
    async throws
  {
    try await AsyncMember.run { [self] in try enrollNow(assertion, displayName: displayName) }
  }

  /// Enrolls a factor; see ``enroll(with:displayName:)``.
  open func enroll(
    with assertion: MultiFactorAssertion, displayName: String?, completion: ((Error?) -> Void)?
  ) {
    complete(completion) { [self] in try enrollNow(assertion, displayName: displayName) }
  }

  private func enrollNow(_ assertion: MultiFactorAssertion, displayName: String?) throws {
    guard let user else { throw AuthErrorUtils.error(.nullUser) }
    if let phone = assertion as? PhoneMultiFactorAssertion {
      guard case .phone(let verificationID, let code) = phone.authCredential.content else {
        throw AuthErrorUtils.error(.missingVerificationCode)
      }
      try user.perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
        _ = try client.finishPhoneEnrollment(
          verificationID: verificationID, code: code, displayName: displayName)
      }
    } else if let totp = assertion as? TOTPMultiFactorAssertion {
      guard case .secret(let secret) = totp.target else {
        throw AuthErrorUtils.error(
          .invalidMultiFactorSession,
          message:
            "An assertion for signing in cannot enroll: use assertionForEnrollment(with:oneTimePassword:).")
      }
      try user.perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
        _ = try client.finishTOTPEnrollment(
          sessionID: secret.sessionID, code: totp.oneTimePassword, displayName: displayName)
      }
    } else {
      throw AuthErrorUtils.error(.missingMultiFactorInfo)
    }
  }

  // MARK: - Unenrolling

  /// Removes an enrolled factor; see ``unenroll(withFactorUID:)``.
  nonisolated(nonsending) open func unenroll(with factorInfo: MultiFactorInfo) async throws {
    try await AsyncMember.run { [self] in try unenrollNow(factorInfo.uid) }
  }

  /// Removes an enrolled factor; see ``unenroll(withFactorUID:)``.
  open func unenroll(with factorInfo: MultiFactorInfo, completion: ((Error?) -> Void)?) {
    complete(completion) { [self] in try unenrollNow(factorInfo.uid) }
  }

  /// Removes the enrolled factor whose ``MultiFactorInfo/uid`` is `factorUID`: needs a recent sign-in
  /// (`requiresRecentLogin`); an id the account does not have is `multiFactorInfoNotFound`. Other sessions stay;
  /// this device gets new tokens.
  nonisolated(nonsending) open func unenroll(withFactorUID factorUID: String) async throws {
    try await AsyncMember.run { [self] in try unenrollNow(factorUID) }
  }

  /// Removes an enrolled factor; see ``unenroll(withFactorUID:)``.
  open func unenroll(withFactorUID factorUID: String, completion: ((Error?) -> Void)?) {
    complete(completion) { [self] in try unenrollNow(factorUID) }
  }

  private func unenrollNow(_ factorUID: String) throws {
    guard let user else { throw AuthErrorUtils.error(.nullUser) }
    try user.perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
      _ = try client.unenroll(factorID: factorUID)
    }
  }

  private func complete(_ completion: ((Error?) -> Void)?, _ body: @escaping () throws -> Void) {
    Completion.call(completion, body)
  }
}
