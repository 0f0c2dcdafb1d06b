/// One entry of `steps`: at most one action, then the checks made right after it.
public struct Step: Equatable, Sendable {
  /// 1-based position in `steps`.
  public var number: Int
  /// Where the step's mapping (or bare string) starts.
  public var location: SourceLocation
  /// nil for a pure `expect` step.
  public var action: Action?
  /// Where the action key is written.
  public var actionLocation: SourceLocation
  /// The `device:` modifier; nil means the scenario's first device.
  public var device: String?
  /// The checks made right after the action (`expect:`), in the order written.
  public var expectations: [Expectation]
  /// Text the transcript shows for the step (`note:`).
  public var note: String?
  /// For a step of a flow file: where the scenario's `use:` step that brought it in is written (the outermost
  /// one, when flows use flows). Failures inside a flow name it, as load errors do.
  public var usedAt: SourceLocation?

  /// A step numbered `number`, written at `location`.
  public init(
    number: Int, location: SourceLocation, action: Action?, actionLocation: SourceLocation,
    device: String? = nil, expectations: [Expectation] = [], note: String? = nil
  ) {
    self.number = number
    self.location = location
    self.action = action
    self.actionLocation = actionLocation
    self.device = device
    self.expectations = expectations
    self.note = note
  }
}
