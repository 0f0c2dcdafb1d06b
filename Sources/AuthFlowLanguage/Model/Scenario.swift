/// One scenario: a YAML document of a scenario file, fully checked and typed.
public struct Scenario: Equatable, Sendable {
  public var name: String
  public var file: String
  /// Where the document starts.
  public var location: SourceLocation
  public var description: String?
  public var tags: [String]
  /// The bug this scenario pins down.
  public var reproduces: String?
  /// The machine named in the file; the command line's `--machine` overrides it.
  public var machine: Located<MachineReference>?
  /// The file's seed; the command line's `--seed` overrides it.
  public var seed: UInt64?
  /// Exhaustive mode: every email sent and error shown must be checked before the next action.
  public var strict: Bool
  public var backend: BackendSettings
  public var given: Given
  /// Device names; the first is the default device.
  public var devices: [String]
  public var steps: [Step]
  /// Every password the file mentions, in order of first appearance, so transcripts can number them.
  public var passwords: [String]
  /// Every password and every value typed into a field, in order of first appearance: the secrets of a run are
  /// those of them its machine hides (``secrets(for:)``).
  public var secretMentions: [SecretMention]

  /// A string the scenario gives as a password (`field` nil) or types into a field.
  public struct SecretMention: Hashable, Sendable {
    public var text: String
    public var field: String?

    public init(text: String, field: String?) {
      self.text = text
      self.field = field
    }
  }

  public init(
    name: String, file: String, location: SourceLocation, description: String? = nil, tags: [String] = [],
    reproduces: String? = nil, machine: Located<MachineReference>? = nil, seed: UInt64? = nil,
    strict: Bool = false,
    backend: BackendSettings = BackendSettings(), given: Given = Given(), devices: [String] = ["phone"],
    steps: [Step], passwords: [String] = [], secretMentions: [SecretMention] = []
  ) {
    self.name = name
    self.file = file
    self.location = location
    self.description = description
    self.tags = tags
    self.reproduces = reproduces
    self.machine = machine
    self.seed = seed
    self.strict = strict
    self.backend = backend
    self.given = given
    self.devices = devices
    self.steps = steps
    self.passwords = passwords
    self.secretMentions = secretMentions
  }

  public var defaultDevice: String { devices.first ?? "phone" }

  /// The newest scenario-language version this build reads.
  public static let languageVersion = 1
}
