/// One field typed into a machine-specific form (`type: {username: …}`).
public struct TypedField: Equatable, Sendable {
  public var name: String
  public var value: String
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
