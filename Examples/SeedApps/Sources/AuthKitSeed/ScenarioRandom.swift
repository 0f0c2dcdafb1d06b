import AuthFlowKit

/// The scenario's seeded generator, as the `RandomNumberGenerator` ``DB`` picks nicknames with.
struct ScenarioRandom: RandomNumberGenerator {
  let context: MachineContext

  mutating func next() -> UInt64 { context.random() }
}
