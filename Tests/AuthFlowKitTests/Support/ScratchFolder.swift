import Foundation

/// The folder every test's files go in: one per test process, under the system's temporary directory, and
/// removed when the process exits, so a run of the tests leaves nothing behind however a test ends.
enum TestFiles {
  static let root: URL = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: TestFiles.root) }
    return root
  }()
}

/// A fresh folder under ``TestFiles/root``, for a test's files; removed with `remove()`.
struct ScratchFolder {
  let url = TestFiles.root.appendingPathComponent("authflow-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The names in the folder, hidden ones included, sorted.
  func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The type of the file at `path` (`S_IFCHR`, `S_IFIFO`, `S_IFLNK`, …), without following a last link.
func fileType(_ path: String) -> mode_t? {
  var status = stat()
  guard lstat(path, &status) == 0 else { return nil }
  return status.st_mode & S_IFMT
}
