import AuthFlowFirebase
import Foundation
import Testing

/// FirebaseCore's app as auth code reads it: the world's project, there from the start.
@Suite struct FirebaseAppTests {
  /// Google Sign-In's configuration and a TOTP QR code's issuer, as the SDK's own sample writes them.
  @Test func authCodeReadsTheDefaultAppsOptions() async throws {
    FirebaseApp.configure()
    FirebaseApp.configure()  // a second call is no fatal error here
    let app = try #require(FirebaseApp.app())
    #expect(app.options.clientID?.hasSuffix(".apps.googleusercontent.com") == true)
    #expect(app.options.projectID == "demo-authflow" && app.options.apiKey == "authflow-api-key")
    #expect(FirebaseApp.app(name: app.name) === app && FirebaseApp.app(name: "other") == nil)
    #expect(FirebaseApp.allApps?.count == 1)
    #expect(FirebaseOptions.defaultOptions()?.clientID == app.options.clientID)
    app.options.clientID = "changed"
    #expect(app.options.clientID != "changed", "each reader gets a copy, as FirebaseCore hands them out")

    let world = FirebaseWorld(
      accounts: [.init(email: "pat@example.com", password: "Str0ng-pass", emailVerified: true)])
    try await world.withDevice("phone") {
      #expect(Auth.auth(app: app) === Auth.auth())
      #expect(Auth.auth().app === app)
      #expect(world.projectID == app.options.projectID)
      let user = try await Auth.auth().signIn(withEmail: "pat@example.com", password: "Str0ng-pass").user
      let token = try await user.getIDTokenResult()
      #expect((token.claims["aud"] as? String) == app.options.projectID)
    }
  }
}
