import AuthFlowCommand
import AuthFlowKit

AuthflowCommand.main(registry: .builtIn)
