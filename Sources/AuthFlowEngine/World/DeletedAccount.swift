import AuthFlowLanguage

/// A deleted account, remembered so that a session for it can be told apart from one issued before.
struct DeletedAccount {
  var email: String?
  /// ``Backend/tokenSerial`` when it was deleted: every ID token of the account numbered above it was
  /// minted after the deletion.
  var tokenSerial: Int
}
