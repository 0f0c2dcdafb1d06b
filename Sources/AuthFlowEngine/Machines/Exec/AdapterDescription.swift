import AuthFlowLanguage

/// What an adapter says it supports, in its `ready` message: the descriptor's fields.
struct AdapterDescription: Equatable, Sendable {
  var name: String
  var summary: String?
  var actions: [ActionKind]
  /// nil: any provider.
  var providers: [ProviderID]?
  var screens: [String]
  var tapTargets: [String]
  var typeFields: [String]
  /// The type fields whose values every output hides.
  var secretFields: [String]
  /// Whether the app handles links the OS hands it (`opens_links: true`): `follow_link` with `device:` is then
  /// sent to it as a `follow_link` action.
  var opensLinks = false
}
