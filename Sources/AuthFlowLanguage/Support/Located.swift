/// A value together with the place in the scenario file it came from.
public struct Located<Value> {
  /// The value.
  public var value: Value
  /// Where it was written.
  public var location: SourceLocation

  /// `value`, written at `location`.
  public init(_ value: Value, at location: SourceLocation) {
    self.value = value
    self.location = location
  }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
extension Located: Sendable where Value: Sendable {}
