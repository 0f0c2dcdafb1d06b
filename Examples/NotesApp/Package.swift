// swift-tools-version: 6.0
import PackageDescription

// An app's own package that puts its auth logic under authflow's scenarios: from `swift test`, and from its
// own build of the `authflow` command with its machine registered.
let package = Package(
  name: "NotesApp",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "authflow", path: "../..")
  ],
  targets: [
    .target(
      name: "NotesAppAuth",
      dependencies: [.product(name: "AuthFlowKit", package: "authflow")]
    ),
    .executableTarget(
      name: "notes-authflow",
      dependencies: [
        "NotesAppAuth",
        .product(name: "AuthFlowCommand", package: "authflow"),
        .product(name: "AuthFlowKit", package: "authflow"),
      ]
    ),
    .testTarget(
      name: "NotesAppAuthTests",
      dependencies: ["NotesAppAuth", .product(name: "AuthFlowKit", package: "authflow")],
      exclude: ["Fixtures"]
    ),
  ]
)
