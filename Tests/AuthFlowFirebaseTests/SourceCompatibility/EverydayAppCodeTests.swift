import AuthFlowFirebase
import Foundation
import Testing

/// Runs the completion-handler controllers of EverydayAppCode.swift against a world.
@Suite struct EverydayAppCodeTests {
  @Test func theEmailLinkControllerSignsInOnceThenSaysTheLinkHasExpired() throws {
    let world = FirebaseWorld()
    try world.withDevice("phone") {
      let controller = EmailLinkController()
      controller.sendLink(to: "nia@example.com")
      #expect(controller.status == "Check your email for link")
      let link = try #require(world.newestEmail(.signInLink, to: "nia@example.com")).link
      let url = try #require(URL(string: link))
      controller.open(url)
      #expect(controller.status == "Signed in as nia@example.com")
      try Auth.auth().signOut()
      controller.open(url)
      #expect(controller.status == "The link has expired")
    }
  }

  @Test func theSecondFactorControllerSendsTheCodeToTheHintAndFinishes() throws {
    var pat = FirebaseWorld.AccountSeed(
      email: "pat@example.com", password: "Str0ng-pass", emailVerified: true)
    pat.mfa = [.init(.phone, number: "+15555550100")]
    let world = FirebaseWorld(accounts: [pat])
    try world.withDevice("phone") {
      let controller = SecondFactorController()
      controller.signIn(email: "pat@example.com", password: "Str0ng-pass")
      #expect(controller.status == "Code sent to +*******0100")
      let sms = try #require(world.newestSMS(to: "+15555550100"))
      controller.finish(code: sms.code)
      #expect(controller.status.hasPrefix("Signed in "))
      #expect(Auth.auth().currentUser?.email == "pat@example.com")
    }
  }
}
