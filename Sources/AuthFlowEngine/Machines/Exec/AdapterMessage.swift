import AuthFlowLanguage

/// A line the adapter sends.
enum AdapterMessage: Equatable {
  case ready(AdapterDescription, AppView)
  case call(id: WireValue, method: String, args: WireValue)
  case done(AppView)
  case fail(message: String)

  static let protocolVersion = 1
  static let types = ["ready", "call", "done", "fail"]

  /// Reads one line; throws what is wrong with it.
  init(parsing line: [UInt8]) throws(AdapterProblem) {
    let value: WireValue
    do {
      value = try WireValue.parse(line)
    } catch {
      throw .malformedLine(excerpt: Self.excerpt(line), reason: "not JSON")
    }
    guard case .object = value else {
      throw .malformedLine(excerpt: Self.excerpt(line), reason: "\(value.typeName), not an object")
    }
    guard let type = value["type"]?.text else {
      throw .malformedLine(excerpt: Self.excerpt(line), reason: "no string 'type'")
    }
    switch type {
    case "ready": self = .ready(try Self.description(value), try Self.view(value, type: type))
    case "done": self = .done(try Self.view(value, type: type))
    case "call":
      guard let method = value["method"]?.text else {
        throw .badMessage(type: type, problem: "without a string 'method'")
      }
      guard let id = value["id"], id.scalarText != nil else {
        throw .badMessage(type: type, problem: "without a number or string 'id'")
      }
      let args = value["args"] ?? .object([])
      guard case .object = args else {
        throw .badMessage(type: type, problem: "whose 'args' is \(args.typeName), not an object")
      }
      self = .call(id: id, method: method, args: args)
    case "fail": self = .fail(message: value["message"]?.scalarText ?? "(no message)")
    default: throw .unknownMessageType(type: type)
    }
  }

  var type: String {
    switch self {
    case .ready: "ready"
    case .call: "call"
    case .done: "done"
    case .fail: "fail"
    }
  }

  /// The start of a bad line, for the message (the failure's text is scrubbed of passwords later).
  static func excerpt(_ line: [UInt8]) -> String {
    let text = String(decoding: line.prefix(120), as: UTF8.self)
    return "«\(text)\(line.count > 120 ? "…" : "")»"
  }

  private static func view(_ value: WireValue, type: String) throws(AdapterProblem) -> AppView {
    let states = AuthState.allCases.map(\.rawValue)
    guard let stateName = value["state"]?.text, let state = AuthState(rawValue: stateName) else {
      let found = value["state"].map { $0.text.map { "'\($0)'" } ?? $0.typeName } ?? "none"
      throw .badMessage(
        type: type, problem: "whose 'state' is \(found); it must be one of \(states.joined(separator: ", "))")
    }
    guard let screen = value["screen"]?.text, !screen.isEmpty else {
      throw .badMessage(type: type, problem: "without a non-empty string 'screen'")
    }
    var error: AuthErrorCode?
    switch value["error"] {
    case nil, .null?: error = nil
    case .string(let code)?:
      let trimmed = code.hasPrefix("auth/") ? String(code.dropFirst(5)) : code
      error = trimmed.isEmpty || trimmed == "none" ? nil : AuthErrorCode(rawValue: trimmed)
    case let other?:
      throw .badMessage(type: type, problem: "whose 'error' is \(other.typeName), not a string or null")
    }
    var ui: [String: String] = [:]
    switch value["ui"] {
    case nil, .null?: break
    case .object(let members)?:
      for member in members where !member.value.isNull {
        guard let text = member.value.scalarText else {
          throw .badMessage(type: type, problem: "whose ui value '\(member.key)' is \(member.value.typeName)")
        }
        ui[member.key] = text
      }
    case let other?: throw .badMessage(type: type, problem: "whose 'ui' is \(other.typeName), not an object")
    }
    return AppView(state: state, screen: screen, error: error, ui: ui)
  }

  private static func description(_ value: WireValue) throws(AdapterProblem) -> AdapterDescription {
    guard let version = value["protocol"]?.scalarText else {
      throw .badMessage(
        type: "ready", problem: "without 'protocol' (this authflow speaks \(protocolVersion))")
    }
    guard version == String(protocolVersion) else { throw .protocolMismatch(theirs: version) }
    let actionNames = ActionKind.deviceActions.map(\.rawValue)
    var actions: [ActionKind] = []
    for name in try strings(value, "actions", required: true) {
      guard let kind = ActionKind(rawValue: name), kind.isDeviceAction else {
        throw .badMessage(
          type: "ready",
          problem:
            "naming an unknown action '\(name)' in 'actions'\(Suggestion.didYouMean(name, in: actionNames)); "
            + "device actions: \(actionNames.joined(separator: ", "))")
      }
      if !actions.contains(kind) { actions.append(kind) }
    }
    var providers: [ProviderID]?
    if let value = value["providers"], !value.isNull {
      let known = ProviderID.identityProviders.map(\.rawValue)
      providers = try strings(value, nil, required: true).map { (name: String) throws(AdapterProblem) in
        guard known.contains(name) else {
          throw .badMessage(
            type: "ready",
            problem:
              "naming an unknown provider '\(name)' in 'providers'\(Suggestion.didYouMean(name, in: known))")
        }
        return ProviderID(rawValue: name)
      }
    }
    var opensLinks = false
    if let flag = value["opens_links"], !flag.isNull {
      guard case .bool(let opens) = flag else {
        throw .badMessage(
          type: "ready", problem: "whose 'opens_links' is \(flag.typeName), not true or false")
      }
      opensLinks = opens
    }
    var description = AdapterDescription(
      name: value["name"]?.text ?? "adapter", summary: value["summary"]?.text, actions: actions.sorted(),
      providers: providers, screens: try strings(value, "screens", required: false),
      tapTargets: try strings(value, "tap_targets", required: false),
      typeFields: try strings(value, "type_fields", required: false),
      secretFields: try strings(value, "secret_fields", required: false))
    description.opensLinks = opensLinks
    return description
  }

  /// `value[key]` (or `value` itself when `key` is nil) as a list of strings.
  private static func strings(_ value: WireValue, _ key: String?, required: Bool) throws(AdapterProblem)
    -> [String]
  {
    let field = key.map { value[$0] } ?? value
    let label = key ?? "providers"
    guard let field, !field.isNull else {
      if required { throw .badMessage(type: "ready", problem: "without a list '\(label)'") }
      return []
    }
    guard case .array(let items) = field else {
      throw .badMessage(
        type: "ready", problem: "whose '\(label)' is \(field.typeName), not a list of strings")
    }
    var names: [String] = []
    for item in items {
      guard let name = item.text else {
        throw .badMessage(type: "ready", problem: "whose '\(label)' holds \(item.typeName), not only strings")
      }
      names.append(name)
    }
    return names
  }
}
