import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// A second factor enrolled on an account: an entry of ``MultiFactor/enrolledFactors``, or a hint of a
/// ``MultiFactorResolver``. A phone factor is a ``PhoneMultiFactorInfo``; an authenticator app (TOTP) factor is
/// a `MultiFactorInfo` whose ``factorID`` is ``PhoneMultiFactorInfo/TOTPMultiFactorID`` (the SDK's
/// `TOTPMultiFactorInfo` subclass is internal, and so is it here).
open class MultiFactorInfo: NSObject, @unchecked Sendable {
  /// The enrolment's id (`mfaEnrollmentId`): what ``MultiFactor/unenroll(withFactorUID:)`` and
  /// ``TOTPMultiFactorGenerator/assertionForSignIn(withEnrollmentID:oneTimePassword:)`` take.
  public let uid: String
  /// The name the user gave the factor when enrolling it, if any.
  public let displayName: String?
  /// When the factor was enrolled (virtual time).
  public let enrollmentDate: Date
  /// `phone` or `totp` (``PhoneMultiFactorInfo/PhoneMultiFactorID``, ``PhoneMultiFactorInfo/TOTPMultiFactorID``).
  public let factorID: String

  init(enrollment: MFAEnrollment, factorID: String) {
    uid = enrollment.id
    displayName = enrollment.displayName
    enrollmentDate = Date(enrollment.enrolledAt)
    self.factorID = factorID
  }

  /// The info for an enrolment: a phone factor's number in full (the enrolled user's own view, `accounts:lookup`)
  /// or masked as production masks it in sign-in hints (``PhoneMultiFactorInfo/masked(_:)``).
  static func make(_ enrollment: MFAEnrollment, maskingNumber: Bool) -> MultiFactorInfo {
    switch enrollment.kind {
    case .phone:
      let number = enrollment.phoneNumber ?? ""
      return PhoneMultiFactorInfo(
        enrollment: enrollment, phoneNumber: maskingNumber ? PhoneMultiFactorInfo.masked(number) : number)
    case .totp:
      return TOTPMultiFactorInfo(enrollment: enrollment)
    }
  }
}
