import AuthFlowLanguage

/// A one-time code in an emailed link.
struct ActionCode {
  var kind: MailKind
  var uid: String
  var email: String
  var createdAt: VirtualTime
  var used = false
}
