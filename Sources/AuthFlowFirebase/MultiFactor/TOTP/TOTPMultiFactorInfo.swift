import AuthFlowEngine
import Foundation

/// An authenticator app (TOTP) second factor; internal, as the SDK's is: app code sees a ``MultiFactorInfo``
/// whose ``MultiFactorInfo/factorID`` is ``PhoneMultiFactorInfo/TOTPMultiFactorID``.
final class TOTPMultiFactorInfo: MultiFactorInfo, @unchecked Sendable {
  init(enrollment: MFAEnrollment) {
    super.init(enrollment: enrollment, factorID: PhoneMultiFactorInfo.TOTPMultiFactorID)
  }
}
