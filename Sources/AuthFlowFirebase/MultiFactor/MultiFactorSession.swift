import AuthFlowEngine
import Foundation

/// The session of a multi-factor operation: for enrolling, what ``MultiFactor/session()`` returns for the
/// signed-in user; for signing in, the ``MultiFactorResolver/session`` of a sign-in that waits for its second
/// factor. Hand it to ``PhoneAuthProvider/verifyPhoneNumber(_:uiDelegate:multiFactorSession:)`` or
/// ``TOTPMultiFactorGenerator/generateSecret(with:)``. Apps never make one.
open class MultiFactorSession: NSObject, @unchecked Sendable {
  /// What the session is for.
  enum Purpose {
    /// Enrolling a factor for this user (the SDK's session carries the user's ID token).
    case enrollment(User)
    /// Answering this challenge (the SDK's session carries the `mfaPendingCredential`).
    case signIn(MFAChallenge, Auth)
  }

  let purpose: Purpose
  /// The factor a phone verification of a sign-in session is for, as the SDK records it.
  var multiFactorInfo: MultiFactorInfo?
  /// The factor each second-factor SMS of a sign-in session was sent for, by verification id.
  var phoneFactors: [String: MFAEnrollment] = [:]

  init(_ purpose: Purpose) { self.purpose = purpose }

  /// The challenge of a sign-in session; nil for an enrolment session.
  var challenge: MFAChallenge? {
    if case .signIn(let challenge, _) = purpose { challenge } else { nil }
  }
}
