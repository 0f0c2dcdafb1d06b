import AuthFlowFirebase
import Foundation
import Testing

/// Changing the email through the SDK's API: verified first, or directly with the deprecated `updateEmail`.
@Suite struct UserEmailChangeTests {
  @Test func theEmailChangesWhenTheLinkIsOpenedAndTheAppMustSignInAgain() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let user = try await auth.createUser(withEmail: "carol@example.com", password: "Str0ng-pass").user
    try await user.sendEmailVerification(beforeUpdatingEmail: "carol.new@example.com")
    #expect(world.account(email: "carol@example.com") != nil)
    let email = try #require(world.newestEmail(.verifyAndChangeEmail, to: "carol.new@example.com"))
    let info = try await auth.checkActionCode(code(in: email))
    #expect(info.operation == .verifyAndChangeEmail)
    #expect(info.email == "carol.new@example.com")
    #expect(info.previousEmail == "carol@example.com")

    try await auth.applyActionCode(code(in: email))
    #expect(world.account(email: "carol.new@example.com")?.emailVerified == true)
    let error = await thrownError { try await user.reload() }
    #expect(error?.code == AuthErrorCode.userTokenExpired.rawValue)
    #expect(auth.currentUser == nil)

    let signedIn = try await auth.signIn(withEmail: "carol.new@example.com", password: "Str0ng-pass").user
    #expect(signedIn.uid == user.uid)
    let recover = try #require(world.newestEmail(.recoverEmail, to: "carol@example.com"))
    #expect(ActionCodeURL(link: recover.link)?.operation == .recoverEmail)
    // As the SDK reads production's answer for a recover code: `email` is the address now, `previousEmail` the
    // one being recovered.
    let recovering = try await auth.checkActionCode(code(in: recover))
    #expect(recovering.operation == .recoverEmail)
    #expect(recovering.email == "carol.new@example.com")
    #expect(recovering.previousEmail == "carol@example.com")
    #expect(try await auth.verifyPasswordResetCode(code(in: recover)) == "carol.new@example.com")
  }

  @Test func updateEmailIsRefusedUnderEnumerationProtection() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let user = try await auth.createUser(withEmail: "carol@example.com", password: "Str0ng-pass").user
    let error = await thrownError {
      try await (user as any EmailUpdating).updateEmail(to: "carol.new@example.com")
    }
    #expect(error?.code == AuthErrorCode.operationNotAllowed.rawValue)
    #expect(error?.localizedDescription == "Please verify the new email before changing email.")
    #expect(user.email == "carol@example.com")
  }

  @Test func updateEmailWithoutProtectionChangesTheCachedUserAtOnce() async throws {
    var settings = FirebaseWorld.Settings()
    settings.emailEnumerationProtection = false
    let world = FirebaseWorld(settings: settings)
    let auth = world.auth(for: "phone")
    let user = try await auth.createUser(withEmail: "carol@example.com", password: "Str0ng-pass").user
    try await (user as any EmailUpdating).updateEmail(to: "carol.new@example.com")
    #expect(user.email == "carol.new@example.com")
    #expect(user.isEmailVerified == false)
    try await user.reload()
    #expect(auth.currentUser?.email == "carol.new@example.com")
  }
}

/// `updateEmail` is deprecated, as in the SDK; the tests call it through this protocol so the build stays free
/// of warnings.
private protocol EmailUpdating {
  func updateEmail(to email: String) async throws
}

extension User: EmailUpdating {}
