import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension Auth {
  /// Signs in with a ``PhoneAuthCredential`` (from ``signIn(with:)``): the account with the verified number, or
  /// a new one with only the number. The SDK's own checks come first: an empty verification id is
  /// `missingVerificationID`, an empty code `missingVerificationCode`; then the world's (`invalidVerificationID`,
  /// `sessionExpired`, `invalidVerificationCode`, …).
  func signInNow(withPhone credential: AuthCredential) throws -> AuthDataResult {
    let isNewUser: Bool
    switch credential.content {
    case .phone(let verificationID, let code):
      try Self.checkPhoneVerification(verificationID: verificationID, code: code)
      isNewUser = try perform { () throws(AuthFlowLanguage.AuthErrorCode) in
        try client.signIn(verificationID: verificationID, code: code).isNewUser
      }
    case .phoneProof(let number, let proof):
      isNewUser = try perform { () throws(AuthFlowLanguage.AuthErrorCode) in
        try client.signIn(phoneNumber: number, temporaryProof: proof).isNewUser
      }
    default:
      throw AuthErrorUtils.error(AuthFlowLanguage.AuthErrorCode.invalidCredential)
    }
    return AuthDataResult(
      user: try signedInUser(),
      additionalUserInfo: AdditionalUserInfo(
        providerID: PhoneAuthProvider.id, profile: nil, username: nil, isNewUser: isNewUser))
  }

  /// What the SDK checks before sending a phone sign-in or re-authentication.
  static func checkPhoneVerification(verificationID: String, code: String) throws {
    guard !verificationID.isEmpty else { throw AuthErrorUtils.error(.missingVerificationID) }
    guard !code.isEmpty else { throw AuthErrorUtils.error(.missingVerificationCode) }
  }
}
