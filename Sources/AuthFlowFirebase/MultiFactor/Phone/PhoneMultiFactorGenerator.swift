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
