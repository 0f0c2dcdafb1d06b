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

  init(
    displayName: String? = nil, allowPasswordSignup: Bool? = nil, enableEmailLinkSignin: Bool? = nil,
    enableAnonymousUser: Bool? = nil, disableAuth: Bool? = nil, mfaConfig: MFAConfig? = nil,
    testPhoneNumbers: [String: String]? = nil
  ) {
    self.displayName = displayName
    self.allowPasswordSignup = allowPasswordSignup
    self.enableEmailLinkSignin = enableEmailLinkSignin
    self.enableAnonymousUser = enableAnonymousUser
    self.disableAuth = disableAuth
    self.mfaConfig = mfaConfig
    self.testPhoneNumbers = testPhoneNumbers
  }

  /// Refuses test phone numbers production would not store: at most 10, each an E.164 number with a six-digit
  /// code (`INVALID_TESTING_PHONE_NUMBER`, `MAXIMUM_TEST_PHONE_NUMBER_EXCEEDED`, as the Admin SDKs name the
  /// service's answers), so a tenant never signs in with a code no phone could be sent.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
    allowPasswordSignup = try container.decodeIfPresent(Bool.self, forKey: .allowPasswordSignup)
    enableEmailLinkSignin = try container.decodeIfPresent(Bool.self, forKey: .enableEmailLinkSignin)
    enableAnonymousUser = try container.decodeIfPresent(Bool.self, forKey: .enableAnonymousUser)
    disableAuth = try container.decodeIfPresent(Bool.self, forKey: .disableAuth)
    mfaConfig = try container.decodeIfPresent(MFAConfig.self, forKey: .mfaConfig)
    testPhoneNumbers = try container.decodeIfPresent([String: String].self, forKey: .testPhoneNumbers)
    let numbers = testPhoneNumbers ?? [:]
    if numbers.count > PhoneNumber.testNumberLimit {
      throw ServiceError(
        "MAXIMUM_TEST_PHONE_NUMBER_EXCEEDED : at most \(PhoneNumber.testNumberLimit) test phone numbers")
    }
    for number in numbers.keys.sorted() {
      guard PhoneNumber.isValid(number) else {
        throw ServiceError("INVALID_TESTING_PHONE_NUMBER : \"\(number.prefix(64))\" is not an E.164 number")
      }
      guard PhoneNumber.isTestCode(numbers[number] ?? "") else {
        throw ServiceError("INVALID_TESTING_PHONE_NUMBER : the code of \(number) is not six digits")
      }
    }
  }

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

    /// `{adjacentIntervals}`: how many 30-second steps before and after the current one a code may be from
    /// (0 to 10; production's default 5).
    struct TOTPProviderConfig: Codable, Equatable, Sendable {
      var adjacentIntervals: Int?

      init(adjacentIntervals: Int? = nil) { self.adjacentIntervals = adjacentIntervals }

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        adjacentIntervals = try container.decodeIfPresent(Int.self, forKey: .adjacentIntervals)
        if let intervals = adjacentIntervals, !(0...10).contains(intervals) {
          throw ServiceError.invalidArgument(
            "mfaConfig.providerConfigs.totpProviderConfig.adjacentIntervals must be from 0 to 10, found \(intervals)"
          )
        }
      }
    }

    /// The states that turn a setting on: `ENABLED`, and `MANDATORY`, which the emulator treats as on too.
    static let onStates: Set = ["ENABLED", "MANDATORY"]

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
    let totp = mfaConfig?.providerConfigs?.first {
      $0.totpProviderConfig != nil && MFAConfig.onStates.contains($0.state ?? "")
    }
    if totp != nil { factors.append(.totp) }
    // `ENABLED` or `MANDATORY` turns MFA on (a sign-in with enrolled factors is challenged, as the emulator's
    // `isMfaEnabled` says); which factors may be used is the providers' part.
    settings.mfa = MFASettings(
      enabled: MFAConfig.onStates.contains(mfaConfig?.state ?? ""), factors: factors,
      totpAdjacentIntervals: totp?.totpProviderConfig?.adjacentIntervals ?? MFASettings.defaultTOTPWindow)
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
