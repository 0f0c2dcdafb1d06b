import AuthFlowLanguage

/// A one-time code in an emailed link.
struct ActionCode {
  var kind: MailKind
  /// The account it was issued for; nil for a sign-in link to an address without an account.
  var uid: String?
  /// The account's email when the code was issued; the code is void once the email changes.
  var email: String
  /// For an email change (`verify_and_change_email`) or its revert (`recover_email`): the email the account
  /// gets when the code is applied.
  var changeTo: String? = nil
  var createdAt: VirtualTime
  var used = false
  /// Where the app asked the link to lead after the code is handled (`ActionCodeSettings.url`, REST
  /// `continueUrl`), which the email's link carries; nil when it asked for none.
  var continueURL: String? = nil
}
