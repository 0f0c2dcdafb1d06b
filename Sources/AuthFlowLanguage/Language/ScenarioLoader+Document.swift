extension ScenarioLoader {
  /// One YAML document being read into a `Scenario`: what has been learnt so far (variables, devices,
  /// given accounts) that later keys are checked against, and every problem found.
  struct Document {
    /// The file being read: the scenario's, or while a flow is read, the flow file's.
    var file: String
    let machineNames: [String]
    /// Whether `use:` may read flow files: only for a scenario read from a file.
    var readsFlows = false
    /// Whether only the scenario's world is read (``ScenarioLoader/readsWorldOnly``).
    var readsWorldOnly = false
    /// The flows being read, outermost first, each with where its `use:` is.
    var flowStack: [(path: String, usedAt: SourceLocation)] = []
    /// Steps made so far, flows expanded, against ``ScenarioLoader/maximumSteps``.
    var expandedSteps = 0
    /// Each flow file read so far, parsed once however often it is used (nil: it could not be read).
    var flowFiles: [String: YAMLNode?] = [:]
    /// One combination of a `matrix:`: each variable's value, and the machine, when it names machines.
    var combination: (values: [(name: String, value: String)], machine: String?)?
    /// The problems kept (see `ScenarioLoader.maximumProblems`).
    var problems: [Located<LoadProblem>] = []
    /// Every problem found, kept or not.
    var problemCount = 0
    /// What the file may still cost, carried from one document to the next.
    var budget: LoadBudget
    /// Where the keys asked of each mapping are noted, when a test asks (``ScenarioLoader/keyReads``).
    var keyReads: KeyReads?

    /// Whether `${name}` is replaced in the strings being read (in `given` and `steps`).
    var substitutesVariables = false
    var variableNames = OrderedNames()
    var variables: [String: String] = [:]
    /// False when `vars` could not be read, so an unknown `${name}` is not reported again.
    var variablesKnown = true

    var devices = OrderedNames(["phone"])
    /// False when `devices` could not be read, so device names are not checked against it.
    var devicesKnown = true
    /// Given accounts' emails (lowercased), and those of disabled ones.
    var accountEmails = OrderedNames()
    var disabledAccounts: Set<String> = []
    /// Given accounts' ids (`given.accounts[].id`), and the disabled ones among them.
    var accountIDs = OrderedNames()
    var accountsKnown = true
    /// The emails of each provider's IdP accounts: listed in `identity_providers`, or implied by an
    /// account's `providers`.
    var identityProviderEmails: [ProviderID: OrderedNames] = [:]
    var identityProvidersKnown = true

    /// Every password the document gives, in order of first appearance.
    var passwords = OrderedNames()
    /// Every password and typed value, in order of first appearance (see `Scenario.secretMentions`).
    var mentions: [Scenario.SecretMention] = []
    var mentioned: Set<Scenario.SecretMention> = []
    /// What diagnostics hide besides the passwords: every typed value (whatever machine runs the scenario may
    /// declare its field secret), and what was written where a password belongs but could not be read.
    var hiddenInDiagnostics = OrderedNames()
    /// The scenarios of this document as far as they loaded, when it has problems (see `LoadResult.partial`).
    var partial: [Scenario] = []
    /// The steps of a `steps:` with problems, as far as they loaded (with what loaded of the steps that have
    /// problems), for `partial`.
    var partialSteps: [Step] = []
    /// What loaded of the last step read, when it has problems.
    var halfRead: Step?

    init(file: String, machineNames: [String], budget: LoadBudget, keyReads: KeyReads? = nil) {
      self.file = file
      self.machineNames = machineNames
      self.budget = budget
      self.keyReads = keyReads
    }

    /// The scenario in `root`, or nil when the document has any problem.
    mutating func load(_ root: YAMLNode) -> Scenario? {
      guard case .mapping = root else {
        report(.documentNotMapping(found: Self.found(root)), at: root)
        return nil
      }
      if let version = Self.value(of: "version", in: root), !versionIsSupported(version) { return nil }
      let shape = ScenarioLanguage.scenario
      guard
        let fields = fields(
          root, key: "scenario", context: "scenario", allowed: shape.keys,
          required: readsWorldOnly ? [] : shape.required, shapeName: shape.name)
      else { return nil }

      var scenario = Scenario(name: "", file: file, location: location(root), steps: [])
      // `${var}` works in every string of a scenario (SPEC §11), `vars` itself excepted, and an undefined one
      // is an error wherever it is written (SPEC §8): a typo in a name or a tag would otherwise pass unseen.
      if let vars = fields["vars"], let read = ScenarioKeySyntax.vars.read { read(&self, vars, &scenario) }
      for (name, value) in combination?.values ?? [] {
        variables[name] = value
        variableNames.insert(name)
      }
      substitutesVariables = true
      defer { substitutesVariables = false }
      for syntax in ScenarioKeySyntax.readingOrder {
        guard let read = syntax.read, let node = fields[syntax.name] else { continue }
        if readsWorldOnly, syntax.name == ScenarioKeySyntax.steps.name { continue }
        read(&self, node, &scenario)
      }
      if let machine = combination?.machine {
        scenario.machine = Located(MachineReference(machine), at: location(root))
      }
      scenario.devices = devices.names
      (scenario.passwords, scenario.secretMentions) = (passwords.names, mentions)
      scenario.flows = flowFiles.keys.sorted()
      if readsWorldOnly {
        guard problemCount == 0 else { return nil }
        if scenario.name.isEmpty { scenario.name = file }
        return scenario
      }
      // `scenario` and `steps` are required: without them, or with any problem, there is no scenario.
      guard problemCount == 0, !scenario.name.isEmpty, !scenario.steps.isEmpty else {
        // What did load is still checked against its machine by `lint`, so that fixing the language's
        // problems does not bring a second round of the machine's.
        if scenario.steps.isEmpty { scenario.steps = partialSteps }
        // Not when its `machine:` could not be read: it would be checked against the default machine.
        let machineUnread = fields["machine"] != nil && scenario.machine == nil
        if !scenario.steps.isEmpty, !machineUnread { partial.append(scenario) }
        return nil
      }
      return scenario
    }

    /// The value of a top-level key, found without checking the mapping's other keys.
    private static func value(of key: String, in root: YAMLNode) -> YAMLNode? {
      guard case .mapping(let mapping) = root else { return nil }
      return mapping[key]
    }

    /// Checks `version`; false when the file is written for a newer authflow, whose other keys this one
    /// cannot judge.
    private mutating func versionIsSupported(_ node: YAMLNode) -> Bool {
      guard let version = unsigned(node, key: "version") else { return true }
      if version > UInt64(Scenario.languageVersion) {
        report(.versionTooNew(version: String(version), supported: Scenario.languageVersion), at: node)
        return false
      }
      if version < 1 { report(.integerTooSmall(key: "version", value: "0", minimum: 1), at: node) }
      return true
    }

    mutating func readMachine(_ node: YAMLNode) -> Located<MachineReference>? {
      guard let name = nonEmptyString(node, key: "machine") else { return nil }
      let reference = MachineReference(name)
      if reference.isCommand {
        report(.machineCommand(value: name), at: node)
        return nil
      }
      if !machineNames.isEmpty, !machineNames.contains(name) {
        let suggestion = suggestion(for: name, in: machineNames)
        report(
          .unknownName(kind: "machine", value: name, suggestion: suggestion, valid: machineNames), at: node)
        return nil
      }
      return Located(reference, at: location(node))
    }

    mutating func readDevices(_ node: YAMLNode) {
      guard let names = strings(node, key: "devices") else {
        devicesKnown = false
        return
      }
      guard !names.isEmpty else {
        report(.emptyValue(key: "devices"), at: node)
        devicesKnown = false
        return
      }
      var unique = OrderedNames()
      for (name, item) in names {
        if name.isEmpty {
          report(.emptyValue(key: "devices"), at: item)
        } else if ScenarioLoader.reservedActors.contains(name) {
          report(.reservedDeviceName(name: name), at: item)
        } else if !unique.insert(name) {
          report(.duplicateEntry(kind: "device", value: name, key: "devices"), at: item)
        }
      }
      devices = unique.isEmpty ? devices : unique
    }

    /// A device name that must be declared in `devices`.
    /// An account's id: a name declared by a `given.accounts` entry (when the accounts could be read).
    mutating func accountID(_ node: YAMLNode, key: String) -> String? {
      guard let id = nonEmptyString(node, key: key) else { return nil }
      guard accountsKnown, !accountIDs.contains(id) else { return id }
      let suggestion = suggestion(for: id, in: accountIDs.names)
      report(
        .unknownName(kind: "account id", value: id, suggestion: suggestion, valid: accountIDs.names), at: node
      )
      return nil
    }

    mutating func device(_ node: YAMLNode, key: String) -> String? {
      guard let name = nonEmptyString(node, key: key) else { return nil }
      guard devicesKnown, !devices.contains(name) else { return name }
      let suggestion = suggestion(for: name, in: devices.names)
      report(.unknownDevice(value: name, suggestion: suggestion, declared: devices.names), at: node)
      return nil
    }
  }
}
