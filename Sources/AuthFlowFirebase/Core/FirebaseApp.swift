import Foundation

/// FirebaseCore's app, as far as auth code reads it: the world's project, configured from the start.
///
/// Auth code reads the app for Google Sign-In's client id (`FirebaseApp.app()?.options.clientID`) or a TOTP QR
/// code's issuer (`Auth.auth().app?.name`), and an app's start calls `FirebaseApp.configure()`. FirebaseCore
/// does not build on Linux, so this module has the part of it that such code uses. A world stands for a
/// configured project, so the default app exists whether or not `configure()` was called, and calling it again
/// is not the SDK's fatal error. Only the default app is modelled: a named one is nil.
open class FirebaseApp: NSObject, @unchecked Sendable {
  /// The default app's name, as FirebaseCore names it.
  static let defaultName = "__FIRAPP_DEFAULT"
  private static let defaultApp = FirebaseApp(name: defaultName, options: .world)

  /// The app's name: `__FIRAPP_DEFAULT` for the default app.
  public let name: String
  /// The project's options: a copy each time, as FirebaseCore hands them out, so a change to one reaches no other
  /// code (nor the next test).
  public var options: FirebaseOptions { FirebaseOptions(copying: storedOptions) }
  private let storedOptions: FirebaseOptions
  /// Recorded only.
  open var isDataCollectionDefaultEnabled = true

  private init(name: String, options: FirebaseOptions) {
    self.name = name
    storedOptions = options
  }

  /// Configures the default app: the world's project is configured already, so this does nothing.
  open class func configure() {}

  /// Configures the default app with `options`: does nothing, as ``configure()``; the world's options stay.
  open class func configure(options: FirebaseOptions) {}

  /// Configures a named app: not modelled, does nothing (``app(name:)`` stays nil).
  open class func configure(name: String, options: FirebaseOptions) {}

  /// The default app: the world's project.
  open class func app() -> FirebaseApp? { defaultApp }

  /// The app named `name`: the default app under its own name, nil for any other.
  open class func app(name: String) -> FirebaseApp? { name == defaultName ? defaultApp : nil }

  /// Every app by name: the default one.
  open class var allApps: [String: FirebaseApp]? { [defaultName: defaultApp] }

  /// Deleting an app: not modelled; `completion` is called with `false`.
  open func delete(_ completion: @escaping (Bool) -> Void) { completion(false) }
}
