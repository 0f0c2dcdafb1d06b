import Foundation

/// When an account was created and last signed in to.
open class UserMetadata: NSObject, @unchecked Sendable {
  /// The last sign-in, as the client last fetched it.
  public let lastSignInDate: Date?
  /// The account's creation.
  public let creationDate: Date?

  init(creationDate: Date?, lastSignInDate: Date?) {
    self.creationDate = creationDate
    self.lastSignInDate = lastSignInDate
  }
}
