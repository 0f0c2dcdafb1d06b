import Foundation

/// Where an emailed action link leads and how it opens. The world records none of it: its links always open
/// the hosted action page (`https://authflow.test/__/auth/action`).
open class ActionCodeSettings: NSObject, @unchecked Sendable {
  /// The continue URL.
  open var url: URL?
  /// Whether the link opens in the app.
  open var handleCodeInApp = false
  /// The iOS bundle id to open the link in.
  open var iOSBundleID: String?
  /// The Android package to open the link in.
  open var androidPackageName: String?
  /// The oldest Android app version that may open the link.
  open var androidMinimumVersion: String?
  /// Whether to install the Android app first.
  open var androidInstallIfNotAvailable = false
  /// The Dynamic Links domain of the link.
  @available(*, deprecated, message: "Firebase Dynamic Links is deprecated; use `linkDomain`.")
  open var dynamicLinkDomain: String?
  /// The Firebase Hosting domain of the link.
  public var linkDomain: String?

  /// Empty settings.
  override public init() { super.init() }

  /// Sets the Android package, whether to install it, and its oldest version.
  open func setAndroidPackageName(
    _ androidPackageName: String, installIfNotAvailable: Bool, minimumVersion: String?
  ) {
    self.androidPackageName = androidPackageName
    androidInstallIfNotAvailable = installIfNotAvailable
    androidMinimumVersion = minimumVersion
  }

  /// Sets the iOS bundle id.
  open func setIOSBundleID(_ bundleID: String) { iOSBundleID = bundleID }
}
