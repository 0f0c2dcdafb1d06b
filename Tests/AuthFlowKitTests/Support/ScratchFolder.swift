import Foundation

/// A fresh folder under the system's temporary directory, for a test's files; removed with `remove()`.
struct ScratchFolder {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-\(UUID().uuidString)")

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
