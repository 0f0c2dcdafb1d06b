/// One key of `given:`, declared once: its field of ``ScenarioLanguage/given``, how the loader reads it into the
/// ``Given`` and how ``ScenarioWriter`` writes it back, as lines relative to `given:` (none: left out, the
/// default).
final class GivenKeySyntax: Sendable {
  /// Reads the key's value into the world being loaded, reporting any problem.
  typealias Reader = @Sendable (inout ScenarioLoader.Document, YAMLNode, inout Given) -> Void

  /// The key as ``ScenarioLanguage/given`` lists it.
  let field: MappingShape.Field
  let read: Reader
  let write: @Sendable (Given) -> [String]

  init(_ field: MappingShape.Field, read: @escaping Reader, write: @escaping @Sendable (Given) -> [String]) {
    (self.field, self.read, self.write) = (field, read, write)
  }

  /// The key's name.
  var name: String { field.name }

  /// Every key, in the order the language lists them, the loader reads them (accounts before the devices signed
  /// in to them) and the writer writes them.
  static let all = [now, accounts, identityProviders, signedIn]

  static let now = GivenKeySyntax(
    .init("now", .timestamp, "The virtual clock's start (default 2026-01-01T00:00:00Z)."),
    read: { document, node, given in
      guard let text = document.string(node, key: "now", expected: "a time") else { return }
      guard let time = VirtualTime(parsing: text) else {
        document.report(.badTime(key: "now", value: text), at: node)
        return
      }
      given.now = time
    },
    write: { $0.now == .defaultStart ? [] : ["now: " + YAMLText.quoted($0.now.description)] })

  static let accounts = GivenKeySyntax(
    .init(
      "accounts", .list(.mapping(ScenarioLanguage.givenAccount)), "Accounts that exist on the backend."),
    read: { document, node, given in given.accounts = document.accounts(node) },
    write: { given in
      guard !given.accounts.isEmpty else { return [] }
      return ["accounts:"]
        + given.accounts.map { account in
          "  - "
            + YAMLText.flow(
              AccountFieldSyntax.all.compactMap { key in key.write(account).map { (key.name, $0) } })
        }
    })

  static let identityProviders = GivenKeySyntax(
    .init(
      "identity_providers",
      .dictionary(
        of: .list(.mapping(ScenarioLanguage.identityProviderAccount)),
        keys: ScenarioLanguage.identityProviders),
      "Accounts at each identity provider, in order (the first is a sheet's default)."),
    read: { document, node, given in given.identityProviders = document.identityProviders(node) },
    write: { given in
      let providers = ProviderID.identityProviders.filter { !(given.identityProviders[$0] ?? []).isEmpty }
      guard !providers.isEmpty else { return [] }
      return ["identity_providers:"]
        + providers.flatMap { provider in
          ["  \(provider.rawValue):"]
            + (given.identityProviders[provider] ?? []).map { account in
              "    - "
                + YAMLText.flow(
                  IdentityProviderAccountSyntax.all.compactMap { key in
                    key.write(account).map { (key.name, $0) }
                  })
            }
        }
    })

  static let signedIn = GivenKeySyntax(
    .init(
      "signed_in", .dictionary(of: .text),
      "Devices already signed in at `now`, each with an account's email or id."),
    read: { document, node, given in given.signedIn = document.signedIn(node) },
    write: { given in
      guard !given.signedIn.isEmpty else { return [] }
      return ["signed_in:"]
        + given.signedIn.map { device, account in
          let name =
            switch account {
            case .email(let email): email
            case .id(let id): id
            }
          return "  \(YAMLText.scalar(device)): \(ValueWriter.text(name))"
        }
    })
}
