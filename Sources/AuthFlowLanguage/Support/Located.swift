/// A value together with the place in the scenario file it came from.
public struct Located<Value> {
  public var value: Value
  public var location: SourceLocation

  public init(_ value: Value, at location: SourceLocation) {
    self.value = value
    self.location = location
  }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
extension Located: Sendable where Value: Sendable {}
