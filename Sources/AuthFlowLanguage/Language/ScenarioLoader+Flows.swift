/// `use:` steps (SPEC §11): a flow file's steps played in place, with its parameters bound to the values
/// `with:` gives.
///
/// A flow file is a YAML mapping with `flow: NAME`, optional `params: [names]` and `steps:`. Its path is relative
/// to the file that uses it. Inside it, `${param}` is the value given for the parameter and every other
/// `${name}` is the scenario's variable. A problem inside a flow is reported at its place in the flow file and
/// names the scenario's `use:` step; a flow that uses itself, a missing or unknown parameter, and flows deeper
/// than ``maximumFlowDepth`` are load errors.
extension ScenarioLoader.Document {
  /// How deeply flows may use flows.
  static let maximumFlowDepth = 16
  /// The keys of a `use:` step.
  static let useStepKeys = ["use", "device", "expect", "note"]

  /// Whether a step item is a `use:` step.
  static func isUseStep(_ node: YAMLNode) -> Bool {
    guard case .mapping(let mapping) = node else { return false }
    return mapping["use"] != nil
  }

  /// The steps a `use:` step stands for: the flow's, then an expect-only step for the `use:` step's `expect`.
  /// Every step without a device of its own takes the `use:` step's `device`.
  mutating func useStep(_ node: YAMLNode) -> [Step]? {
    guard let entries = entries(node, key: "steps") else { return nil }
    let before = problemCount
    var useValue: YAMLNode?
    var device: String?
    var note: String?
    var expectations: [Expectation]?
    for entry in entries {
      switch entry.name {
      case "use": useValue = entry.value
      case "device": device = self.device(entry.value, key: "device")
      case "note":
        note = string(entry.value, key: "note").flatMap { printable($0, key: "note", at: entry.value) }
      case "expect": expectations = self.expectations(entry.value)
      default:
        if ActionKind(rawValue: entry.name) != nil {
          report(.twoActions(first: "use", second: entry.name), at: entry.keyMark)
          continue
        }
        let suggestion = suggestion(for: entry.name, in: Self.useStepKeys)
        report(.unknownKey(key: entry.name, context: "use", suggestion: suggestion), at: entry.keyMark)
      }
    }
    guard let useValue, let reference = flowReference(useValue), problemCount == before else { return nil }
    guard var steps = flowSteps(reference, usedAt: node) else { return nil }
    let useLocation = location(node)
    if let note, !steps.isEmpty, steps[0].note == nil { steps[0].note = note }
    if let expectations {
      steps.append(
        Step(
          number: 0, location: useLocation, action: nil, actionLocation: useLocation, device: nil,
          expectations: expectations, note: nil))
    }
    if let device {
      for index in steps.indices where steps[index].device == nil { steps[index].device = device }
    }
    // The flow's own steps name this `use:`; an outer `use:` names itself over an inner one.
    for index in steps.indices where steps[index].location.file != file { steps[index].usedAt = useLocation }
    return steps
  }

  /// What `use:` names: a path, or `{file, with}`; the values are read in the using file's context.
  private mutating func flowReference(_ node: YAMLNode) -> (
    path: String, pathNode: YAMLNode, values: [(name: String, value: String, key: YAMLMark)]
  )? {
    if case .scalar = node {
      guard let path = nonEmptyString(node, key: "use") else { return nil }
      return (path, node, [])
    }
    guard let fields = fields(node, key: "use", context: "use", shape: ScenarioLanguage.use) else {
      return nil
    }
    guard let fileNode = fields["file"], let path = nonEmptyString(fileNode, key: "file") else { return nil }
    var values: [(name: String, value: String, key: YAMLMark)] = []
    if let with = fields["with"], let entries = entries(with, key: "with") {
      for entry in entries {
        guard case .scalar(let scalar) = entry.value, !Self.isNull(scalar) else {
          report(
            .wrongType(
              key: entry.name, expected: "a string, number or boolean", found: Self.found(entry.value)),
            at: entry.value)
          continue
        }
        if let value = substitute(scalar.string, at: entry.value) {
          values.append((entry.name, value, entry.keyMark))
        }
      }
    }
    return (path, fileNode, values)
  }

