/// One scenario: a YAML document of a scenario file, fully checked and typed.
public struct Scenario: Equatable, Sendable {
  /// The scenario's name (`scenario:`).
  public var name: String
  /// The file it was loaded from, as given on the command line.
  public var file: String
  /// Where the document starts.
  public var location: SourceLocation
  /// Free text (`description:`).
  public var description: String?
  /// Its tags, for `--tag` and `--skip-tag`.
  public var tags: [String]
  /// The bug this scenario pins down.
  public var reproduces: String?
  /// The machine named in the file; the command line's `--machine` overrides it (a mutant only its own machine's).
  public var machine: Located<MachineReference>?
  /// The file's seed; the command line's `--seed` overrides it.
  public var seed: UInt64?
  /// Exhaustive mode: every email and SMS sent and error shown must be checked before the next action.
  public var strict: Bool
  /// The backend's knobs (`backend:`), production's where not written.
  public var backend: BackendSettings
  /// The world before the first step (`given:`).
  public var given: Given
  /// Device names; the first is the default device.
  public var devices: [String]
  /// The steps, in order; never empty in a loaded scenario.
  public var steps: [Step]
  /// Every password the file mentions, in order of first appearance, so transcripts can number them.
  public var passwords: [String]
  /// Every password and every value typed into a field, in order of first appearance: the secrets of a run are
  /// those of them its machine hides (`secrets(for:)`, declared in AuthFlowEngine).
  public var secretMentions: [SecretMention]
  /// The flow files its `use:` steps read (through other flows too), as paths beside ``file``; `run --watch`
  /// re-runs the scenario when one of them changes.
  public var flows: [String] = []
  /// For one combination of a `matrix:`: what its name is made of, so `--machine` can name it after the
  /// machine that plays it.
  public var combination: Combination?

  /// A `matrix:` combination's parts: `NAME [k=v, …, machine=M]`.
  public struct Combination: Hashable, Sendable {
    /// The scenario's own name, before the brackets.
    public var name: String
    /// The variables' `k=v`, in order, without the machine.
    public var values: [String]
    /// Whether the matrix lists machines (the name then ends with `machine=M`).
    public var namesMachine: Bool
  }

  /// A string the scenario gives as a password (`field` nil) or types into a field.
  public struct SecretMention: Hashable, Sendable {
    /// The secret text.
    public var text: String
    /// The field it is typed into; nil for a password argument.
    public var field: String?

    /// A mention of `text`, typed into `field` or given as a password when nil.
    public init(text: String, field: String?) {
      self.text = text
      self.field = field
    }
  }

  /// A scenario with these parts; the loader fills them from YAML, tests and `authflow explore` build them directly.
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

  /// The device a step without `device:` acts on: the first of `devices`, `phone` by default.
  public var defaultDevice: String { devices.first ?? "phone" }

  /// The newest scenario-language version this build reads.
  public static let languageVersion = 1
}
