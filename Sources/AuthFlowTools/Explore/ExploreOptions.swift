import AuthFlowEngine
import AuthFlowLanguage

/// `authflow explore`'s settings.
public struct ExploreOptions: Sendable {
  /// The machine to explore (`--machine`).
  public var machine: String
  /// Seeds the walks and the world's ids (`--seed`); the same seed explores the same walks.
  public var seed: UInt64
  /// How many walks (`--runs`).
  public var runs: Int
  /// Steps per walk at most (`--depth`).
  public var depth: Int
  /// The scenario whose `backend`, `given` and `devices` seed the world (`--given FILE`); nil: the default world.
  public var given: Scenario?
  /// The machines `machine` may name.
  public var registry: MachineRegistry
  /// `--against REFERENCE`: play each walk on this machine too and report the first step where what the two
  /// show differs; nil: check invariants only.
  public var against: String?

  /// The command the `reproduces:` line names: `authflow`, or a team's own build of it (`myapp-authflow`), which
  /// alone knows the team's machines.
  public var program = "authflow"
  /// `--step-timeout`, named in `reproduces:` when it is not the default.
  public var stepTimeout = RunConfiguration.defaultStepTimeout

  /// `--runs`' default.
  public static let defaultRuns = 500
  /// `--depth`'s default.
  public static let defaultDepth = 20

  /// The settings of one exploration.
  public init(
    machine: String = MachineRegistry.defaultMachine, seed: UInt64 = 0, runs: Int = defaultRuns,
    depth: Int = defaultDepth, given: Scenario? = nil, registry: MachineRegistry = .builtIn
  ) {
    self.machine = machine
    self.seed = seed
    self.runs = runs
    self.depth = depth
    self.given = given
    self.registry = registry
  }

  /// The command that repeats this exploration, for a finding's `reproduces:`: each word as a shell reads it
  /// back (an `exec:` machine's command, a path with a space), so it can be pasted as it is.
  public var commandLine: String {
    var words = ["--machine", machine, "--seed", String(seed)]
    if runs != Self.defaultRuns { words += ["--runs", String(runs)] }
    if depth != Self.defaultDepth { words += ["--depth", String(depth)] }
    if let given { words += ["--given", given.file] }
    if let against { words += ["--against", against] }
    if stepTimeout != RunConfiguration.defaultStepTimeout {
      // In whole milliseconds, rounded up: what `--step-timeout` reads back (a part of one would be 0ms).
      let (seconds, attoseconds) = stepTimeout.components
      let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
      words += ["--step-timeout", "\(milliseconds)ms"]
    }
    return ([program, "explore"] + words).map(ShellWord.quoted).joined(separator: " ")
  }
}
