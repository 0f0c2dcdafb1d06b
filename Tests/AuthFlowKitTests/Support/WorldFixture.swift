@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// A world with a few helpers for backend and client tests: virtual clock at 2026-01-01, seed 1.
struct WorldFixture {
  let world: World

  init(_ configure: (inout BackendSettings) -> Void = { _ in }) {
    var settings = BackendSettings()
    configure(&settings)
    world = World(settings: settings, start: .defaultStart, seed: 1, redactor: Redactor(passwords: []))
  }

  var backend: Backend { world.backend }

  func client(_ device: String = "phone") -> AuthClient { AuthClient(device: device, world: world) }

  /// An account created as `given.accounts` would create it.
  func account(
    _ email: String, password: String? = "correct-horse", verified: Bool = false, providers: [ProviderID] = []
  ) {
    for provider in providers { idp(provider, email) }
    backend.seed(
      AccountSeed(email: email, password: password, emailVerified: verified, providers: providers),
      identityProviders: world.identityProviders)
  }

  @discardableResult
  func idp(_ provider: ProviderID, _ email: String, name: String? = nil, verified: Bool? = nil)
    -> IdentityProviders.Account
  {
    if let existing = world.identityProviders.account(provider, email: email) { return existing }
    let account = IdentityProviders.Account(
      provider: provider, subject: "sub-\(provider.rawValue)-\(email)", email: email, name: name,
      emailVerified: verified ?? provider.verifiesEmailByDefault)
    world.identityProviders.add(account)
    return account
  }

  func wait(_ duration: VirtualDuration) { world.advance(to: world.now + duration) }

  func stored(_ email: String) -> Account? { backend.account(email: email) }
}

/// Runs a throwing backend call and returns its error code, or nil when it succeeded.
func errorCode<T>(_ body: () throws -> T) -> AuthErrorCode? {
  do {
    _ = try body()
    return nil
  } catch let error as AuthErrorCode {
    return error
  } catch {
    return AuthErrorCode(rawValue: "unexpected \(error)")
  }
}
