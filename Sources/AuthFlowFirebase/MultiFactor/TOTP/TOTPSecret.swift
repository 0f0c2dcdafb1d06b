import AuthFlowEngine
import Foundation

/// The secret of an authenticator app being enrolled, as production answers `mfaEnrollment:start`: base32, for
/// SHA1 codes of 6 digits every 30 seconds. A test reads the code an app would show with
/// ``FirebaseWorld/authenticatorCode(secret:)``.
open class TOTPSecret: NSObject, @unchecked Sendable {
  private let secretKey: String
  /// The enrolment session (`sessionInfo`) the secret belongs to.
  let sessionID: String

  init(start: TOTPEnrollmentStart) {
    secretKey = start.secretKey
    sessionID = start.sessionID
  }

  /// The shared secret, base32: what a user types into an authenticator app that cannot scan a QR code.
  open func sharedSecretKey() -> String { secretKey }

  /// The `otpauth://totp/` URL (Google Authenticator's key URI format) to show as a QR code, spelled as the SDK
  /// spells it: `otpauth://totp/<issuer>:<accountName>?secret=<key>&issuer=<issuer>&algorithm=SHA1&digits=6`,
  /// with nothing percent-encoded.
  open func generateQRCodeURL(withAccountName accountName: String, issuer: String) -> String {
    let label = "\(issuer):\(accountName)"
    let query = ["secret=\(secretKey)", "issuer=\(issuer)", "algorithm=SHA1", "digits=6"]
    return "otpauth://totp/" + label + "?" + query.joined(separator: "&")
  }

  /// Opens the URL in a password manager on a device: a no-op here, as the world has no apps to open. Read the
  /// code the app would show with ``FirebaseWorld/authenticatorCode(secret:)``. Not main-actor isolated, as in
  /// FirebaseAuth 11 (12 isolates it), so completion-handler code off the main actor can call it.
  open func openInOTPApp(withQRCodeURL qrCodeURL: String) {}
}
