import AuthFlowEngine
import Foundation

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

// The SDK's Objective-C era names of the factor ids, spelled as app code uses them.

// swift-format-ignore: AlwaysUseLowerCamelCase
/// ``PhoneMultiFactorInfo/PhoneMultiFactorID`` under its Objective-C era name (`FIRPhoneMultiFactorID`).
public let PhoneMultiFactorID: String = PhoneMultiFactorInfo.PhoneMultiFactorID
// swift-format-ignore: AlwaysUseLowerCamelCase
/// ``PhoneMultiFactorInfo/TOTPMultiFactorID`` under its Objective-C era name (`FIRTOTPMultiFactorID`).
public let TOTPMultiFactorID: String = PhoneMultiFactorInfo.TOTPMultiFactorID
