import Foundation

/// One entry of `User.providerData`.
final class ProviderUserInfo: NSObject, UserInfo, @unchecked Sendable {
  let providerID: String
  let uid: String
  let displayName: String?
  let photoURL: URL?
  let email: String?
  let phoneNumber: String?

  init(
    providerID: String, uid: String, displayName: String?, photoURL: URL?, email: String?,
    phoneNumber: String? = nil
  ) {
    self.phoneNumber = phoneNumber
    self.providerID = providerID
    self.uid = uid
    self.displayName = displayName
    self.photoURL = photoURL
    self.email = email
  }
}
