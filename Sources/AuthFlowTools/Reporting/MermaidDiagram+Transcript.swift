import AuthFlowEngine
import AuthFlowLanguage

extension MermaidDiagram {
  /// The diagram of a transcript, read entry by entry.
  ///
  /// The backend writes what it did before the client writes the call's result, so the backend's and outbox's
  /// entries wait for the next call and are drawn between its request and its answer.
  init(transcript: [TranscriptEntry]) {
    self.init()
    var pending: [TranscriptEntry] = []
    func flush(into diagram: inout MermaidDiagram) {
      for entry in pending { diagram.append(Self.backendMessage(entry)) }
      pending.removeAll()
    }
    for entry in transcript {
      let role = Role(entry.actor)
      if role == .backend || role == .outbox, !Self.isStepOrNote(entry.text) {
        pending.append(entry)
        continue
      }
      if role == .device || role == .browser, let call = Call(entry.text) {
        if call.offline {
          flush(into: &self)
          append(.arrow(from: entry.actor, to: "backend", .lost, entry.text))
          continue
        }
        append(.arrow(from: entry.actor, to: "backend", .request, call.request))
        flush(into: &self)
        append(.arrow(from: "backend", to: entry.actor, .response, call.result))
        continue
      }
      flush(into: &self)
      for message in Self.messages(entry, role: role) { append(message) }
    }
    flush(into: &self)
  }

  private static func isStepOrNote(_ text: String) -> Bool {
    text.hasPrefix("step ") || text.hasPrefix("note: ")
  }

  /// What an entry other than a call draws.
  private static func messages(_ entry: TranscriptEntry, role: Role) -> [Message] {
    let text = entry.text
    // A failed check spans the diagram whoever wrote it: the runner writes a step's checks under the device
    // they are about, and a long diagram's window is centred on the last one.
    if text.hasPrefix("✗") { return [.noteAcross(text)] }
    switch role {
    case .harness:
      // The scenario line and passed checks are left out; a failed check or an error spans the diagram.
      return text.hasPrefix("✗") || entry.actor == "authflow" ? [.noteAcross(text)] : []
    case .identityProvider:
      guard let sheet = Sheet(text) else { return [.note(over: entry.actor, text)] }
      return [
        .arrow(from: sheet.device, to: entry.actor, .request, "sign-in sheet"),
        .arrow(from: entry.actor, to: sheet.device, .response, sheet.outcome),
      ]
    case .admin where !isStepOrNote(text):
      return [.arrow(from: entry.actor, to: "backend", .request, text)]
    case .device, .browser, .backend, .outbox, .admin, .clock:
      return text.hasPrefix("✓") ? [] : [.note(over: entry.actor, text)]
    }
  }

  /// A backend entry as a note over the backend; an email as an arrow to the outbox, without its link.
  private static func backendMessage(_ entry: TranscriptEntry) -> Message {
    guard entry.actor == "outbox" else { return .note(over: entry.actor, entry.text) }
    guard let link = entry.text.firstRange(of: ": http") else {
      return .arrow(from: "backend", to: "outbox", .request, entry.text)
    }
    var label = String(entry.text[..<link.lowerBound])
    if let code = entry.text.firstRange(of: "oobCode=") {
      let value = entry.text[code.upperBound...].prefix { $0 != "&" }
      if !value.isEmpty { label += " (code \(value))" }
    }
    return .arrow(from: "backend", to: "outbox", .request, label)
  }
}

/// An auth-client call as the client writes it: `signUp(a@example.com, ‹password 1›) → ok`, `reload → ok`,
/// `applyOobCode(AbC123…) → expired-action-code: the page shows the error`.
private struct Call {
  var request: String
  var result: String
  /// The device was offline: the call never reached the backend.
  var offline: Bool

  init?(_ text: String) {
    guard let arrow = text.firstRange(of: " → ") else { return nil }
    let request = text[..<arrow.lowerBound]
    let name = request.prefix { $0 != "(" }
    guard let first = name.first, first.isLetter,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
      name.count == request.count || request.hasSuffix(")")
    else { return nil }
    self.request = String(request)
    result = String(text[arrow.upperBound...])
    offline = result.hasSuffix("(offline)")
  }
}

/// An identity provider's sheet: `sheet on phone: bob@gmail.com → success`.
private struct Sheet {
  var device: String
  var outcome: String

  init?(_ text: String) {
    guard text.hasPrefix("sheet on "), let colon = text.firstRange(of: ": ") else { return nil }
    device = String(text[text.index(text.startIndex, offsetBy: 9)..<colon.lowerBound])
    outcome = String(text[colon.upperBound...])
    guard !device.isEmpty else { return nil }
  }
}
