import AuthFlowEngine
import AuthFlowLanguage

/// A tenant's configuration as Identity Platform's v2 API writes it (`projects.tenants`): which sign-in methods
/// it allows, whether auth is disabled, its multi-factor settings and its test phone numbers. A field that is
/// nil was never set and reads as its default: every method off, auth on, MFA `DISABLED`, as production creates
/// a tenant from an empty body.
struct TenantConfig: Codable, Equatable, Sendable {
  var displayName: String?
  var allowPasswordSignup: Bool?
  var enableEmailLinkSignin: Bool?
  var enableAnonymousUser: Bool?
  var disableAuth: Bool?
  var mfaConfig: MFAConfig?
  var testPhoneNumbers: [String: String]?

  /// `mfaConfig`: `state` (`ENABLED` or `DISABLED`), `enabledProviders` (`PHONE_SMS`) and `providerConfigs`
  /// (a TOTP provider, `{state, totpProviderConfig: {adjacentIntervals}}`).
  struct MFAConfig: Codable, Equatable, Sendable {
    var state: String?
    var enabledProviders: [String]?
    var providerConfigs: [ProviderConfig]?

    struct ProviderConfig: Codable, Equatable, Sendable {
      var state: String?
      var totpProviderConfig: TOTPProviderConfig?

      init(state: String? = nil, totpProviderConfig: TOTPProviderConfig? = nil) {
        self.state = state
        self.totpProviderConfig = totpProviderConfig
      }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        state = try MFAConfig.checked(
          container.decodeIfPresent(String.self, forKey: .state), in: MFAConfig.states,
          at: "mfaConfig.providerConfigs.state")
        totpProviderConfig = try container.decodeIfPresent(
          TOTPProviderConfig.self, forKey: .totpProviderConfig)
      }
    }

    struct TOTPProviderConfig: Codable, Equatable, Sendable {
      var adjacentIntervals: Int?
    }

    init(state: String? = nil, enabledProviders: [String]? = nil, providerConfigs: [ProviderConfig]? = nil) {
      self.state = state
      self.enabledProviders = enabledProviders
      self.providerConfigs = providerConfigs
    }

