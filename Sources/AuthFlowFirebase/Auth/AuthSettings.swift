import Foundation

/// Settings of an `Auth` instance.
open class AuthSettings: NSObject, NSCopying, @unchecked Sendable {
  /// Whether app verification (reCAPTCHA, APNs) is skipped; the world never verifies apps.
  open var appVerificationDisabledForTesting = false

  /// ``appVerificationDisabledForTesting``, under its other name.
  open var isAppVerificationDisabledForTesting: Bool {
    get { appVerificationDisabledForTesting }
    set { appVerificationDisabledForTesting = newValue }
  }

  /// A copy of the settings.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = AuthSettings()
    copy.appVerificationDisabledForTesting = appVerificationDisabledForTesting
    return copy
  }
}
