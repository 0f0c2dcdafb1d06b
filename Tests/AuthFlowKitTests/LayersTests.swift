import Foundation
import Testing

/// The library's targets and their folders are layers: each target may use only the targets before it (the
/// compiler enforces that through Package.swift), and each folder only the folders before it, in the order the
/// README's "Layers" section writes down.
@Suite struct LayersTests {
  @Test func noFolderUsesAFolderAboveIt() throws {
    let targets = try LayerScan.documentedTargets()
    let order = targets.flatMap(\.folders)
    #expect(targets.count >= 3, "README.md's Layers lists the targets: \(targets.map(\.name))")
    let sources = Repository.root.appendingPathComponent("Sources")
    for target in targets {
      let scan = try LayerScan(root: sources.appendingPathComponent(target.name))
      #expect(
        scan.folders == target.folders.sorted(),
        "every folder of Sources/\(target.name), once, in README.md's Layers")
    }
    #expect(Set(order).count == order.count, "a folder listed twice in README.md's Layers: \(order)")
    let scan = try LayerScan(roots: targets.map { sources.appendingPathComponent($0.name) })
    let upward = scan.upwardReferences(order: order)
    #expect(upward.isEmpty, "upward references:\n\(upward.joined(separator: "\n"))")
  }

  /// Package.swift builds each listed target on the one listed before it, and on no later one.
  @Test func eachTargetDependsOnTheOneBelowIt() throws {
    let names = try LayerScan.documentedTargets().map(\.name)
    let dependencies = try LayerScan.targetDependencies()
    for (index, name) in names.enumerated() {
      let listed = Set(dependencies[name] ?? []).intersection(names)
      #expect(
        listed == (index == 0 ? [] : [names[index - 1]]),
        "\(name) depends on \(listed.sorted()) in Package.swift")
    }
  }

  @Test func theScanFindsAnUpwardReference() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    // Low names High only in a comment, in strings and through a private type; it names Middle in an
    // interpolation.
    let files = [
      "Low/Low.swift": """
      // High
      struct Low { let text = "High \\(Middle.name)", raw = #"High "\\(High)" \\#(Middle.name)"# }
      extension Low { var shadow: Shadow? { nil } }
      """,
      "Middle/Middle.swift": "/* High /* nested */ High */\nenum Middle { static let name = \"m\" }",
      "High/High.swift": "struct High { let low = Low() }\nprivate struct Shadow {}",
    ]
    for (path, text) in files {
      try FileManager.default.createDirectory(
        atPath: folder.path(path.components(separatedBy: "/")[0]), withIntermediateDirectories: true)
      try text.write(toFile: folder.path(path), atomically: true, encoding: .utf8)
    }
    let scan = try LayerScan(root: folder.url)
    #expect(
      scan.upwardReferences(order: ["Low", "Middle", "High"]) == [
        "Low/Low.swift uses Middle, declared in Middle/ above Low/"
      ])
    #expect(scan.upwardReferences(order: ["Middle", "Low", "High"]).isEmpty)
  }
}

/// Which top-level types each folder declares, and which folders' types each file names (outside comments and
/// string literals, inside interpolations). Private and fileprivate types are not visible outside their file,
/// so they are not counted; a member added in an extension is seen only through the type names around it.
struct LayerScan {
  /// Per file (its path relative to the root), its folder and its code with comments and strings blanked.
  private var files: [(path: String, folder: String, code: String)] = []
  /// Each visible top-level type name, and the folder that declares it.
  private var owners: [String: String] = [:]

  var folders: [String] { Array(Set(files.map(\.folder))).sorted() }

  init(root: URL) throws { try self.init(roots: [root]) }

  /// Scans several roots as one: a folder is a first-level folder of any of them (their names differ).
  init(roots: [URL]) throws {
    for root in roots {
      let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
      for path in paths.sorted() where path.hasSuffix(".swift") {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let folder = path.split(separator: "/").count > 1 ? String(path.split(separator: "/")[0]) : ""
        let code = Self.code(of: text)
        files.append((path, folder, code))
        for name in Self.declaredTypes(in: code) { owners[name] = folder }
      }
    }
  }

  /// `path uses Name, declared in Folder/ above Folder/`, for every use of a type from a higher folder.
  func upwardReferences(order: [String]) -> [String] {
    let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    var found: [String] = []
    for file in files {
      let words = Set(file.code.split { !($0.isLetter || $0.isNumber || $0 == "_") })
      for word in words.sorted() {
        guard let owner = owners[String(word)], owner != file.folder else { continue }
        if rank[owner] ?? Int.max > rank[file.folder] ?? Int.max {
          found.append("\(file.path) uses \(word), declared in \(owner)/ above \(file.folder)/")
        }
      }
    }
    return found
  }

