import Foundation

/// What `checkActionCode` reports about a code.
open class ActionCodeInfo: NSObject, @unchecked Sendable {
  /// What the code is for.
  public let operation: ActionCodeOperation
  /// The email the code is about: for an email change, the email the account gets; for a recover code, the
  /// account's email now (the one the revert takes away).
  public let email: String
  /// For an email change, the account's email before it; for a recover code, the email being recovered;
  /// otherwise nil.
  public let previousEmail: String?

  /// As the SDK builds it from `resetPassword`'s answer: with a `newEmail`, that is `email` and the answer's
  /// `email` is `previousEmail`.
  init(operation: ActionCodeOperation, email: String, newEmail: String? = nil) {
    self.operation = operation
    self.email = newEmail ?? email
    self.previousEmail = newEmail == nil ? nil : email
  }
}
