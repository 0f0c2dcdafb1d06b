import AuthFlowCommand
import NotesAppAuth

// The `authflow` command with the notes app's machine registered: `swift run notes-authflow run Scenarios`.
AuthflowCommand.main(registry: NotesAppAuth.registry)
