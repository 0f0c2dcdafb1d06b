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
  ],
  targets: [
    .target(
      name: "AuthFlowKit",
      dependencies: [.product(name: "Yams", package: "Yams")]
    ),
    .target(
      name: "AuthFlowFirebase",
      dependencies: ["AuthFlowKit"]
    ),
    .target(
      name: "AuthFlowServer",
      dependencies: [
        "AuthFlowKit",
        .product(name: "Hummingbird", package: "hummingbird"),
      ]
    ),
    .target(
      name: "AuthFlowCommand",
      dependencies: [
        "AuthFlowKit",
        "AuthFlowServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "authflow",
      dependencies: ["AuthFlowCommand", "AuthFlowKit"]
    ),
    .executableTarget(
      name: "authflow-async-fixture",
      dependencies: ["AuthFlowCommand", "AuthFlowKit"],
      path: "Tests/AsyncFixture"
    ),
    .testTarget(
      name: "AuthFlowKitTests",
      dependencies: ["AuthFlowKit", "authflow", "authflow-async-fixture"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "AuthFlowFirebaseTests",
      dependencies: ["AuthFlowFirebase", "AuthFlowKit"]
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
