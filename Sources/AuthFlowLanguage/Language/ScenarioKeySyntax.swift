/// One top-level key of a scenario document, declared once: its field of ``ScenarioLanguage/scenario`` (name,
/// shape, summary, whether it is required and whether `${name}` must be defined in it), how the loader reads
/// it into the ``Scenario`` and how ``ScenarioWriter`` writes the scenario's value back.
final class ScenarioKeySyntax: Sendable {
  /// Reads the key's value into the scenario being loaded, reporting any problem.
  typealias Reader = @Sendable (inout ScenarioLoader.Document, YAMLNode, inout Scenario) -> Void

  /// The key as ``ScenarioLanguage/scenario`` lists it.
  let field: MappingShape.Field
  /// Reads its value; nil for the keys read before the others, by the loader itself: `version` (a file for a
  /// newer authflow is not read further) and `matrix` (which makes one document per combination).
  let read: Reader?
  /// The key's lines for a scenario, the first `key: value` or `key:`; none leaves it out (a default, or a key
  /// that leaves nothing in the model, as `vars` and `matrix` whose values are already substituted).
  let write: @Sendable (Scenario) -> [String]

  init(_ field: MappingShape.Field, read: Reader?, write: @escaping @Sendable (Scenario) -> [String]) {
    (self.field, self.read, self.write) = (field, read, write)
  }

  /// The key's name.
  var name: String { field.name }

  /// Every key, in the order the language lists them and the writer writes them.
  static let all = [
    version, scenario, description, tags, reproduces, machine, seed, strict, vars, matrix, backend, given,
    devices,
    steps,
  ]

  /// The keys the loader reads after `vars` (which it reads first, before any string `${name}` may stand in), in
  /// the order it reads them: `devices` before the keys that name devices, and `given` and `steps` (where an
  /// undefined `${name}` is an error) last.
  static let readingOrder = [
    scenario, description, tags, reproduces, machine, seed, strict, devices, backend, given, steps,
  ]

  /// `key: value` when there is a value.
  private static func line(_ key: String, _ value: String?) -> [String] {
    value.map { ["\(key): \($0)"] } ?? []
  }

  // MARK: - About the scenario

  static let version = ScenarioKeySyntax(
    .init(
      "version", .integer(minimum: 1, maximum: Scenario.languageVersion),
      "The language version the file is written for (\(Scenario.languageVersion))."),
    read: nil,
    write: { _ in ["version: \(Scenario.languageVersion)"] })

  static let scenario = ScenarioKeySyntax(
    .init(
      "scenario", .name, required: true, "The scenario's name, shown in reports and matched by --filter."),
    read: { document, node, scenario in
      document.nonEmptyString(node, key: "scenario")
        .flatMap { document.printable($0, key: "scenario", at: node) }
        .map { scenario.name = $0 }
    },
    write: { line("scenario", YAMLText.scalar($0.name, substituted: true)) })

  static let description = ScenarioKeySyntax(
    .init("description", .text, "Free text: what behaviour the scenario documents and why."),
    read: { document, node, scenario in
      scenario.description = document.string(node, key: "description").flatMap {
        document.printable($0, key: "description", at: node, lineBreaks: true)
      }
    },
    write: { line("description", $0.description.map { YAMLText.folded(YAMLText.literal($0), indent: "  ") }) }
  )

  static let tags = ScenarioKeySyntax(
    .init("tags", .list(.text), "Tags, selected with --tag and --skip-tag."),
    read: { document, node, scenario in
      scenario.tags =
        document.strings(node, key: "tags")?.compactMap { document.printable($0, key: "tags", at: $1) } ?? []
    },
    write: {
      $0.tags.isEmpty
        ? [] : ["tags: " + YAMLText.list($0.tags.map { YAMLText.scalar($0, substituted: true) })]
    })

