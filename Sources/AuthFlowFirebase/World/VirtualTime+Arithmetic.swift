import AuthFlowLanguage
import Foundation

// The clock's arithmetic for code whose only import is `import AuthFlowFirebase`: the operators are members of
// `VirtualTime` and `VirtualDuration`, which Swift finds only where their module is imported. Disfavoured, so
// code that imports that module too (through `AuthFlowKit`) uses the members, without ambiguity; here, where the
// module is imported, each body is the member it stands for.

/// The instant `rhs` after `lhs`: `world.now + .hours(1)`.
@_disfavoredOverload
public func + (lhs: FirebaseWorld.VirtualTime, rhs: FirebaseWorld.VirtualDuration)
  -> FirebaseWorld.VirtualTime
{
  lhs + rhs
}

/// The instant `rhs` before `lhs`.
@_disfavoredOverload
public func - (lhs: FirebaseWorld.VirtualTime, rhs: FirebaseWorld.VirtualDuration)
  -> FirebaseWorld.VirtualTime
{
  lhs - rhs
}

/// How long after `rhs` `lhs` is: `world.now - start`.
@_disfavoredOverload
public func - (lhs: FirebaseWorld.VirtualTime, rhs: FirebaseWorld.VirtualTime)
  -> FirebaseWorld.VirtualDuration
{
  lhs - rhs
}

/// Both lengths: `.days(3) + .seconds(1)`.
@_disfavoredOverload
public func + (lhs: FirebaseWorld.VirtualDuration, rhs: FirebaseWorld.VirtualDuration)
  -> FirebaseWorld.VirtualDuration
{
  lhs + rhs
}

/// `lhs` less `rhs`.
@_disfavoredOverload
public func - (lhs: FirebaseWorld.VirtualDuration, rhs: FirebaseWorld.VirtualDuration)
  -> FirebaseWorld.VirtualDuration
{
  lhs - rhs
}

extension VirtualTime {
  /// The instant as a `Date`, to compare with the dates the API hands out (`AuthTokenResult.expirationDate`,
  /// `UserMetadata.creationDate`), which are on the virtual clock too.
  public var date: Date { Date(self) }
}
