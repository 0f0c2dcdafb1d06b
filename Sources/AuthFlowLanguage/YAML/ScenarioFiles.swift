#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finding scenario files below a directory and reading them, with the POSIX calls themselves: a suite of
/// ten thousand files is read in a few milliseconds this way, where Foundation's directory enumerator and
/// file handle took several times longer than parsing them (see `Benchmarks/README.md`).
package enum ScenarioFiles {
  /// What a path names.
  package enum Kind: Equatable {
    case directory
    case file
    case missing
    /// The system cannot say (a link loop, a folder on the way that cannot be searched): its reason.
    case unreadable(String)
  }

  /// What `path` names, following symbolic links.
  package static func kind(of path: String) -> Kind {
    var status = stat()
    guard stat(path, &status) == 0 else { return errno == ENOENT ? .missing : .unreadable(reason()) }
    return status.st_mode & S_IFMT == S_IFDIR ? .directory : .file
  }

  /// Every `*.yaml` and `*.yml` file below `directory`, sorted by path (byte order, so any machine agrees), and
  /// every folder or scenario file below it that could not be read, with the system's reason. Hidden files
  /// count; a symbolic link counts when it leads to a file (a link named like a scenario file that leads
  /// nowhere cannot be read), and is not followed into a directory (so a link cannot make the walk loop).
  package static func scenarioFiles(under directory: String) -> (
    files: [String], unreadable: [(path: String, reason: String)]
  ) {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    var files: [String] = []
    var unreadable: [(path: String, reason: String)] = []
    var pending = [prefix]
    while let folder = pending.popLast() {
      guard let stream = opendir(folder) else {
        unreadable.append((String(folder.dropLast()), reason()))
        continue
      }
      defer { closedir(stream) }
      while true {
        errno = 0
        guard let entry = readdir(stream) else {
          if errno != 0 { unreadable.append((String(folder.dropLast()), reason())) }
          break
        }
        let name = entryName(entry)
        if name == "." || name == ".." { continue }
        let path = folder + name
        let isScenario = name.hasSuffix(".yaml") || name.hasSuffix(".yml")
        switch classify(entry.pointee.d_type, path: path) {
        case .directory:
          pending.append(path + "/")
        case .file where isScenario:
          files.append(path)
        case .unreadable(let reason) where isScenario:
          unreadable.append((path, reason))
        case .file, .missing, .unreadable:
          break
        }
      }
    }
    // Compared as byte arrays: comparing the strings' UTF-8 views directly is several times slower.
    let sorted = files.map { (key: Array($0.utf8), path: $0) }
      .sorted { $0.key.lexicographicallyPrecedes($1.key) }
      .map(\.path)
    return (sorted, unreadable)
  }

  /// A scenario file beside the missing `path` whose name is close to the one written (`01-verfy.yaml` for
  /// `01-verify.yaml`), as a path written the same way; nil when none is close or the folder cannot be read.
  /// Only the folder's own entries are looked at, at most the first thousand.
  package static func nearestFile(to path: String) -> String? {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !name.isEmpty, let stream = opendir(folder.isEmpty ? "." : folder) else { return nil }
    defer { closedir(stream) }
    var names: [String] = []
    while names.count < 1_000, let entry = readdir(stream) {
      let entryName = entryName(entry)
      if entryName.hasSuffix(".yaml") || entryName.hasSuffix(".yml") { names.append(entryName) }
    }
    // Sorted, so which of two equally close names is suggested does not depend on the folder's order.
    return Suggestion.close(to: name, in: names.sorted()).map { folder + $0 }
  }

  /// The name of an entry `readdir` returned.
  package static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// A directory entry's kind from its type, asking the file system only when the type does not say.
  private static func classify(_ type: UInt8, path: String) -> Kind {
    switch Int32(type) {
    case Int32(DT_DIR): return .directory
    case Int32(DT_REG): return .file
    case Int32(DT_LNK):
      var status = stat()
      guard stat(path, &status) == 0 else { return .unreadable(reason()) }
      return status.st_mode & S_IFMT == S_IFREG ? .file : .missing
    default:
      var status = stat()
      guard lstat(path, &status) == 0 else { return .unreadable(reason()) }
      switch status.st_mode & S_IFMT {
      case S_IFDIR: return .directory
      case S_IFREG: return .file
      case S_IFLNK: return classify(UInt8(DT_LNK), path: path)
      default: return .missing
      }
    }
  }

  /// A file's bytes, refusing before reading them all when it is larger than `limit`. A pipe (`<(…)`,
  /// `/dev/stdin`) is read to its end like a file; a socket or other special file is refused.
  static func read(_ path: String, limit: Int) -> Result<[UInt8], LoadProblem> {
    // Not blocking in `open`: a FIFO with no writer must not hang the run (it reads as empty).
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(unreadable(path)) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(unreadable(path)) }
    let type = status.st_mode & S_IFMT
    guard type == S_IFREG || type == S_IFIFO || type == S_IFCHR else {
      return .failure(.unreadableFile(path: path, reason: "not a regular file"))
    }
    if type == S_IFREG, Int(status.st_size) > limit {
      return .failure(.fileTooLarge(size: Int(status.st_size), limit: limit))
    }
    // Reads block again, so a pipe is read to its end.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    // A regular file in one read (plus one to see its end); a pipe in pieces.
    let piece = type == S_IFREG ? Int(status.st_size) + 1 : 65_536
    var bytes: [UInt8] = []
    bytes.reserveCapacity(piece)
    var chunk = [UInt8](repeating: 0, count: piece)
    while bytes.count <= limit {
      let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(unreadable(path))
      }
      bytes += chunk[..<count]
    }
    guard bytes.count <= limit else {
      return .failure(.fileTooLarge(size: type == S_IFREG ? Int(status.st_size) : bytes.count, limit: limit))
    }
    return .success(bytes)
  }

  /// The system's reason the last call on `path` failed.
  private static func unreadable(_ path: String) -> LoadProblem {
    .unreadableFile(path: path, reason: reason())
  }

  /// The system's reason the last call failed, e.g. `permission denied`.
  private static func reason() -> String {
    String(cString: strerror(errno)).lowercased()
  }
}

/// `read(2)`, named apart from `ScenarioFiles.read`.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
