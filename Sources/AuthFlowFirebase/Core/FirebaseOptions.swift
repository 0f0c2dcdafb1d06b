import AuthFlowEngine
import Foundation

/// FirebaseCore's options: the values of the world's project (``FirebaseApp``).
open class FirebaseOptions: NSObject, NSCopying, @unchecked Sendable {
  /// The project's web API key, as the world's links carry it.
  open var apiKey: String?
  /// The app's bundle id.
  open var bundleID: String
  /// The OAuth client id Google Sign-In is configured with.
  open var clientID: String?
  /// The project's sender id.
  open var gcmSenderID: String
  /// The project's id: the world's (``FirebaseWorld/projectID``).
  open var projectID: String?
  /// The app's id.
  open var googleAppID: String
  /// Recorded only.
  open var databaseURL: String?
  /// Recorded only.
  open var storageBucket: String?
  /// Recorded only.
  open var appGroupID: String?

  /// Options with the app id and sender id of a project's configuration file.
  public init(googleAppID: String, gcmSenderID: String) {
    self.googleAppID = googleAppID
    self.gcmSenderID = gcmSenderID
    bundleID = Bundle.main.bundleIdentifier ?? "com.example.app"
  }

  /// Options read from a configuration file: the world's, whatever the file (none is read).
  public convenience init?(contentsOfFile plistPath: String) {
    self.init(googleAppID: Self.world.googleAppID, gcmSenderID: Self.world.gcmSenderID)
    copyValues(of: Self.world)
  }

  /// A copy of `other`.
  convenience init(copying other: FirebaseOptions) {
    self.init(googleAppID: other.googleAppID, gcmSenderID: other.gcmSenderID)
    copyValues(of: other)
  }

  /// The default app's options, a copy.
  open class func defaultOptions() -> FirebaseOptions? { FirebaseOptions(copying: world) }

  /// A copy, as FirebaseCore's options copy.
  open func copy(with zone: NSZone? = nil) -> Any { FirebaseOptions(copying: self) }

  private func copyValues(of other: FirebaseOptions) {
    apiKey = other.apiKey
    bundleID = other.bundleID
    clientID = other.clientID
    projectID = other.projectID
    databaseURL = other.databaseURL
    storageBucket = other.storageBucket
    appGroupID = other.appGroupID
  }

  /// The world's project.
  static let world: FirebaseOptions = {
    let options = FirebaseOptions(
      googleAppID: "1:000000000000:ios:0000000000000000", gcmSenderID: "000000000000")
    options.apiKey = Outbox.Email.apiKey
    options.clientID = "000000000000-authflow.apps.googleusercontent.com"
    options.projectID = FirebaseWorld.projectID
    return options
  }()
}
