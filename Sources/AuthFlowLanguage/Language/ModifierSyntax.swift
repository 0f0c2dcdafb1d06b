/// One key a step carries besides its action (`device`, `expect`, `note`), declared once: its field of
/// ``ScenarioLanguage/stepMapping``, how the loader reads it into the ``Step`` and how ``ScenarioWriter`` writes
/// it back (as `ActionSyntax` is for the action).
final class ModifierSyntax: Sendable {
  /// The key as the step mapping lists it.
  let field: MappingShape.Field
  /// Reads the key's value into the step being loaded, reporting any problem.
  let read: @Sendable (inout ScenarioLoader.Document, YAMLNode, inout Step) -> Void
  /// The key's value for a step; nil leaves it out.
  let write: @Sendable (Step) -> String?

  init(
    _ field: MappingShape.Field,
    read: @escaping @Sendable (inout ScenarioLoader.Document, YAMLNode, inout Step) -> Void,
    write: @escaping @Sendable (Step) -> String?
  ) {
    (self.field, self.read, self.write) = (field, read, write)
  }

  /// The key's name.
  var name: String { field.name }

  /// Every modifier, in the order the language lists them and the writer writes them.
  static let all = [device, expect, note]

  static let device = ModifierSyntax(
    .init("device", .name, "Run the action, or the expect, on this device instead of the first one."),
    read: { document, node, step in step.device = document.device(node, key: "device") },
    write: { $0.device.map { YAMLText.scalar($0) } })

  static let expect = ModifierSyntax(
    .init("expect", .mapping(ScenarioLanguage.expectation), "Checks made right after the action."),
    read: { document, node, step in step.expectations = document.expectations(node) },
    write: { $0.expectations.isEmpty ? nil : ScenarioWriter.expectations($0.expectations) })

  static let note = ModifierSyntax(
    .init("note", .text, "Shown in the transcript."),
    read: { document, node, step in
      step.note = document.string(node, key: "note").flatMap { document.printable($0, key: "note", at: node) }
    },
    write: { $0.note.map { YAMLText.scalar($0, substituted: true) } })
}
