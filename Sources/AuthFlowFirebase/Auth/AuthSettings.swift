import Foundation

/// Settings of an `Auth` instance.
open class AuthSettings: NSObject, NSCopying, @unchecked Sendable {
  /// Whether app verification (reCAPTCHA, APNs) is skipped; the world never verifies apps.
  open var isAppVerificationDisabledForTesting = false

  /// A copy of the settings.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = AuthSettings()
    copy.isAppVerificationDisabledForTesting = isAppVerificationDisabledForTesting
    return copy
  }
}
