import Foundation

/// A credential for the `phone` provider: the verification id ``PhoneAuthProvider/verifyPhoneNumber(_:uiDelegate:multiFactorSession:)``
/// returned and the code the user typed, made with ``PhoneAuthProvider/credential(withVerificationID:verificationCode:)``;
/// or, inside a `credentialAlreadyInUse` error (``AuthErrors/userInfoUpdatedCredentialKey``), the number and the
/// temporary proof that sign in to the account that has it.
open class PhoneAuthCredential: AuthCredential, NSSecureCoding, @unchecked Sendable {
  init(verificationID: String, verificationCode: String) {
    super.init(
      provider: PhoneAuthProvider.id, content: .phone(verificationID: verificationID, code: verificationCode))
  }

  init(phoneNumber: String, temporaryProof: String) {
    super.init(
      provider: PhoneAuthProvider.id, content: .phoneProof(number: phoneNumber, proof: temporaryProof))
  }

  // MARK: - Secure coding

  /// `true`: the credential archives with `NSSecureCoding`, as the SDK's does.
  public static var supportsSecureCoding: Bool { true }

  /// Archives the verification id and code, or the number and temporary proof.
  public func encode(with coder: NSCoder) {
    switch content {
    case .phone(let verificationID, let code):
      coder.encode(verificationID, forKey: "verificationID")
      coder.encode(code, forKey: "verificationCode")
    case .phoneProof(let number, let proof):
      coder.encode(number, forKey: "phoneNumber")
      coder.encode(proof, forKey: "temporaryProof")
    default:
      break
    }
  }

  /// Unarchives a credential ``encode(with:)`` archived; nil when the archive holds neither form.
  public required init?(coder: NSCoder) {
    if let id = coder.decodeObject(of: NSString.self, forKey: "verificationID"),
      let code = coder.decodeObject(of: NSString.self, forKey: "verificationCode")
    {
      super.init(
        provider: PhoneAuthProvider.id, content: .phone(verificationID: id as String, code: code as String))
    } else if let number = coder.decodeObject(of: NSString.self, forKey: "phoneNumber"),
      let proof = coder.decodeObject(of: NSString.self, forKey: "temporaryProof")
    {
      super.init(
        provider: PhoneAuthProvider.id, content: .phoneProof(number: number as String, proof: proof as String)
      )
    } else {
      return nil
    }
  }
}
