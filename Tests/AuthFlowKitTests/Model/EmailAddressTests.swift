import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// One email rule: what the loader accepts in `given` is exactly what the backend's sign-up accepts.
@Suite struct EmailAddressTests {
  static let addresses: [(String, Bool)] = [
    ("ana@example.com", true), ("ANA@Example.COM", true), ("ana+tag@mail.example.co", true),
    ("anä@exämple.de", true), ("ana@example", false), ("@example.com", false), ("ana@@example.com", false),
    ("ana@.example.com", false), ("ana@example.com.", false), ("ana@example..com", false),
    ("an a@example.com", false), ("ana@exa\u{00A0}mple.de", false), ("anä@exämple..de", false), ("", false),
    ("ana.example.com", false), ("a\u{0}b@example.com", false), ("ana\u{7F}@example.com", false),
    ("anä\u{1}@exämple.de", false), ("anä\u{80}@exämple.de", false),
  ]

  @Test(arguments: addresses)
  func theLoaderAndTheBackendAgree(address: String, valid: Bool) {
    #expect(EmailAddress.isValid(address) == valid)
    let yaml = "scenario: x\ngiven:\n  accounts:\n    - { email: \"\(address)\" }\nsteps: [launch]\n"
    let loaded = ScenarioLoader().load(yaml: yaml, file: "test.yaml")
    #expect(loaded.diagnostics.isEmpty == valid, "\(loaded.diagnostics)")
    #expect(Backend.isValidEmail(address) == valid)
  }

  @Test func theDomainIsWhatFollowsTheAtLowercased() {
    #expect(EmailAddress.domain(of: "Eve@GMail.com") == "gmail.com")
    #expect(EmailAddress.domain(of: "eve.gmail.com") == nil)
  }
}
