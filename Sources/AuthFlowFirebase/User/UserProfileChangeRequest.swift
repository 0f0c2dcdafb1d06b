import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// Changes to a user's display name and photo URL, sent together by ``commitChanges()``. Only the fields you
/// set are sent; setting one to nil deletes it.
open class UserProfileChangeRequest: NSObject, @unchecked Sendable {
  private let user: User
  private var newDisplayName: String??
  private var newPhotoURL: URL??

  init(user: User) { self.user = user }

  /// The new display name.
  open var displayName: String? {
    get { newDisplayName ?? nil }
    set { newDisplayName = .some(newValue) }
  }

  /// The new photo URL.
  open var photoURL: URL? {
    get { newPhotoURL ?? nil }
    set { newPhotoURL = .some(newValue) }
  }

  /// Sends the changes (`update`); the user object shows them once they succeed.
  nonisolated(nonsending) open func commitChanges() async throws {
    try await AsyncMember.run { [self] in try commitNow() }
  }

  /// Sends the changes; see ``commitChanges()``.
  open func commitChanges(completion: ((Error?) -> Void)? = nil) {
    user.complete(completion) { [self] in try commitNow() }
  }

  private func commitNow() throws {
    let displayName = newDisplayName
    let photoURL: String?? = newPhotoURL.map { $0?.absoluteString }
    guard displayName != nil || photoURL != nil else { return }
    try user.perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
      if let displayName, photoURL == nil {
        try client.updateDisplayName(displayName)
      } else {
        try client.updateProfile(displayName: displayName, photoURL: photoURL)
      }
    }
  }
}
