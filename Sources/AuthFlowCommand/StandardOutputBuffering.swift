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
}
