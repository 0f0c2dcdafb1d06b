import Foundation

/// Proof of a phone factor: the SMS code, in a ``PhoneAuthCredential``.
open class PhoneMultiFactorAssertion: MultiFactorAssertion, @unchecked Sendable {
  let authCredential: PhoneAuthCredential

  init(credential: PhoneAuthCredential) {
    authCredential = credential
    super.init(factorID: PhoneMultiFactorInfo.PhoneMultiFactorID)
  }
}
