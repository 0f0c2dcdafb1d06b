import AuthFlowFirebase
import Foundation
import Testing

/// Verification and password-reset codes, applied in the app or in a browser.
@Suite struct AuthActionCodeTests {
  /// A "Forgot password?" button pressed with an empty field: production answers `MISSING_EMAIL`, which the
  /// SDK reports as `missingEmail`; a malformed address is `invalidEmail`.
  @Test func aResetForNoEmailIsMissingEmail() async throws {
    let auth = FirebaseWorld().auth(for: "phone")
    let missing = await thrownError { try await auth.sendPasswordReset(withEmail: "") }
    #expect(missing?.code == AuthErrorCode.missingEmail.rawValue)
    let malformed = await thrownError { try await auth.sendPasswordReset(withEmail: "not-an-email") }
    #expect(malformed?.code == AuthErrorCode.invalidEmail.rawValue)
  }

  /// The SDK's `verifyPasswordResetCode` is `checkActionCode`'s email: a valid code of another kind answers too,
  /// and nothing is used up.
  @Test func verifyPasswordResetCodeReadsACodeOfAnyKind() async throws {
    let world = FirebaseWorld(accounts: [.init(email: "una@example.com", password: "Str0ng-pass")])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "una@example.com", password: "Str0ng-pass").user
    try await user.sendEmailVerification()
    let verify = code(in: world.newestEmail(.verifyEmail, to: "una@example.com"))
    #expect(try await auth.verifyPasswordResetCode(verify) == "una@example.com")
    try await auth.applyActionCode(verify)
    #expect(world.account(email: "una@example.com")?.emailVerified == true)
    let used = await thrownError { _ = try await auth.verifyPasswordResetCode(verify) }
    #expect(used?.code == AuthErrorCode.invalidActionCode.rawValue)
  }

  @Test func verifyInTheAppThenReload() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let user = try await auth.createUser(withEmail: "carol@example.com", password: "Str0ng-pass").user
    try await user.sendEmailVerification()
    let email = try #require(world.newestEmail(.verifyEmail, to: "carol@example.com"))
    let info = try await auth.checkActionCode(code(in: email))
    #expect(info.operation == .verifyEmail)
    #expect(info.email == "carol@example.com")
    try await auth.applyActionCode(code(in: email))
    #expect(world.account(email: "carol@example.com")?.emailVerified == true)
    #expect(user.isEmailVerified == false, "the cached user is stale until reload")
    try await user.reload()
    #expect(user.isEmailVerified)
    #expect(auth.currentUser === user)
    let again = await thrownError { try await auth.applyActionCode(code(in: email)) }
    #expect(again?.code == AuthErrorCode.invalidActionCode.rawValue)
  }

  @Test func verifyInABrowserWhileTheAppWaits() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let user = try await auth.createUser(withEmail: "carol@example.com", password: "Str0ng-pass").user
    try await user.sendEmailVerification()
    world.advance(by: .hours(2))
    try world.openLink(try #require(world.newestEmail(.verifyEmail, to: "carol@example.com")))
    try await user.reload()
    #expect(user.isEmailVerified)
  }

  @Test func verificationCodesExpireAfterThreeDays() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let user = try await auth.createUser(withEmail: "carol@example.com", password: "Str0ng-pass").user
    try await user.sendEmailVerification()
    world.advance(by: .days(4))
    let error = await thrownError {
      try await auth.applyActionCode(code(in: world.newestEmail(.verifyEmail, to: "carol@example.com")))
    }
    #expect(error?.code == AuthErrorCode.expiredActionCode.rawValue)
  }

  @Test func passwordResetRevokesTheOtherDevicesSession() async throws {
    let world = FirebaseWorld(
      accounts: [.init(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)],
      signedIn: [(device: "laptop", email: "bob@example.com")])
    let phone = world.auth(for: "phone")
    let laptop = world.auth(for: "laptop")
    let laptopUser = try #require(laptop.currentUser)
    try await phone.sendPasswordReset(withEmail: "bob@example.com")
    let resetCode = code(in: world.newestEmail(.passwordReset, to: "bob@example.com"))
    #expect(try await phone.verifyPasswordResetCode(resetCode) == "bob@example.com")
    try await phone.confirmPasswordReset(withCode: resetCode, newPassword: "N3w-pass-word")
    let error = await thrownError { try await laptopUser.reload() }
    #expect(error?.code == AuthErrorCode.userTokenExpired.rawValue)
    #expect(laptop.currentUser == nil, "the client signs itself out when its session is revoked")
    try await phone.signIn(withEmail: "bob@example.com", password: "N3w-pass-word")
  }

  @Test func resetForAnUnknownEmailSendsNothingUnderEnumerationProtection() async throws {
    let world = FirebaseWorld()
    try await world.auth(for: "phone").sendPasswordReset(withEmail: "nobody@example.com")
    #expect(world.emails.isEmpty)
    let open = FirebaseWorld(settings: .withoutEnumerationProtection)
    let error = await thrownError {
      try await open.auth(for: "phone").sendPasswordReset(withEmail: "nobody@example.com")
    }
    #expect(error?.code == AuthErrorCode.userNotFound.rawValue)
  }
}
