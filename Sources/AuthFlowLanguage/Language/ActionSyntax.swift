/// One action key of a step, declared once: its name, the forms its value takes, a line on what it does, how
/// the loader reads its value into an ``Action`` and how ``ScenarioWriter`` writes that action back.
///
/// `make(_:)` declares each action, its switch exhaustive over ``ActionKind``; ``ScenarioLanguage`` (the schema, editors, `authflow play`'s
/// completion), the loader and the writer all take them from there, so a key cannot be described but not
/// read, or read but not written (`LanguageRoundTripTests` walks each one through load, write and load).
final class ActionSyntax: Sendable {
  /// Reads an action's value into an ``Action``, or reports why not.
  typealias Reader = @Sendable (inout ScenarioLoader.Document, YAMLNode) -> Action?

  /// The step key.
  let kind: ActionKind
  /// The forms its value takes.
  let argument: ValueShape
  /// One line on what it does, for editors and `authflow schema`.
  let summary: String
  /// Reads the value written after the key (null for `- launch` or `launch:`); nil after reporting why not.
  let read: Reader
  /// Writes an action of this kind as the value after the key; nil writes the bare name.
  let write: @Sendable (Action) -> String?

  init(
    _ kind: ActionKind, _ argument: ValueShape, _ summary: String,
    read: @escaping Reader,
    write: @escaping @Sendable (Action) -> String?
  ) {
    (self.kind, self.argument, self.summary, self.read, self.write) = (kind, argument, summary, read, write)
  }

  /// An action without arguments: a bare name, or its key with nothing after it.
  static func bare(_ kind: ActionKind, _ summary: String) -> ActionSyntax {
    ActionSyntax(
      kind, .empty, summary,
      read: { document, value in
        // `expect:` (or a modifier) indented under the action: it belongs to the step, and says so.
        if case .mapping(let mapping) = value, !mapping.isEmpty,
          mapping.pairs.allSatisfy({ ScenarioLoader.Document.isStepKey($0.key) })
        {
          for pair in mapping.pairs {
            if case .scalar(let name) = pair.key {
              document.report(.stepKeyInArguments(key: name.string, action: kind.rawValue), at: name.mark)
            }
          }
          return nil
        }
        guard ScenarioLoader.Document.isNull(value) else {
          document.report(
            .actionTakesNoArguments(action: kind.rawValue, found: ScenarioLoader.Document.found(value)),
            at: value)
          return nil
        }
        return Action.bareAction(kind)
      },
      write: { _ in nil })
  }

  /// Every action's syntax, in `ActionKind.allCases` order.
  static let all = ActionKind.allCases.map(make)
  /// Each action's syntax, by its key: looked up for every key of every step (a class, so the lookup copies one
  /// reference).
  static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.kind.rawValue, $0) })
  private static let byKind = Dictionary(uniqueKeysWithValues: all.map { ($0.kind, $0) })

  /// The syntax of `kind`.
  static func of(_ kind: ActionKind) -> ActionSyntax { byKind[kind] ?? make(kind) }
}
