import Foundation

/// What `checkActionCode` reports about a code.
open class ActionCodeInfo: NSObject, @unchecked Sendable {
  /// What the code is for.
  public let operation: ActionCodeOperation
  /// The email the code was sent to.
  public let email: String
  /// The previous email, for email changes; nil, as the world does not model them.
  public let previousEmail: String?

  init(operation: ActionCodeOperation, email: String) {
    self.operation = operation
    self.email = email
    self.previousEmail = nil
  }
}
