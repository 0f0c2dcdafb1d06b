// `import AuthFlowKit` gives everything public in the scenario language, the engine and the tools, as one
// module did before they were split into targets the compiler keeps one way (see Package.swift).
@_exported import AuthFlowEngine
@_exported import AuthFlowLanguage
@_exported import AuthFlowTools
