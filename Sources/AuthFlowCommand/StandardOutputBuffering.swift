#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  @preconcurrency import Darwin
#endif

/// How the C library buffers what app code prints (`print` writes to its `stdout`), while the command writes
/// its own output straight to the descriptor.
enum StandardOutputBuffering {
  /// Line by line: each line app code prints comes out whole, in its place among the command's own output, not
  /// in 4 KiB chunks cut mid-line, nor all at exit. Called once, before any other thread runs.
  static func lineByLine() {
    setvbuf(stdout, nil, _IOLBF, 0)
  }

  /// Sends what app code prints (`print`, the C library's `stdout`) to standard error, line by line, as a worker
  /// process does: the command's own output, written straight to the descriptor, is then standard output's alone
  /// (its results, a `--report FORMAT:-` or `:/dev/stdout`), the same whichever process plays a scenario. On a
  /// terminal, where both show, each line the app prints still comes in its place among the results. Called
  /// before any app code runs.
  static func sendAppOutputToStandardError() {
    let descriptor = dup(STDERR_FILENO)
    guard descriptor >= 0, let stream = fdopen(descriptor, "w") else { return }
    fflush(stdout)
    setvbuf(stream, nil, _IOLBF, 0)
    stdout = stream
  }
}
