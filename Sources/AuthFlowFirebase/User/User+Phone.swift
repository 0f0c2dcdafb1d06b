import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// The user's phone number: linking, re-authenticating with and changing it.
extension User {
  /// Replaces the user's phone number with the one a ``PhoneAuthCredential`` verified (or gives the user a
  /// first one; a guest stops being anonymous and keeps its uid). Needs a sign-in at most 5 minutes old
  /// (`requiresRecentLogin`, before the code is checked, so the same code works after re-authenticating); a
  /// number another account has is `credentialAlreadyInUse`, with the credential that signs in to that account
  /// under ``AuthErrors/userInfoUpdatedCredentialKey``. The session stays.
  nonisolated(nonsending) public func updatePhoneNumber(_ credential: PhoneAuthCredential) async throws {
    try await AsyncMember.run { [self] in try updatePhoneNumberNow(credential) }
  }

  /// Replaces the user's phone number; see ``updatePhoneNumber(_:)``.
  public func updatePhoneNumber(_ credential: PhoneAuthCredential, completion: ((Error?) -> Void)? = nil) {
    complete(completion) { [self] in try updatePhoneNumberNow(credential) }
  }

  private func updatePhoneNumberNow(_ credential: PhoneAuthCredential) throws {
    guard let auth else { throw AuthErrorUtils.error(.nullUser) }
    let (verificationID, code) = try Self.verification(in: credential)
    try perform(
      { (client) throws(AuthFlowLanguage.AuthErrorCode) in
        _ = try client.updatePhoneNumber(verificationID: verificationID, code: code)
      }, userInfo: { error in Self.numberInUseInfo(error, verificationID: verificationID, auth: auth) })
  }

  /// Links the number a ``PhoneAuthCredential`` verified (``link(with:)``). A user who already has a number is
  /// `providerAlreadyLinked`; a number another account has is `credentialAlreadyInUse`, with the credential that
  /// signs in to that account under ``AuthErrors/userInfoUpdatedCredentialKey``. As in the SDK the result has no
  /// `additionalUserInfo`.
  func linkNow(withPhone credential: AuthCredential, auth: Auth) throws -> AuthDataResult {
    let (verificationID, code) = try Self.verification(in: credential)
    try perform(
      { (client) throws(AuthFlowLanguage.AuthErrorCode) in
        _ = try client.linkPhone(verificationID: verificationID, code: code)
      }, userInfo: { error in Self.numberInUseInfo(error, verificationID: verificationID, auth: auth) })
    return AuthDataResult(user: try auth.signedInUser(), additionalUserInfo: nil)
  }

  /// Re-authenticates with a ``PhoneAuthCredential`` (``reauthenticate(with:)``): the number must be the
  /// user's (`userMismatch`; `userNotFound` when no account has it). A temporary proof from an error cannot
  /// re-authenticate here (`operationNotAllowed`).
  func reauthenticateNow(withPhone credential: AuthCredential, auth: Auth) throws -> AuthDataResult {
    guard case .phone(let verificationID, let code) = credential.content else {
      throw AuthErrorUtils.unsupported("Re-authenticating with a temporary proof")
    }
    try Auth.checkPhoneVerification(verificationID: verificationID, code: code)
    try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
      try client.reauthenticatePhone(verificationID: verificationID, code: code)
    }
    return try reauthenticated(in: auth, providerID: PhoneAuthProvider.id)
  }

  /// The verification id and code of a credential to link or update with. A credential holding a temporary
  /// proof cannot (the SDK stops the app there): `missingVerificationCode`.
  private static func verification(in credential: AuthCredential) throws -> (String, String) {
    guard case .phone(let verificationID, let code) = credential.content else {
      throw AuthErrorUtils.error(.missingVerificationCode)
    }
    return (verificationID, code)
  }

  /// The `userInfo` of `credentialAlreadyInUse` for a number: the credential that signs in to its account.
  private static func numberInUseInfo(
    _ code: AuthFlowLanguage.AuthErrorCode, verificationID: String, auth: Auth
  ) -> [String: Any] {
    guard code == .credentialAlreadyInUse,
      let proof = auth.client.phoneTemporaryProof(verificationID: verificationID)
    else { return [:] }
    return [
      AuthErrors.userInfoUpdatedCredentialKey: PhoneAuthCredential(
        phoneNumber: proof.number, temporaryProof: proof.proof)
    ]
  }
}
