import AuthFlowEngine
import AuthFlowLanguage

/// What a user, or a scenario, can see after a step: each running device's state, screen, error and `ui`
/// values, and the emails sent. `explore --against` plays each walk on two machines and compares these after
/// every step.
struct Observation: Equatable {
  /// One device as its user sees it.
  struct Screen: Equatable {
    var device: String
    var state: AuthState
    var screen: String
    var error: AuthErrorCode?
    var ui: [String: String]
  }

  /// One email: its kind and address.
  struct Mail: Hashable {
    var kind: MailKind
    var to: String
  }

  var screens: [Screen]
  var emails: [Mail]

  /// What `run` shows now.
  init(_ run: Run) {
    screens = run.devices.compactMap { device in
      guard let machine = device.machine else { return nil }
      return Screen(
        device: device.name, state: machine.state, screen: machine.screen, error: machine.error,
        ui: machine.ui)
    }
    emails = run.world.outbox.emails.map { Mail(kind: $0.kind, to: $0.to) }
  }

  /// What two machines' observations can be compared in, so that each difference found is one a scenario for the
  /// explored machine can check (what `lint` checks against it): screens only when both machines name the same
  /// screens (or the explored one names none), and `ui` values only those the explored machine names (every
  /// one when it names none). Two apps that name their screens differently still compare their states, errors,
  /// `ui` values and emails.
  struct Scope {
    var screens: Bool
    /// The `ui` names compared; nil for every one.
    var uiNames: Set<String>?

    init(_ machine: MachineDescriptor, against reference: MachineDescriptor) {
      screens = machine.screens.isEmpty || Set(machine.screens) == Set(reference.screens)
      uiNames = machine.uiNames.isEmpty ? nil : Set(machine.uiNames)
    }
  }

  /// How this differs from `reference` within `scope`, first difference first, as checks that hold on the
  /// reference (with the device each is about) and a sentence; nil when nothing differs.
  func difference(from reference: Observation, in scope: Scope) -> (
    device: String?, checks: [Expectation.Check], message: String
  )? {
    for expected in reference.screens {
      guard let found = screens.first(where: { $0.device == expected.device }) else {
        return (nil, [], "\(expected.device) is running on the reference only")
      }
      var checks: [Expectation.Check] = []
      var words: [String] = []
      if found.state != expected.state {
        checks.append(.state(expected.state))
        words.append("state \(found.state) (reference: \(expected.state))")
      }
      if scope.screens, found.screen != expected.screen {
        checks.append(.screen(expected.screen))
        words.append("screen \(found.screen) (reference: \(expected.screen))")
      }
      if found.error != expected.error {
        checks.append(.error(expected.error))
        words.append(
          "error \(found.error?.rawValue ?? "none") (reference: \(expected.error?.rawValue ?? "none"))")
      }
      for name in expected.ui.keys.sorted()
      where found.ui[name] != expected.ui[name] && scope.uiNames.map({ $0.contains(name) }) ?? true {
        let value = expected.ui[name] ?? ""
        checks.append(.ui(name: name, value: value))
        words.append("ui.\(name) \(found.ui[name] ?? "(not shown)") (reference: \(value))")
      }
      if !words.isEmpty {
        return (expected.device, checks, "on \(expected.device): " + words.joined(separator: ", "))
      }
    }
    if emails != reference.emails {
      let mails = Set(emails).union(reference.emails).sorted {
        ($0.to, $0.kind.rawValue) < ($1.to, $1.kind.rawValue)
      }
      for mail in mails {
        let (found, expected) = (
          emails.filter { $0 == mail }.count, reference.emails.filter { $0 == mail }.count
        )
        guard found != expected else { continue }
        let check = Expectation.Check.mail(MailExpectation(to: mail.to, kind: mail.kind, count: expected))
        return (
          nil, [check], "\(found) \(mail.kind.rawValue) email(s) to \(mail.to) (reference: \(expected))"
        )
      }
    }
    return nil
  }
}