  /// The names of the non-private types declared at the start of a line (top level, as formatted here).
  static func declaredTypes(in code: String) -> [String] {
    let pattern =
      #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|open|final|indirect)\s+)*"#
      + #"(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_]\w*)"#
    guard let regex = try? NSRegularExpression(pattern: pattern, options: .anchorsMatchLines) else {
      return []
    }
    let range = NSRange(code.startIndex..., in: code)
    return regex.matches(in: code, range: range).compactMap { match in
      Range(match.range(at: 1), in: code).map { String(code[$0]) }
    }
  }

  /// `text` with comments and string literals blanked, keeping the code of interpolations (`\(…)`).
  static func code(of text: String) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    // Open contexts: a code context counts its open parentheses; a string knows its closing delimiter.
    enum Context {
      case code(parentheses: Int)
      case string(close: [UInt8], hashes: Int)
    }
    var stack: [Context] = [.code(parentheses: 0)]
    var index = 0
    func starts(_ prefix: String, at position: Int) -> Bool {
      let prefix = Array(prefix.utf8)
      return position + prefix.count <= bytes.count
        && Array(bytes[position..<position + prefix.count]) == prefix
    }
    while index < bytes.count, let context = stack.last {
      switch context {
      case .code(let parentheses):
        if starts("//", at: index) {
          while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        } else if starts("/*", at: index) {
          var depth = 0
          repeat {
            if starts("/*", at: index) {
              depth += 1
              index += 2
            } else if starts("*/", at: index) {
              depth -= 1
              index += 2
            } else {
              index += 1
            }
          } while depth > 0 && index < bytes.count
        } else if bytes[index] == UInt8(ascii: "#") || bytes[index] == UInt8(ascii: "\"") {
          var hashes = 0
          while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
          guard starts("\"", at: index + hashes) else {
            out.append(bytes[index])
            index += 1
            continue
          }
          let quotes = starts("\"\"\"", at: index + hashes) ? "\"\"\"" : "\""
          stack.append(
            .string(close: Array((quotes + String(repeating: "#", count: hashes)).utf8), hashes: hashes))
          index += hashes + quotes.utf8.count
          out.append(UInt8(ascii: " "))
        } else if bytes[index] == UInt8(ascii: "(") {
          stack[stack.count - 1] = .code(parentheses: parentheses + 1)
          out.append(bytes[index])
          index += 1
        } else if bytes[index] == UInt8(ascii: ")") {
          if parentheses == 0, stack.count > 1 {
            stack.removeLast()
          } else {
            stack[stack.count - 1] = .code(parentheses: parentheses - 1)
          }
          out.append(bytes[index])
          index += 1
        } else {
          out.append(bytes[index])
          index += 1
        }
      case .string(let close, let hashes):
        let escape = "\\" + String(repeating: "#", count: hashes)
        if starts(escape + "(", at: index) {
          stack.append(.code(parentheses: 0))
          index += escape.utf8.count + 1
          out.append(UInt8(ascii: " "))
        } else if starts(escape, at: index) {
          index += escape.utf8.count + 1
        } else if starts(String(decoding: close, as: UTF8.self), at: index) {
          stack.removeLast()
          index += close.count
        } else {
          if bytes[index] == UInt8(ascii: "\n") { out.append(bytes[index]) }
          index += 1
        }
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The targets in the order the README's "Layers" section lists them, bottom first, each with its folders
  /// bottom first (a numbered line per target: ``1. `Target`: `A` → `B` → …``).
  static func documentedTargets() throws -> [(name: String, folders: [String])] {
    let readme = try String(
      contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = readme.components(separatedBy: "### Layers").dropFirst().first ?? ""
    return section.split(separator: "\n").compactMap { line in
      guard let match = line.firstMatch(of: #/^\d+\. `(\w+)`: (`.*`)$/#) else { return nil }
      let folders = match.2.components(separatedBy: " → ").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "` "))
      }
      return (String(match.1), folders)
    }
  }

  /// The names each `.target(name:dependencies:)` of Package.swift lists between quotes as its dependencies.
  static func targetDependencies() throws -> [String: [String]] {
    let manifest = try String(
      contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var found: [String: [String]] = [:]
    for match in manifest.matches(of: #/name: "(\w+)",\s*dependencies: \[([^\]]*)\]/#) {
      found[String(match.1)] = match.2.matches(of: #/"(\w+)"/#).map { String($0.1) }
    }
    return found
  }
}
