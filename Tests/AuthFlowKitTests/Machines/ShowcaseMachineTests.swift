import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `showcase` played through inline scenarios: anonymous-first onboarding and the guest's upgrade.
@Suite("showcase machine")
struct ShowcaseMachineTests {
  static let upgrade = """
    scenario: a guest creates an account
    machine: showcase
    steps:
      - sign_in_anonymously:
        expect: { state: signedIn, screen: home, user: { anonymous: true }, ui: { greeting: Guest } }
      - wait: 1d
      - sign_up: { email: gus@example.com, password: "Str0ng-pass" }
        expect: { user: { anonymous: false, email: gus@example.com }, ui: { member_since: "2026-01-01" } }
    """

  @Test func aGuestUpgradedInPlaceKeepsItsCreationDate() throws {
    expectPassed(try play(Self.upgrade))
  }

  /// The mutant signs the guest out first: the new account's creation date gives it away.
  @Test func losingTheGuestsDataIsCaught() throws {
    let broken = try play(Self.upgrade, machine: "showcase~loses-guest-data")
    #expect(broken.status == .failed)
    #expect(broken.failure?.key == "ui.member_since")
    #expect(broken.failure?.actual == "2026-01-02")
  }

  @Test func signingOutAGuestLosesIt() throws {
    let result = try play(
      """
      scenario: a guest signs out
      machine: showcase
      steps:
        - sign_in_anonymously
        - sign_out:
          expect: { state: signedOut, screen: welcome, user: none }
        - wait: 1d
        - sign_in_anonymously:
          expect: { user: { anonymous: true }, ui: { member_since: "2026-01-02" } }
      """)
    expectPassed(result)
  }

  /// authkit links identity providers only: a password link is an error that says so, not a silent no-op.
  @Test func authkitRefusesToLinkAPassword() throws {
    let result = try play(
      """
      scenario: add a password on authkit
      given:
        accounts: [{ email: ann@example.com, password: "correct-horse", email_verified: true }]
        signed_in: { phone: ann@example.com }
      steps:
        - link_provider: { provider: password, email: ann@example.com, password: "Str0ng-pass" }
      """)
    #expect(result.status == .errored)
    #expect(
      result.failure?.message
        == "step 1: machine 'authkit' failed: the machine's 'link_provider' does not take a password (it links "
        + "identity providers)")
  }

  @Test func theMachinesListingShowsShowcaseAndItsMutants() {
    let listing = Commands.machineListing(.builtIn)
    #expect(listing.contains("showcase — anonymous-first onboarding"))
    #expect(
      listing.contains(
        "  sign_in_with / reauthenticate: google.com, apple.com\n  type: email\n"
          + "  screens: welcome, home, reauthenticate, confirmEmail, enterCode"))
    #expect(
      MachineRegistry.builtIn.mutants(of: "showcase").map(\.name) == [
        "showcase~loses-guest-data", "showcase~stuck-on-credential-in-use", "showcase~update-email-directly",
        "showcase~drops-operation-after-reauthentication", "showcase~link-on-any-device",
        "showcase~forgets-email-on-relaunch", "showcase~reads-role-once",
        "showcase~profile-clears-untouched-fields", "showcase~disconnect-only-hides",
        "showcase~keeps-email-after-sign-in", "showcase~reuses-expired-verification-id",
        "showcase~drops-code-field-on-wrong-code", "showcase~waits-for-code-never-sent",
        "showcase~ignores-mfa-required", "showcase~enrolls-without-reauthentication",
        "showcase~no-email-means-guest",
      ])
  }

  /// The mutant that reads the role once reads it at sign-in, or at launch for a restored session: whether an
  /// expectation looked at the screen first changes nothing.
  @Test(arguments: ["", "    expect: { ui: { greeting: Guest } }\n"])
  func readingTheScreenDoesNotDecideWhenTheMutantReadsTheRole(look: String) throws {
    let yaml = """
      scenario: a role given after launch
      machine: showcase
      given:
        accounts:
          - { id: guest, anonymous: true }
        signed_in:
          phone: guest
      steps:
        - admin: { set_claims: { id: guest, claims: { role: tester } } }
      \(look)  - refresh:
          expect: { ui: { role: tester } }
      """
    expectPassed(try play(yaml))
    let mutant = try play(yaml, machine: "showcase~reads-role-once")
    #expect(mutant.status == .failed)
    #expect(mutant.failure?.actual == "(not shown)")
  }

  /// Every action of SPEC 2.2 works on showcase too: a reset link from welcome or from the password prompt,
  /// and the verification link sent again from home.
  @Test func forgotPasswordAndResendVerificationWorkWhereTheAppOffersThem() throws {
    expectPassed(
      try play(
        """
        scenario: forgot password and resend
        machine: showcase
        devices: [phone, tablet]
        given:
          accounts: [{ email: ann@example.com, password: "Str0ng-pass", email_verified: true }]
        steps:
          - forgot_password: ann@example.com
            expect: { mail: { to: ann@example.com, kind: password_reset, count: 1 }, screen: welcome }
          - forgot_password:
            expect: { error: app/missing-email }
          - follow_link: { mail: password_reset, to: ann@example.com, new_password: "N3w-pass-word" }
          - sign_in: { email: ann@example.com, password: "N3w-pass-word" }
            expect: { state: signedIn, screen: home }
          - resend_verification:
            expect: { mail: { to: ann@example.com, kind: verify_email, count: 0 } }
          - sign_up: { email: bea@example.com, password: "Str0ng-pass" }
            device: tablet
          - resend_verification:
            device: tablet
            expect: { mail: { to: bea@example.com, kind: verify_email, count: 1 } }
          - wait: 1h
          - change_password: "An0ther-pass"
            expect: { screen: reauthenticate }
          - forgot_password:
            expect: { screen: reauthenticate, mail: { to: ann@example.com, kind: password_reset, count: 2 } }
        """))
  }
}
