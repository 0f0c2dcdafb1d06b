// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "authflow",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "AuthFlowKit", targets: ["AuthFlowKit"]),
    .library(name: "AuthFlowServer", targets: ["AuthFlowServer"]),
    .library(name: "AuthFlowFirebase", targets: ["AuthFlowFirebase"]),
    .library(name: "AuthFlowCommand", targets: ["AuthFlowCommand"]),
    .executable(name: "authflow", targets: ["authflow"]),
  ],
  dependencies: [
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    // `IOError`, to say why `serve` could not listen; Hummingbird already depends on it.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // HMAC-SHA1 for TOTP second factors (RFC 6238); Hummingbird already depends on it.
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    // `swift package generate-documentation`: the API docs, checked by .ci/check-docs.
    .package(url: "https://github.com/apple/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // The module graph, bottom first; each target uses only the ones it lists. Folders inside a target are
    // layers too (README.md, "Layers").
    .target(
      name: "AuthFlowLanguage",
      dependencies: [.product(name: "Yams", package: "Yams")]
    ),
    .target(
      name: "AuthFlowEngine",
      dependencies: ["AuthFlowLanguage", .product(name: "Crypto", package: "swift-crypto")]
    ),
    .target(
      name: "AuthFlowTools",
      dependencies: ["AuthFlowEngine"]
    ),
    // What `import AuthFlowKit` gives: the three targets above, re-exported.
    .target(
      name: "AuthFlowKit",
      dependencies: ["AuthFlowLanguage", "AuthFlowEngine", "AuthFlowTools"]
    ),
    .target(
      name: "AuthFlowFirebase",
      dependencies: ["AuthFlowEngine", "AuthFlowLanguage"]
    ),
    .target(
      name: "AuthFlowServer",
      dependencies: [
        "AuthFlowTools",
        .product(name: "Hummingbird", package: "hummingbird"),
        // `HTTP1Channel.Configuration`, for the idle timeout.
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    // A team's own command links this; it has every subcommand but `serve`, so it needs no HTTP server.
    .target(
      name: "AuthFlowCommand",
      dependencies: [
        "AuthFlowKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "authflow",
      dependencies: [
        "AuthFlowCommand",
        "AuthFlowKit",
        "AuthFlowServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "authflow-async-fixture",
      dependencies: ["AuthFlowCommand", "AuthFlowKit", "AuthFlowFirebase"],
      path: "Tests/AsyncFixture"
    ),
    .testTarget(
      name: "AuthFlowKitTests",
      dependencies: [
        "AuthFlowLanguage", "AuthFlowEngine", "AuthFlowTools", "AuthFlowKit", "authflow",
        "authflow-async-fixture",
      ],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "AuthFlowFirebaseTests",
      dependencies: ["AuthFlowFirebase", "AuthFlowKit"]
    ),
    // Code whose only import is AuthFlowFirebase, with Swift 7's member visibility: what it re-exports suffices.
    .testTarget(
      name: "AuthFlowFirebaseImportTests",
      dependencies: ["AuthFlowFirebase"],
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
    ),
    .testTarget(
      name: "AuthFlowServerTests",
      dependencies: [
        "AuthFlowServer",
        "AuthFlowKit",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]
    ),
  ]
)