  static let reproduces = ScenarioKeySyntax(
    .init("reproduces", .text, "The bug the scenario pins down: an issue URL or the user's report."),
    read: { document, node, scenario in scenario.reproduces = document.string(node, key: "reproduces") },
    write: { line("reproduces", $0.reproduces.map { YAMLText.quoted(YAMLText.literal($0)) }) })

  static let machine = ScenarioKeySyntax(
    .init("machine", .machine, "The machine to run against (default authkit); --machine overrides it."),
    read: { document, node, scenario in
      // A matrix's `machines` replace it (the loader sets the combination's).
      guard document.combination?.machine == nil else { return }
      scenario.machine = document.readMachine(node)
    },
    write: { line("machine", $0.machine.map { YAMLText.scalar($0.value.description) }) })

  static let seed = ScenarioKeySyntax(
    .init("seed", .integer(minimum: 0), "Seeds every generated id, code and token; --seed overrides it."),
    read: { document, node, scenario in scenario.seed = document.unsigned(node, key: "seed") },
    write: { line("seed", $0.seed.map { "\($0)" }) })

  static let strict = ScenarioKeySyntax(
    .init(
      "strict", .boolean,
      "Exhaustive mode: an email sent or an error shown that no expectation checked fails the scenario."),
    read: { document, node, scenario in scenario.strict = document.bool(node, key: "strict") ?? false },
    write: { $0.strict ? ["strict: true"] : [] })

  // MARK: - Variables

  static let vars = ScenarioKeySyntax(
    .init(
      "vars", .dictionary(of: .text), "Text substituted for ${name} in every string of the scenario but vars."
    ),
    read: { document, node, _ in document.readVariables(node) },
    write: { _ in [] })

  static let matrix = ScenarioKeySyntax(
    .init(
      "matrix", .mapping(ScenarioLanguage.matrix),
      "Runs the scenario once per combination of these variables' values and machines, each named with them."),
    read: nil,
    write: { _ in [] })

  // MARK: - The world and the steps

  static let backend = ScenarioKeySyntax(
    .init(
      "backend", .mapping(ScenarioLanguage.backend),
      "Knobs of the fake auth backend; defaults are Firebase in production."),
    read: { document, node, scenario in scenario.backend = document.backendSettings(node) },
    write: { scenario in
      let defaults = BackendSettings()
      let knobs = BackendSettings.knobs.filter { $0.value(scenario.backend) != $0.value(defaults) }
      return knobs.isEmpty
        ? [] : ["backend:"] + knobs.map { "  \($0.name): \(KnobSyntax.write($0.value(scenario.backend)))" }
    })

  static let given = ScenarioKeySyntax(
    .init(
      "given", .mapping(ScenarioLanguage.given), substitutesVariables: true,
      "The world before the first step: clock, accounts, identity providers, signed-in devices."),
    read: { document, node, scenario in scenario.given = document.given(node) },
    write: { scenario in
      let lines = GivenKeySyntax.all.flatMap { $0.write(scenario.given) }
      return lines.isEmpty ? [] : ["given:"] + lines.map { "  " + $0 }
    })

  static let devices = ScenarioKeySyntax(
    .init(
      "devices", .list(.name, nonEmpty: true, unique: true),
      "Device names (default [phone]); the first is the default device."),
    // The loader keeps the names it read: steps, `given` and expectations check theirs against them.
    read: { document, node, _ in document.readDevices(node) },
    write: { scenario in
      scenario.devices == ["phone"]
        ? [] : ["devices: " + YAMLText.list(scenario.devices.map { YAMLText.scalar($0) })]
    })

  static let steps = ScenarioKeySyntax(
    .init(
      "steps", .list(ScenarioLanguage.step, nonEmpty: true), required: true, substitutesVariables: true,
      "What happens, in order: actions and expectations."),
    read: { document, node, scenario in document.steps(node).map { scenario.steps = $0 } },
    write: { scenario in ["steps:"] + scenario.steps.flatMap(ScenarioWriter.step) })
}
