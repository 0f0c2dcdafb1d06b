import Foundation

/// One entry of `User.providerData`.
final class ProviderUserInfo: NSObject, UserInfo, @unchecked Sendable {
  let providerID: String
  let uid: String
  let displayName: String?
  let photoURL: URL?
  let email: String?
  let phoneNumber: String? = nil

  init(providerID: String, uid: String, displayName: String?, photoURL: URL?, email: String?) {
    self.providerID = providerID
    self.uid = uid
    self.displayName = displayName
    self.photoURL = photoURL
    self.email = email
  }
}
