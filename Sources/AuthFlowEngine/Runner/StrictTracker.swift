import AuthFlowLanguage

/// Exhaustive mode (`strict: true` or `--strict`), after TCA's TestStore: every email and SMS the backend sends
/// and every error an app shows must be checked by an expectation before the next action (and by the end of the
/// scenario). A `mail` expectation checks the emails of its kind to its address sent so far, an `sms`
/// expectation the messages to its number sent so far; an `error` expectation checks the error its device shows.
struct StrictTracker {
  private struct Email {
    var to: String
    var kind: MailKind
    var step: Int
  }

  /// Emails no expectation has checked yet, oldest first.
  private var emails: [Email] = []
  /// How many outbox emails have been seen.
  private var seenEmails = 0
  /// SMS messages no expectation has checked yet, oldest first: their number and the step that sent them.
  private var texts: [(to: String, step: Int)] = []
  /// How many SMS messages have been seen.
  private var seenTexts = 0
  /// Per device (in scenario order): the error it shows that no expectation checked, and the step it appeared.
  private var errors: [(code: AuthErrorCode, step: Int)?]
  /// Per device: the error it showed after the previous step.
  private var shown: [AuthErrorCode?]

  init(devices: Int) {
    errors = Array(repeating: nil, count: devices)
    shown = Array(repeating: nil, count: devices)
  }

  /// Notes the emails sent and errors shown by a step's action.
  mutating func noteAfter(
    _ action: Action, on actor: Device, devices: [Device], outbox: Outbox, texts sms: SMSOutbox, step: Int
  ) {
    for email in outbox.emails[seenEmails...] {
      emails.append(Email(to: email.to, kind: email.kind, step: step))
    }
    seenEmails = outbox.emails.count
    for message in sms.messages[seenTexts...] { texts.append((message.to, step)) }
    seenTexts = sms.messages.count
    for (index, device) in devices.enumerated() where index < errors.count {
      let error = device.machine?.error
      defer { shown[index] = error }
      guard let error else {
        errors[index] = nil
        continue
      }
      // A device action clears the error first, so an error after it is new even when it is the same code.
      let acted = action.kind.isDeviceAction && device === actor
      if acted || error != shown[index] { errors[index] = (error, step) }
    }
  }

  /// An expectation that passed checks what it names.
  mutating func noteChecked(_ expectation: Expectation, on device: Device, devices: [Device]) {
    switch expectation.check {
    case .mail(let mail):
      let to = mail.to.lowercased()
      emails.removeAll { $0.to == to && $0.kind == mail.kind }
    case .sms(let sms):
      texts.removeAll { $0.to == sms.to }
    case .error:
      if let index = devices.firstIndex(where: { $0 === device }), index < errors.count {
        errors[index] = nil
      }
    default:
      break
    }
  }

  /// What is still unchecked, described for the failure message.
  func unchecked(devices: [Device]) -> [String] {
    var items = emails.map { "\($0.kind.rawValue) email to \($0.to) (sent at step \($0.step))" }
    items += texts.map { "SMS to \($0.to) (sent at step \($0.step))" }
    for (index, error) in errors.enumerated() {
      guard let error, index < devices.count else { continue }
      items.append("error \(error.code) on \(devices[index].name) (shown at step \(error.step))")
    }
    return items
  }
}
