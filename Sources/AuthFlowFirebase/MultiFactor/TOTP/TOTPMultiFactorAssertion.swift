import Foundation

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
