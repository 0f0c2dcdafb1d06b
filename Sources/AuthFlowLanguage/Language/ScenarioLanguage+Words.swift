extension ScenarioLanguage {
  /// The words authflow itself writes in its outputs, whatever a scenario's secrets are: every key and name of
  /// the language (`password`, `sign_in`, `signedOut`, `password_reset`), every error code without its `auth/`
  /// (`wrong-password`), and the statuses reports give (`passed`, `failed`, `errored`, `skipped`). A
  /// ``Redactor`` keeps a secret that is one of them where it is written whole as that word: hiding a test's
  /// password `password` inside `wrong-password` or a key, or `failed` in a report's status, would garble the
  /// output and hide nothing (the word is printed whatever the password).
  public static let words: Set<String> = {
    var words: Set<String> = ["passed", "failed", "errored", "skipped", "none"]
    words.formUnion(
      AuthErrorCode.known.map {
        $0.rawValue.hasPrefix("auth/") ? String($0.rawValue.dropFirst(5)) : $0.rawValue
      })
    return words.union(vocabulary.keys).union(vocabulary.names)
  }()

  /// Every key of every mapping the language declares, reached from `scenario`.
  public static let declaredKeys: Set<String> = vocabulary.keys

  private static let vocabulary: (keys: Set<String>, names: Set<String>) = {
    var (keys, names): (Set<String>, Set<String>) = ([], [])
    var seen: Set<String> = []
    func walk(_ shape: ValueShape) {
      switch shape {
      case .mapping(let mapping):
        guard seen.insert(mapping.name).inserted else { return }
        for field in mapping.fields {
          keys.insert(field.name)
          walk(field.shape)
        }
      case .oneOf(let set): names.formUnion(set.values)
      case .literal(let text): names.insert(text)
      case .list(let item, _, _): walk(item)
      case .dictionary(let value, let allowed, _):
        walk(value)
        if let allowed { names.formUnion(allowed.values) }
      case .either(let shapes): shapes.forEach(walk)
      case .text, .name, .nullableText, .email, .boolean, .integer, .duration, .timestamp, .machine,
        .errorCode,
        .trustedProvider, .empty:
        break
      }
    }
    walk(.mapping(scenario))
    walk(step)
    return (keys, names)
  }()
}
