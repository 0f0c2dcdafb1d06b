import Foundation

/// What FirebaseAuth presents its web views with (on iOS a `UIViewController` conforms). The world verifies no
/// app and shows no UI, so the protocol asks for nothing: any object may be passed, and none is ever called.
public protocol AuthUIDelegate: NSObjectProtocol {}
