// swift-tools-version: 6.0
// A separate package so that the fuzz target, which only builds with `-sanitize=fuzzer`, stays out of
// the root package's `swift build` and `swift test`. Build and run it with `Fuzz/run.sh SECONDS`.
import PackageDescription

let package = Package(
  name: "authflow-fuzz",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "authflow", path: "..")],
  targets: [
    .executableTarget(
      name: "LoaderFuzzer",
      dependencies: [.product(name: "AuthFlowKit", package: "authflow")]
    )
  ]
)
