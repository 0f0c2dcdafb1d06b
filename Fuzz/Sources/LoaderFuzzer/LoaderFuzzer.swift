import AuthFlowKit

/// libFuzzer's entry point: loads the bytes as a scenario file. Any crash, sanitizer report, timeout or
/// memory blow-up is a bug in the loader; a diagnostic is a correct answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let result = ScenarioLoader().load(bytes: bytes, file: "fuzz.yaml")
  // Every file either yields scenarios or says why not.
  if result.scenarios.isEmpty && result.diagnostics.isEmpty {
    preconditionFailure("a file with no scenario and no diagnostic")
  }
  return 0
}

/// libFuzzer's driver, for a `main` of our own: SwiftPM links an executable target's entry point under
/// the name `LoaderFuzzer_main`, which libFuzzer's `main` does not provide.
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@_cdecl("LoaderFuzzer_main")
public func fuzzerMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  var count = argc
  var arguments = argv
  return runDriver(&count, &arguments) { data, size in fuzzLoader(data, size) }
}
