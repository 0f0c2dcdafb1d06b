import AuthFlowLanguage

/// Why a machine could not handle an action.
public enum MachineError: Error, Equatable, CustomStringConvertible {
  case unsupported(ActionKind)
  case failed(String)

  public var description: String {
    switch self {
    case .unsupported(let kind): "the machine does not handle '\(kind.rawValue)'"
    case .failed(let message): message
    }
  }
}