  /// Reads the flow file and its steps, with its parameters bound.
  private mutating func flowSteps(
    _ reference: (path: String, pathNode: YAMLNode, values: [(name: String, value: String, key: YAMLMark)]),
    usedAt node: YAMLNode
  ) -> [Step]? {
    guard readsFlows else {
      report(.flowsNotReadable, at: reference.pathNode)
      return nil
    }
    guard !reference.path.hasPrefix("/") else {
      report(.flowPathNotRelative(path: reference.path), at: reference.pathNode)
      return nil
    }
    let path = Self.resolve(reference.path, from: file)
    guard !flowStack.contains(where: { $0.path == path }) else {
      report(.flowCycle(path: path), at: reference.pathNode)
      return nil
    }
    guard flowStack.count < Self.maximumFlowDepth else {
      report(.flowsTooDeep(limit: Self.maximumFlowDepth), at: reference.pathNode)
      return nil
    }
    if flowFiles[path] == nil {
      // Read and parse each flow file once: a file used ten thousand times costs one read.
      flowFiles[path] = readFlowFile(path, reportingAt: reference.pathNode)
    }
    guard let cached = flowFiles[path], let root = cached else { return nil }
    let usedAt = location(node)
    let outer = (file: file, variables: variables, names: variableNames, known: variablesKnown)
    file = path
    flowStack.append((path, usedAt))
    defer {
      flowStack.removeLast()
      (file, variables, variableNames) = (outer.file, outer.variables, outer.names)
      variablesKnown = outer.known
    }
    guard case .mapping(let mapping) = root, mapping["flow"] != nil else {
      report(.notAFlow(path: path), at: root)
      return nil
    }
    guard let fields = fields(root, key: "flow", context: "flow", shape: ScenarioLanguage.flow) else {
      return nil
    }
    let name = fields["flow"].flatMap { nonEmptyString($0, key: "flow") } ?? path
    let params = fields["params"].map { parameters($0) } ?? []
    // A parameter given wrongly (missing, or one the flow does not declare) is reported at the `use:`, and
    // the flow's steps are still read: their own problems show in the same run, not one fix later.
    let bound = bindParameters(params, reference.values, flow: name, usedAt: usedAt)
    guard let stepsNode = fields["steps"] else { return nil }
    let steps = steps(stepsNode)
    return bound ? steps : nil
  }

  /// `params:`, each a name as written (never substituted: a parameter is what `${…}` names); a name listed
  /// twice is reported and read once, and a bad item does not hide the others.
  mutating func parameters(_ node: YAMLNode) -> [String] {
    guard let items = list(node, key: "params", expected: "a list of names") else { return [] }
    var names: [String] = []
    for item in items {
      guard case .scalar(let scalar) = item, !Self.isNull(scalar), !scalar.string.isEmpty else {
        report(.wrongType(key: "params", expected: "a list of names", found: Self.found(item)), at: item)
        continue
      }
      guard let name = printable(scalar.string, key: "params", at: item) else { continue }
      if names.contains(name) {
        report(.duplicateEntry(kind: "parameter", value: name, key: "params"), at: item)
      } else {
        names.append(name)
      }
    }
    return names
  }

  /// A flow document read where it is written, not through a `use:` (`lint flows/`, a flow file among the
  /// scenarios): its keys, `flow`, `params`, and the name of each step's action. Its steps' arguments are
  /// checked where a scenario uses it, when their `${…}` have values: a `wait: "${pause}"` means nothing alone.
  mutating func checkFlowDocument(_ root: YAMLNode) {
    guard let fields = fields(root, key: "flow", context: "flow", shape: ScenarioLanguage.flow) else {
      return
    }
    if let node = fields["flow"] { _ = nonEmptyString(node, key: "flow") }
    if let node = fields["params"] { _ = parameters(node) }
    guard let stepsNode = fields["steps"], let items = list(stepsNode, key: "steps") else { return }
    if items.isEmpty { report(.emptyValue(key: "steps"), at: stepsNode) }
    for item in items {
      switch item {
      case .scalar(let scalar) where !Self.isNull(scalar) && !Self.modifiers.contains(scalar.string):
        _ = name(item, key: "steps", kind: "action", candidates: Self.actionNames) {
          ActionKind(rawValue: $0)
        }
      case .mapping(let mapping):
        // As a scenario's step says it: arguments written in line with their action are one problem.
        let entries = mapping.pairs.compactMap { pair -> Entry? in
          guard case .scalar(let key) = pair.key else { return nil }
          return Entry(name: key.string, keyMark: key.mark, value: pair.value)
        }
        if entries.count > 1, let linedUp = Self.linedUpArguments(entries) {
          report(linedUp.problem, at: linedUp.key)
          continue
        }
        for pair in mapping.pairs {
          guard case .scalar(let key) = pair.key else { continue }
          let name = key.string
          guard ActionKind(rawValue: name) == nil, !Self.stepKeys.contains(name), name != "use" else {
            continue
          }
          reportUnknownStepKey(name, at: key.mark)
        }
      default:
        report(
          .wrongType(key: "steps", expected: "an action or a mapping", found: Self.found(item)), at: item)
      }
    }
  }

