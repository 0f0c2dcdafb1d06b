import AuthFlowLanguage

/// One `sendOobCode` request counted against the send limit.
struct SendRecord {
  var email: String
  var kind: MailKind
  var time: VirtualTime
}
