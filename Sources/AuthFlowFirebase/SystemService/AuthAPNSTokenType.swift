import Foundation

/// The APNs environment a device token belongs to, as ``Auth/setAPNSToken(_:type:)`` takes it.
public enum AuthAPNSTokenType: Int, Sendable {
  /// Read from the app's provisioning profile.
  case unknown
  /// The development (sandbox) environment.
  case sandbox
  /// The production environment.
  case prod
}
