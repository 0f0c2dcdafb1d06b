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

/// A phone (SMS) second factor.
open class PhoneMultiFactorInfo: MultiFactorInfo, @unchecked Sendable {
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// `phone`: the ``MultiFactorInfo/factorID`` of a phone factor.
  public static let PhoneMultiFactorID = "phone"
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// `totp`: the ``MultiFactorInfo/factorID`` of an authenticator app factor (the SDK declares it here too).
  public static let TOTPMultiFactorID = "totp"

  /// The factor's number: in full in ``MultiFactor/enrolledFactors``; in a ``MultiFactorResolver``'s hints,
  /// masked as production sends it (`+*******0100`: the `+` and the last four digits).
  open var phoneNumber: String

  init(enrollment: MFAEnrollment, phoneNumber: String) {
    self.phoneNumber = phoneNumber
    super.init(enrollment: enrollment, factorID: Self.PhoneMultiFactorID)
  }

  /// A number as sign-in hints show it: every digit but the last four is a `*`.
  static func masked(_ number: String) -> String {
    let digits = number.hasPrefix("+") ? number.dropFirst() : Substring(number)
    let shown = max(0, digits.count - 4)
    return (number.hasPrefix("+") ? "+" : "") + String(repeating: "*", count: shown)
      + String(digits.suffix(4))
  }
}

/// An authenticator app (TOTP) second factor; internal, as the SDK's is: app code sees a ``MultiFactorInfo``
/// whose ``MultiFactorInfo/factorID`` is ``PhoneMultiFactorInfo/TOTPMultiFactorID``.
final class TOTPMultiFactorInfo: MultiFactorInfo, @unchecked Sendable {
  init(enrollment: MFAEnrollment) {
    super.init(enrollment: enrollment, factorID: PhoneMultiFactorInfo.TOTPMultiFactorID)
  }
}

// The SDK's Objective-C era names of the factor ids, spelled as app code uses them.

// swift-format-ignore: AlwaysUseLowerCamelCase
/// ``PhoneMultiFactorInfo/PhoneMultiFactorID`` under its Objective-C era name (`FIRPhoneMultiFactorID`).
public let PhoneMultiFactorID: String = PhoneMultiFactorInfo.PhoneMultiFactorID
// swift-format-ignore: AlwaysUseLowerCamelCase
/// ``PhoneMultiFactorInfo/TOTPMultiFactorID`` under its Objective-C era name (`FIRTOTPMultiFactorID`).
public let TOTPMultiFactorID: String = PhoneMultiFactorInfo.TOTPMultiFactorID
