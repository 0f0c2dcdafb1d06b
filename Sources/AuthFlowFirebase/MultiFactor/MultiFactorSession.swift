import Foundation

/// The session of a multi-factor enrollment or sign-in. The world does not model multi-factor authentication
/// yet: the type exists so app code that passes one (``PhoneAuthProvider/verifyPhoneNumber(_:uiDelegate:multiFactorSession:)``)
/// compiles; no instance can be made, so it is always nil.
open class MultiFactorSession: NSObject, @unchecked Sendable {
  private override init() {}
}
