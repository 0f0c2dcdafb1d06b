/// One field typed into a machine-specific form (`type: {username: …}`).
public struct TypedField: Equatable, Sendable {
  /// The field's name, one of the machine's `typeFields`.
  public var name: String
  /// What is typed into it.
  public var value: String
  /// Types `value` into the field `name`.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
