/// `matrix:` (SPEC §11): one scenario per combination of the variables' values and the machines, each its own
/// result, named `NAME [k=v, …, machine=M]`.
///
/// Combinations go in the order written: machines outermost, then each variable in turn, its values as listed.
/// The document is read once per combination, so every problem a combination has is found (each reported once).
extension ScenarioLoader.Document {
  /// The most combinations one `matrix:` may make.
  static let maximumCombinations = 256

  /// Whether a document is a flow file's (it has `flow:` and no `scenario:`), which `use:` reads.
  static func isFlow(_ root: YAMLNode) -> Bool {
    guard case .mapping(let mapping) = root else { return false }
    return mapping["flow"] != nil && mapping["scenario"] == nil
  }

  /// The document's scenarios: one, or one per combination of its `matrix:`.
  mutating func loadCombinations(_ root: YAMLNode) -> [Scenario] {
    guard case .mapping(let mapping) = root, let matrixNode = mapping["matrix"] else {
      return load(root).map { [$0] } ?? []
    }
    let start = self
    guard let combinations = combinations(matrixNode, vars: mapping["vars"]) else {
      // Still check the rest of the document, once, so one mistake does not hide the others.
      _ = load(root)
      return []
    }
    // Each variable's values in the order written (combinations take them in that order), so a password value
    // can be named by its place: hidden alike, two combinations would print one name.
    var written: [String: [String]] = [:]
    for combination in combinations {
      for (name, value) in combination.values where written[name]?.contains(value) != true {
        written[name, default: []].append(value)
      }
    }
    var scenarios: [Scenario] = []
    var seen = Set(problems.map { "\($0.location)\u{0}\($0.value.message)" })
    var firstProblems = problems
    var count = problemCount
    for combination in combinations {
      var document = start
      document.problems = []
      document.problemCount = 0
      document.budget = budget
      document.combination = combination
      let scenario = document.load(root)
      partial += document.partial
      for problem in document.problems
      where seen.insert("\(problem.location)\u{0}\(problem.value.message)").inserted {
        firstProblems.append(problem)
        count += 1
      }
      budget = document.budget
      for name in document.passwords.names { passwords.insert(name) }
      for name in document.hiddenInDiagnostics.names { hiddenInDiagnostics.insert(name) }
      for mention in document.mentions where mentioned.insert(mention).inserted { mentions.append(mention) }
      guard var scenario else { continue }
      let values = combination.values.map { name, value in
        guard document.passwords.contains(value), let place = written[name]?.firstIndex(of: value) else {
          return "\(name)=\(Self.nameValue(value))"
        }
        return "\(name)=‹password: value \(place + 1)›"
      }
      scenario.combination = Scenario.Combination(
        name: scenario.name, values: values, namesMachine: combination.machine != nil)
      scenario.name +=
        " [" + (values + (combination.machine.map { ["machine=\($0)"] } ?? [])).joined(separator: ", ") + "]"
      scenarios.append(scenario)
      if budget.isSpent { break }
    }
    problems = firstProblems
    problemCount = count
    return count == 0 ? scenarios : []
  }

  /// Every combination `matrix:` makes, or nil after reporting what is wrong with it.
  private mutating func combinations(_ node: YAMLNode, vars: YAMLNode?) -> [(
    values: [(name: String, value: String)], machine: String?
  )]? {
    guard let fields = fields(node, key: "matrix", context: "matrix", shape: ScenarioLanguage.matrix) else {
      return nil
    }
    let before = problemCount
    var declared: Set<String> = []
    if let vars, case .mapping(let mapping) = vars {
      for pair in mapping.pairs { if case .scalar(let key) = pair.key { declared.insert(key.string) } }
    }
    var axes: [[(name: String, value: String)]] = []
    if let varsNode = fields["vars"], let entries = entries(varsNode, key: "vars") {
      if entries.isEmpty { report(.emptyValue(key: "vars"), at: varsNode) }
      for entry in entries {
        if declared.contains(entry.name) {
          report(.matrixVariableInVars(name: entry.name), at: entry.keyMark)
        }
        guard let items = list(entry.value, key: entry.name, expected: "a list of values") else { continue }
        if items.isEmpty { report(.emptyValue(key: entry.name), at: entry.value) }
        var values: [(name: String, value: String)] = []
        for (index, item) in items.enumerated() {
          guard case .scalar(let scalar) = item, !Self.isNull(scalar) else {
            report(
              .wrongType(key: entry.name, expected: "a string, number or boolean", found: Self.found(item)),
              at: item)
            continue
          }
          // Two equal values (`1` and `"1"` are one text) would make two combinations of one name.
          if let earlier = items[..<index].firstIndex(where: {
            if case .scalar(let other) = $0 { other.string == scalar.string } else { false }
          }) {
            report(
              .matrixValueRepeated(name: entry.name, position: index + 1, earlier: earlier + 1), at: item)
            continue
          }
          if PlainText.holdsControl(scalar.string, allowingLineBreaks: false),
            let bad = scalar.string.unicodeScalars.first(where: PlainText.isControl)
          {
            report(
              .matrixValueHoldsControl(
                name: entry.name, position: index + 1, character: PlainText.visible(String(bad))),
              at: item)
            continue
          }
          values.append((entry.name, scalar.string))
        }
        axes.append(values)
      }
    }
    var machines: [String?] = [nil]
    if let machinesNode = fields["machines"], let names = strings(machinesNode, key: "machines") {
      if names.isEmpty { report(.emptyValue(key: "machines"), at: machinesNode) }
      machines = []
      for (name, item) in names {
        if MachineReference(name).isCommand {
          report(.machineCommand(value: name), at: item)
        } else if !machineNames.isEmpty, !machineNames.contains(name) {
          let suggestion = suggestion(for: name, in: machineNames)
          report(
            .unknownName(kind: "machine", value: name, suggestion: suggestion, valid: machineNames), at: item)
        } else if machines.contains(name) {
          report(.duplicateEntry(kind: "machine", value: name, key: "machines"), at: item)
        } else {
          machines.append(name)
        }
      }
    }
    if fields["vars"] == nil, fields["machines"] == nil {
      report(.missingOneOfKeys(keys: ["vars", "machines"]), at: node)
    }
    guard problemCount == before else { return nil }
    let total = axes.reduce(machines.count) { product, axis in
      let (result, overflow) = product.multipliedReportingOverflow(by: max(axis.count, 1))
      return overflow ? Int.max : result
    }
    guard total <= Self.maximumCombinations else {
      report(.matrixTooLarge(count: total, limit: Self.maximumCombinations), at: node)
      return nil
    }
    var combinations: [(values: [(name: String, value: String)], machine: String?)] = []
    for machine in machines {
      var partial: [[(name: String, value: String)]] = [[]]
      for axis in axes { partial = partial.flatMap { prefix in axis.map { prefix + [$0] } } }
      combinations += partial.map { ($0, machine) }
    }
    return combinations
  }

  /// A value as a combination's name shows it: as written, or in double quotes (with `"` and `\` escaped)
  /// when it holds what separates the name's parts (`, `, `=`, `[`, `]`), a quote, or starts or ends with a
  /// space, so that `[a=x, b=y]` can only be the combination of two values.
  static func nameValue(_ value: String) -> String {
    let special = value.contains { ",=[]\"\\".contains($0) }
    guard special || value.first == " " || value.last == " " || value.isEmpty else { return value }
    return "\"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}
