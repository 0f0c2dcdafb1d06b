import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// Phone sign-in, as FirebaseAuth offers it: ask for an SMS code to a number, then make a credential from the
/// verification id and the code the user typed, and sign in, link, re-authenticate or update the number with it.
///
/// The world sends the SMS to its outbox (read it in a test with ``FirebaseWorld/newestSMS(to:)``); numbers in
/// the backend's `testPhoneNumbers` get no SMS and take their fixed code. No app verification happens: no
/// reCAPTCHA, no silent push, no UI, so `uiDelegate` is accepted and never used.
open class PhoneAuthProvider: NSObject, @unchecked Sendable {
  /// `phone`.
  public static let id = "phone"

  private let auth: Auth

  init(auth: Auth) { self.auth = auth }

  /// The provider for ``Auth/auth()``'s instance.
  open class func provider() -> PhoneAuthProvider { PhoneAuthProvider(auth: Auth.auth()) }

  /// The provider for a given ``Auth`` instance.
  open class func provider(auth: Auth) -> PhoneAuthProvider { PhoneAuthProvider(auth: auth) }

  /// Sends an SMS code to `phoneNumber` (E.164) and returns the verification id to keep until the user types
  /// the code. An empty number is `missingPhoneNumber`, one that is not E.164 `invalidPhoneNumber`, more than
  /// the backend's send limit to one number `tooManyRequests`; a disabled phone provider is
  /// `operationNotAllowed`.
  ///
  /// `uiDelegate` is never used (the world verifies no app). `multiFactorSession` is accepted and ignored: the
  /// world does not model multi-factor authentication yet, and no ``MultiFactorSession`` can be obtained.
  open func verifyPhoneNumber(
    _ phoneNumber: String, uiDelegate: AuthUIDelegate? = nil, multiFactorSession: MultiFactorSession? = nil
  ) async throws -> String {
    try verifyNow(phoneNumber)
  }

  /// Sends an SMS code; see ``verifyPhoneNumber(_:uiDelegate:multiFactorSession:)``.
  open func verifyPhoneNumber(
    _ phoneNumber: String, uiDelegate: AuthUIDelegate? = nil, completion: ((String?, Error?) -> Void)?
  ) {
    auth.complete(completion) { try verifyNow(phoneNumber) }
  }

  /// Sends an SMS code; see ``verifyPhoneNumber(_:uiDelegate:multiFactorSession:)``.
  open func verifyPhoneNumber(
    _ phoneNumber: String, uiDelegate: AuthUIDelegate? = nil, multiFactorSession: MultiFactorSession? = nil,
    completion: ((String?, Error?) -> Void)?
  ) {
    auth.complete(completion) { try verifyNow(phoneNumber) }
  }

  private func verifyNow(_ phoneNumber: String) throws -> String {
    guard !phoneNumber.isEmpty else { throw AuthErrorUtils.error(.missingPhoneNumber) }
    let auth = auth
    return try auth.perform { () throws(AuthFlowLanguage.AuthErrorCode) in
      try auth.client.verifyPhoneNumber(phoneNumber)
    }
  }

  /// A credential from the verification id ``verifyPhoneNumber(_:uiDelegate:multiFactorSession:)`` returned
  /// and the code the user typed. Nothing is checked until it is used.
  open func credential(withVerificationID verificationID: String, verificationCode: String)
    -> PhoneAuthCredential
  {
    PhoneAuthCredential(verificationID: verificationID, verificationCode: verificationCode)
  }
}
