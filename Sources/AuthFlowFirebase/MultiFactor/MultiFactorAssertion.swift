import Foundation

/// Proof that the user holds a second factor: made by ``PhoneMultiFactorGenerator`` or
/// ``TOTPMultiFactorGenerator``, passed to ``MultiFactor/enroll(with:displayName:)`` or
/// ``MultiFactorResolver/resolveSignIn(with:)``.
open class MultiFactorAssertion: NSObject, @unchecked Sendable {
  /// `phone` or `totp`.
  open var factorID: String

  init(factorID: String) { self.factorID = factorID }
}

/// Proof of a phone factor: the SMS code, in a ``PhoneAuthCredential``.
open class PhoneMultiFactorAssertion: MultiFactorAssertion, @unchecked Sendable {
  let authCredential: PhoneAuthCredential

  init(credential: PhoneAuthCredential) {
    authCredential = credential
    super.init(factorID: PhoneMultiFactorInfo.PhoneMultiFactorID)
  }
}

/// Proof of an authenticator app factor: the code the app shows, for a secret being enrolled or an enrolled
/// factor.
open class TOTPMultiFactorAssertion: MultiFactorAssertion, @unchecked Sendable {
  /// What the code is for.
  enum Target {
    /// Enrolling the secret ``TOTPMultiFactorGenerator/generateSecret(with:)`` returned.
    case secret(TOTPSecret)
    /// Signing in with the enrolled factor of this id.
    case enrollmentID(String)
  }

  let target: Target
  let oneTimePassword: String

  init(target: Target, oneTimePassword: String) {
    self.target = target
    self.oneTimePassword = oneTimePassword
    super.init(factorID: PhoneMultiFactorInfo.TOTPMultiFactorID)
  }
}