  /// Binds each parameter to its value (over the scenario's variables); reports, in the using file, a
  /// parameter without a value and a value for no parameter.
  private mutating func bindParameters(
    _ params: [String], _ values: [(name: String, value: String, key: YAMLMark)], flow: String,
    usedAt: SourceLocation
  ) -> Bool {
    var fine = true
    let given = Set(values.map(\.name))
    for value in values where !params.contains(value.name) {
      let suggestion = suggestion(for: value.name, in: params)
      let place = SourceLocation(
        file: usedAt.file, line: Int(value.key.line), column: Int(value.key.column))
      recordOutside(
        .unknownFlowParameter(name: value.name, flow: flow, suggestion: suggestion, declared: params),
        at: place)
      fine = false
    }
    for param in params where !given.contains(param) {
      recordOutside(.missingFlowParameter(name: param, flow: flow), at: usedAt)
      fine = false
      // Known, without a value: the steps that use it fail to read without a second report each.
      variableNames.insert(param)
    }
    for value in values where params.contains(value.name) {
      variables[value.name] = value.value
      variableNames.insert(value.name)
    }
    return fine
  }

  /// Records a problem of the using file while a flow is being read (its place is outside the flow).
  private mutating func recordOutside(_ problem: LoadProblem, at location: SourceLocation) {
    let stack = flowStack
    flowStack.removeLast()
    record(problem, at: location)
    flowStack = stack
  }

  /// The flow file at `path`, parsed; nil after reporting why it cannot be read (a problem of its text is
  /// placed in the flow file).
  private mutating func readFlowFile(_ path: String, reportingAt node: YAMLNode) -> YAMLNode? {
    switch ScenarioFiles.kind(of: path) {
    case .missing:
      report(.noSuchFile(path: path, suggestion: ScenarioFiles.nearestFile(to: path)), at: node)
      return nil
    case .directory:
      report(.notAFlow(path: path), at: node)
      return nil
    case .unreadable(let reason):
      report(.unreadableFile(path: path, reason: reason), at: node)
      return nil
    case .file:
      switch ScenarioFiles.read(path, limit: ScenarioLoader.maximumFileSize) {
      case .success(let bytes):
        let (outer, usedAt) = (file, location(node))
        file = path
        flowStack.append((path, usedAt))
        defer {
          flowStack.removeLast()
          file = outer
        }
        return flowRoot(bytes)
      case .failure(let problem):
        report(problem, at: node)
        return nil
      }
    }
  }

  /// The first document of a flow file's bytes, after the checks a scenario file gets; nil after reporting.
  private mutating func flowRoot(_ bytes: [UInt8]) -> YAMLNode? {
    var root: YAMLNode?
    var problems: [Located<LoadProblem>] = []
    let path = file
    bytes.withUnsafeBufferPointer { buffer in
      let text = UnsafeBufferPointer(rebasing: buffer[(buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)...])
      if let finding = InputScreen.firstProblem(in: text, checkUTF8: true) {
        problems.append(
          Located(finding.problem, at: SourceLocation(file: path, line: finding.line, column: finding.column))
        )
        return
      }
      let stop = YAMLReader.forEachDocument(in: text, file: path) { document, invalid in
        problems += invalid
        if Self.isNull(document) { return true }
        guard root == nil else {
          // A second flow after `---` would be passed over in silence: one flow a file.
          problems.append(Located(.flowFileHoldsMore, at: Self.location(of: document, in: path)))
          return false
        }
        root = document
        return true
      }
      if let stop { problems.append(stop.problem) }
    }
    for problem in problems { record(problem.value, at: problem.location) }
    guard problems.isEmpty, let root else {
      if problems.isEmpty {
        record(.notAFlow(path: path), at: SourceLocation(file: path, line: 1, column: 1))
      }
      return nil
    }
    return root
  }

  /// `path` relative to the directory of `file`, with `.` and `..` folded as far as they go.
  static func resolve(_ path: String, from file: String) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    parts.removeLast()
    for part in path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != "..", !last.isEmpty || parts.count > 1 {
          parts.removeLast()
        } else {
          parts.append("..")
        }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return file.hasPrefix("/") || !joined.isEmpty ? joined : path
  }
}
