import Foundation

/// A user as one provider knows it.
public protocol UserInfo: NSObjectProtocol {
  /// The provider's id.
  var providerID: String { get }
  /// The user's id at the provider.
  var uid: String { get }
  /// The user's name.
  var displayName: String? { get }
  /// The URL of the user's photo.
  var photoURL: URL? { get }
  /// The user's email.
  var email: String? { get }
  /// The user's phone number (E.164); set on the `phone` entry of `providerData`.
  var phoneNumber: String? { get }
}
