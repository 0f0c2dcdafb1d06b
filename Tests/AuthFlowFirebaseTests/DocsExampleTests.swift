// The XCTest example of Docs/FirebaseAPI.md, kept compiling and passing here.
import AuthFlowFirebase
import XCTest

final class VerificationTests: XCTestCase {
  func testVerifyingInTheBrowserShowsAfterReload() async throws {
    let world = FirebaseWorld(
      accounts: [.init(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)],
      identityProviderAccounts: [.google: [.init(email: "gina@gmail.com", name: "Gina")]],
      seed: 7)

    try await world.withDevice("phone") {  // Auth.auth() is the phone's here
      let user = try await Auth.auth().createUser(withEmail: "carol@example.com", password: "Str0ng-pass")
        .user
      try await user.sendEmailVerification()

      let mail = try XCTUnwrap(world.newestEmail(.verifyEmail, to: "carol@example.com"))
      try world.openLink(mail)  // the browser applies the code
      XCTAssertEqual(world.account(email: "carol@example.com")?.emailVerified, true)
      XCTAssertFalse(user.isEmailVerified)  // the cached user is stale…
      try await user.reload()
      XCTAssertTrue(user.isEmailVerified)  // …until reload

      world.advance(by: .minutes(6))  // deleting now needs a recent login
      do {
        try await user.delete()
        XCTFail("expected requiresRecentLogin")
      } catch let error as NSError {
        XCTAssertEqual(error.code, AuthErrorCode.requiresRecentLogin.rawValue)
      }
    }
    XCTAssertNil(world.auth(for: "laptop").currentUser)  // another device, its own session
  }
}
