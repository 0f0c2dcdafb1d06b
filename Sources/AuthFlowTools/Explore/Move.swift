import AuthFlowEngine
import AuthFlowLanguage

/// One generated step: an action and the device it is for (nil: the scenario's first device).
struct Move: Equatable, Sendable {
  var action: Action
  var device: String?
}
