import Foundation

/// A provider that can get a credential through a web flow. FirebaseAuth's only requirement,
/// `credential(with:)`, presents UIKit views and exists on iOS only; here ``IdentityProviderSheet`` stands in.
public protocol FederatedAuthProvider: NSObjectProtocol {}