    /// Refuses a value the API's enums do not have, as production does (`Invalid value at …`), so a typo
    /// (`ENABELD`) is not stored and then read as "off".
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      state = try Self.checked(
        container.decodeIfPresent(String.self, forKey: .state), in: Self.states, at: "mfaConfig.state")
      enabledProviders = try container.decodeIfPresent([String].self, forKey: .enabledProviders)
      for provider in enabledProviders ?? [] {
        _ = try Self.checked(provider, in: Self.providers, at: "mfaConfig.enabledProviders")
      }
      providerConfigs = try container.decodeIfPresent([ProviderConfig].self, forKey: .providerConfigs)
    }

    /// `MultiFactorAuthConfig.State` and `ProviderConfig.State`.
    static let states: Set = ["STATE_UNSPECIFIED", "DISABLED", "ENABLED", "MANDATORY"]
    /// `MultiFactorAuthConfig.Provider`.
    static let providers: Set = ["PROVIDER_UNSPECIFIED", "PHONE_SMS"]

    static func checked(_ value: String?, in allowed: Set<String>, at field: String) throws -> String? {
      guard let value, !allowed.contains(value) else { return value }
      throw ServiceError.badJSON("Invalid value at '\(field)' (TYPE_ENUM), \"\(value)\"")
    }
  }

  /// What the emulator gives a tenant it creates because a request named it: every method and SMS MFA on.
  static let namedOnUse = TenantConfig(
    allowPasswordSignup: true, enableEmailLinkSignin: true, enableAnonymousUser: true, disableAuth: false,
    mfaConfig: MFAConfig(state: "ENABLED", enabledProviders: ["PHONE_SMS"]))

  /// Whether requests for this tenant are refused (`PROJECT_DISABLED`).
  var isDisabled: Bool { disableAuth == true }

  /// The tenant's resource as the API answers it, with every default spelled out.
  func json(project: String, id: String) -> JSON {
    var mfa: [String: JSON] = [
      "state": .string(mfaConfig?.state ?? "DISABLED"),
      "enabledProviders": .array((mfaConfig?.enabledProviders ?? []).map(JSON.string)),
    ]
    if let configs = mfaConfig?.providerConfigs {
      mfa["providerConfigs"] = .array(
        configs.map { config in
          var json: [String: JSON] = ["state": .optional(config.state)]
          if let totp = config.totpProviderConfig {
            json["totpProviderConfig"] = [
              "adjacentIntervals": totp.adjacentIntervals.map { .int(Int64($0)) } ?? .null
            ]
          }
          return .object(json)
        })
    }
    var json: [String: JSON] = [
      "name": .string("projects/\(project)/tenants/\(id)"), "tenantId": .string(id),
      "displayName": .optional(displayName),
      "allowPasswordSignup": .bool(allowPasswordSignup ?? false),
      "enableEmailLinkSignin": .bool(enableEmailLinkSignin ?? false),
      "enableAnonymousUser": .bool(enableAnonymousUser ?? false), "disableAuth": .bool(isDisabled),
      "mfaConfig": .object(mfa),
    ]
    if let numbers = testPhoneNumbers, !numbers.isEmpty {
      json["testPhoneNumbers"] = .object(numbers.mapValues(JSON.string))
    }
    return .object(json)
  }

  /// `update` applied under `updateMask`: an empty mask replaces the whole configuration (unset fields go back
  /// to their defaults); otherwise each listed field the update sets is copied. A path into a field that is not
  /// an object (`displayName.0`) or that the update does not set changes nothing, as the emulator does.
  mutating func apply(_ update: TenantConfig, mask: [String]) {
    guard !mask.isEmpty else {
      self = update
      return
    }
    for path in mask {
      switch path {
      case "displayName": displayName = update.displayName ?? displayName
      case "allowPasswordSignup": allowPasswordSignup = update.allowPasswordSignup ?? allowPasswordSignup
      case "enableEmailLinkSignin":
        enableEmailLinkSignin = update.enableEmailLinkSignin ?? enableEmailLinkSignin
      case "enableAnonymousUser": enableAnonymousUser = update.enableAnonymousUser ?? enableAnonymousUser
      case "disableAuth": disableAuth = update.disableAuth ?? disableAuth
      case "testPhoneNumbers": testPhoneNumbers = update.testPhoneNumbers ?? testPhoneNumbers
      case "mfaConfig": mfaConfig = update.mfaConfig ?? mfaConfig
      case "mfaConfig.state":
        if let state = update.mfaConfig?.state { mfaConfig = (mfaConfig ?? MFAConfig()).with(state: state) }
      case "mfaConfig.enabledProviders":
        if let providers = update.mfaConfig?.enabledProviders {
          var config = mfaConfig ?? MFAConfig()
          config.enabledProviders = providers
          mfaConfig = config
        }
      case "mfaConfig.providerConfigs":
        if let configs = update.mfaConfig?.providerConfigs {
          var config = mfaConfig ?? MFAConfig()
          config.providerConfigs = configs
          mfaConfig = config
        }
      default: continue
      }
    }
  }

  /// The knobs of the tenant's world: the project's, with the tenant's own sign-in methods, MFA settings and
  /// test phone numbers. Phone and the identity providers stay as the project has them (production configures
  /// a tenant's IdPs separately; the served world trusts whatever IdP token a request brings).
  func settings(inheriting project: BackendSettings) -> BackendSettings {
    var settings = project
    let own: [(String, Bool?)] = [
      ("password", allowPasswordSignup), ("email_link", enableEmailLinkSignin),
      ("anonymous", enableAnonymousUser),
    ]
    for (method, enabled) in own {
      settings.signInMethods.removeAll { $0 == method }
      if enabled == true { settings.signInMethods.append(method) }
    }
    var factors: [SecondFactor.Kind] = []
    if mfaConfig?.enabledProviders?.contains("PHONE_SMS") == true { factors.append(.phone) }
    let totp = mfaConfig?.providerConfigs?.contains {
      $0.totpProviderConfig != nil && $0.state == "ENABLED"
    }
    if totp == true { factors.append(.totp) }
    // `ENABLED` turns MFA on (a sign-in with enrolled factors is challenged, as the emulator's
    // `isMfaEnabled` says); which factors may be used is the providers' part.
    settings.mfa = MFASettings(enabled: mfaConfig?.state == "ENABLED", factors: factors)
    settings.testPhoneNumbers = testPhoneNumbers ?? [:]
    return settings
  }
}

extension TenantConfig.MFAConfig {
  fileprivate func with(state: String) -> Self {
    var copy = self
    copy.state = state
    return copy
  }
}
