#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import AuthFlowEngine
import AuthFlowLanguage

/// Writes whole files — `--report` files, `--transcripts` files, what `explore` finds — the one way every
/// command does, checking every call:
///
/// - a path that names this process's standard output or error (`/dev/stdout`, `/dev/fd/2`, …) is written to
///   that stream, in order with the rest of it;
/// - any other existing file that is not a regular file (`/dev/null`, a FIFO, a terminal) is opened and written
///   in place, never replaced;
/// - a regular file, or a new path, is replaced all at once: the text goes to a temporary file in the same
///   folder, `.authflow-tmp-PID-N`, renamed over the target when complete, so an interrupted run never leaves
///   half a report. A run killed before the rename leaves its temporary file; the next run that writes into
///   that folder removes every such file whose process is gone. A symbolic link to a regular file keeps
///   pointing at it: its target is replaced.
struct OutputFiles {
  static let temporaryPrefix = ".authflow-tmp-"

  private let io: CommandIO
  /// Folders already cleared of stale temporary files in this run.
  private var swept: Set<String> = []
  private var sequence = 0

  init(io: CommandIO) {
    self.io = io
  }

  /// Writes `text` to `path`, creating the folders it needs.
  /// The text is first passed through the output's secret net (``CommandIO/hiding(_:)``), unless it is
  /// `verbatim` (a scenario file the user asked to save, which holds its passwords as the one they typed
  /// would); a path that names this process's standard output or error is scrubbed either way.
  mutating func write(
    _ text: String, to path: String, verbatim: Bool = false, markup: Redactor.Markup = .plain
  ) throws(OutputError) {
    var status = stat()
    let exists = stat(path, &status) == 0
    let code = errno
    if exists, let stream = io.standardStream(for: status) {
      stream.write(io.redactor.scrub(text, markup: markup))
      if let error = stream.error { throw error }
      return
    }
    let text = verbatim ? text : io.redactor.scrub(text, markup: markup)
    if exists {
      switch status.st_mode & S_IFMT {
      case S_IFREG: try replace(resolved(path), with: text, mode: status.st_mode & 0o7777)
      case S_IFDIR: throw OutputError(target: PlainText.quoted(path), errno: EISDIR)
      default: try writeInPlace(text, to: path)
      }
      return
    }
    var link = stat()
    // A missing file (or a dangling link, which is replaced by the file) is created with its folders.
    guard code == ENOENT || lstat(path, &link) == 0 else {
      throw OutputError(target: PlainText.quoted(path), errno: code)
    }
    try createFolders(of: path)
    try replace(path, with: text, mode: nil)
  }

  /// Opens an existing device, FIFO or terminal and writes into it (a FIFO waits for its reader).
  private func writeInPlace(_ text: String, to path: String) throws(OutputError) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { throw OutputError(target: PlainText.quoted(path), errno: errno) }
    let file = OutputDescriptor(descriptor, name: PlainText.quoted(path))
    file.write(text)
    file.close()
    if let error = file.error { throw error }
  }

  /// Writes a temporary file beside `path`, then renames it over `path`.
  private mutating func replace(_ path: String, with text: String, mode: mode_t?) throws(OutputError) {
    let folder = Self.folder(of: path)
    if swept.insert(folder).inserted { Self.removeStaleTemporaries(in: folder) }
    var temporary: String
    var descriptor: Int32
    repeat {
      sequence += 1
      temporary = folder + "/" + Self.temporaryPrefix + "\(getpid())-\(sequence)"
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    } while descriptor < 0 && errno == EEXIST
    guard descriptor >= 0 else { throw OutputError(target: PlainText.quoted(path), errno: errno) }
    let file = OutputDescriptor(descriptor, name: PlainText.quoted(path))
    if let mode { _ = fchmod(descriptor, mode) }
    file.write(text)
    file.close()
    var failure = file.error
    if failure == nil, rename(temporary, path) != 0 {
      failure = OutputError(target: PlainText.quoted(path), errno: errno)
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }

  /// `path` with its symbolic links resolved (a link to a regular file keeps pointing at it).
  private func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }

  /// `mkdir -p` of the folder `path` is in.
  private func createFolders(of path: String) throws(OutputError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in Self.folder(of: path).split(separator: "/") {
      prefix += component
      if mkdir(prefix, 0o777) != 0, errno != EEXIST {
        throw OutputError(target: PlainText.quoted(path), errno: errno)
      }
      prefix += "/"
    }
  }

  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Removes `.authflow-tmp-PID-N` files left by runs that were killed (their process no longer exists).
  static func removeStaleTemporaries(in folder: String) {
    guard let stream = opendir(folder) else { return }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
      let name = ScenarioFiles.entryName(entry)
      guard name.hasPrefix(temporaryPrefix),
        let pid = Int32(name.dropFirst(temporaryPrefix.count).prefix { $0 != "-" }),
        pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      unlink(folder + "/" + name)
    }
  }
}
