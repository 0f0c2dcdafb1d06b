import Foundation

/// Proof that the user holds a second factor: made by ``PhoneMultiFactorGenerator`` or
/// ``TOTPMultiFactorGenerator``, passed to ``MultiFactor/enroll(with:displayName:)`` or
/// ``MultiFactorResolver/resolveSignIn(with:)``.
open class MultiFactorAssertion: NSObject, @unchecked Sendable {
  /// `phone` or `totp`.
  open var factorID: String

  init(factorID: String) { self.factorID = factorID }
}
