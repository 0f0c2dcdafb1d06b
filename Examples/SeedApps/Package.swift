// swift-tools-version: 6.0
import PackageDescription

// The seed apps' own auth code — AuthKit's `DB` and the custom FirebaseUI login screen — with only
// `import FirebaseAuth` changed to `import AuthFlowFirebase`, the thin glue that maps scenario actions to it, and
// `seed-authflow`: the authflow command with that glue registered. One package, so CI builds authflow once more,
// not twice.
let package = Package(
  name: "SeedApps",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "authflow", path: "../..")
  ],
  targets: [
    .target(
      name: "AuthKitSeed",
      dependencies: [
        .product(name: "AuthFlowFirebase", package: "authflow"),
        .product(name: "AuthFlowKit", package: "authflow"),
      ]
    ),
    .target(
      name: "FirebaseUISeed",
      dependencies: [
        .product(name: "AuthFlowFirebase", package: "authflow"),
        .product(name: "AuthFlowKit", package: "authflow"),
      ]
    ),
    .executableTarget(
      name: "seed-authflow",
      dependencies: [
        "AuthKitSeed",
        "FirebaseUISeed",
        .product(name: "AuthFlowCommand", package: "authflow"),
        .product(name: "AuthFlowKit", package: "authflow"),
      ]
    ),
    .testTarget(
      name: "SeedAppsTests",
      // The command the tests run (`BuiltCommand`), and AuthFlowKit for that helper.
      dependencies: ["seed-authflow", .product(name: "AuthFlowKit", package: "authflow")]
    ),
  ]
)
