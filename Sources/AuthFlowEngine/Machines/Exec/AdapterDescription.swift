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
}
