import AuthFlowCommand
import AuthFlowKit

AuthflowCommand.main(registry: .builtIn, adding: [ServeCommand.self])
