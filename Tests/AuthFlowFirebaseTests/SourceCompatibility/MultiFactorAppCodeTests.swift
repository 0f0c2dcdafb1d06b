import AuthFlowFirebase
import Foundation
import Testing

/// Runs the guide-style multi-factor app code of MultiFactorAppCode.swift against a world.
@Suite struct MultiFactorAppCodeTests {
  @Test @MainActor func theGuidesEnrollBothFactorsThenSignInWithEach() async throws {
    let world = FirebaseWorld(
      accounts: [.init(email: "pat@example.com", password: "Str0ng-pass", emailVerified: true)])
    try await world.withDevice("phone") {
      let login = SecondFactorLogin()
      #expect(await login.signIn(email: "pat@example.com", password: "Str0ng-pass"))

      let settings = SecondFactorSettings()
      settings.sendEnrollmentCode(to: "+15555550100")
      #expect(settings.verificationID != nil && settings.message == nil)
      let sms = try #require(world.newestSMS(to: "+15555550100"))
      settings.enrollPhone(code: sms.code, displayName: "Work phone")
      #expect(settings.message == "Phone enrolled")

      await settings.startAuthenticator()
      #expect(settings.qrCodeURL?.hasPrefix("otpauth://totp/Demo App:pat@example.com?secret=") == true)
      #expect(settings.describeFactors() == ["SMS +15555550100"])
      try Auth.auth().signOut()

      #expect(await !login.signIn(email: "pat@example.com", password: "Str0ng-pass"))
      #expect(login.message == "Second factor needed")
      #expect(login.hintTitles() == ["+*******0100"])
      login.sendCode()
      let signInSMS = try #require(world.newestSMS(to: "+15555550100"))
      #expect(signInSMS.verificationID == login.verificationID)
      login.resolveWithSMS(code: signInSMS.code == "000000" ? "111111" : "000000")
      #expect(login.message == "Wrong code")
      login.resolveWithSMS(code: signInSMS.code)
      #expect(login.message == "Welcome pat@example.com")
      #expect(Auth.auth().currentUser?.email == "pat@example.com")

      try await settings.removeAllFactors()
      #expect(settings.describeFactors() == [])
    }
  }

  @Test @MainActor func theAuthenticatorGuideEnrollsAndSignsIn() async throws {
    let world = FirebaseWorld(
      accounts: [.init(email: "pat@example.com", password: "Str0ng-pass", emailVerified: true)])
    try await world.withDevice("phone") {
      let login = SecondFactorLogin()
      #expect(await login.signIn(email: "pat@example.com", password: "Str0ng-pass"))
      let settings = SecondFactorSettings()
      await settings.startAuthenticator()
      let url = try #require(settings.qrCodeURL)
      let key = try #require(
        URLComponents(string: url.replacingOccurrences(of: " ", with: "%20"))?.queryItems?.first {
          $0.name == "secret"
        }?.value)
      #expect(key.count == 32)
      #expect(key == settings.totpSecret?.sharedSecretKey())
      let secret = try #require(settings.totpSecret)
      let code = try #require(world.authenticatorCode(secret: secret))
      #expect(await settings.finishAuthenticator(code: code))
      #expect(settings.describeFactors() == ["Authenticator TOTP"])
      try Auth.auth().signOut()

      #expect(await !login.signIn(email: "pat@example.com", password: "Str0ng-pass"))
      let hint = try #require(login.resolver?.hints.first)
      #expect(login.hintTitles() == ["TOTP"])
      let signInCode = try #require(world.authenticatorCode(factor: hint))
      let result = try #require(await login.resolveWithAuthenticator(code: signInCode))
      #expect(result.user.email == "pat@example.com")
    }
  }
}
