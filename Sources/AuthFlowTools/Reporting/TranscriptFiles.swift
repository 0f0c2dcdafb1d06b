import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// `--transcripts DIR`: one Markdown transcript per scenario (`MarkdownTranscript`), named after its file and
/// its name, e.g. `verification--verify-while-backgrounded-then-come-back--verify-the-email-while-….md`.
///
/// The folders every scenario file of the run shares are left out of the names, the rest of the path and the
/// scenario's name are slugged (lowercase ASCII letters, digits and `-`), and a name taken by an earlier
/// scenario gets `-2`, `-3`, … so several scenarios of one file, even with the same name, never overwrite
/// each other.
public enum TranscriptFiles {
  /// The file names and contents, in the order of `results`.
  public static func files(for results: [ScenarioResult]) -> [(name: String, contents: String)] {
    zip(names(for: results), results).map { ($0, MarkdownTranscript(result: $1).document) }
  }

  /// A unique file name per result.
  public static func names(for results: [ScenarioResult]) -> [String] {
    let paths = results.map { $0.file.split(separator: "/").filter { $0 != "." }.map(String.init) }
    let shared = sharedFolders(paths)
    var taken: Set<String> = []
    return zip(paths, results).map { path, result in
      var file = path.dropFirst(shared).map { slug($0, dropping: [".yaml", ".yml"]) }.filter { !$0.isEmpty }
        .joined(separator: "--")
      file = trimmed(String(file.prefix(100)))
      let stem = [file, shortened(slug(result.name))].filter { !$0.isEmpty }.joined(separator: "--")
      let base = stem.isEmpty ? "scenario" : stem
      var name = base
      var number = 2
      while taken.contains(name.lowercased()) {
        name = "\(base)-\(number)"
        number += 1
      }
      taken.insert(name.lowercased())
      return name + ".md"
    }
  }

  /// How many leading folders every path shares (never the file name itself).
  private static func sharedFolders(_ paths: [[String]]) -> Int {
    guard let first = paths.first else { return 0 }
    var count = first.count - 1
    for path in paths.dropFirst() {
      count = min(count, path.count - 1)
      count = zip(first.prefix(count), path.prefix(count)).prefix { $0 == $1 }.count
    }
    return max(0, count)
  }

  /// Lowercase ASCII letters and digits, everything else one `-`; accents are dropped first (`é` → `e`).
  static func slug(_ text: String, dropping suffixes: [String] = []) -> String {
    var text = text
    for suffix in suffixes where text.lowercased().hasSuffix(suffix) {
      text = String(text.dropLast(suffix.count))
    }
    let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
    var out = ""
    for character in folded {
      if character.isASCII, character.isLetter || character.isNumber {
        out += character.lowercased()
      } else if !out.isEmpty, !out.hasSuffix("-") {
        out += "-"
      }
    }
    return trimmed(out)
  }

  /// A slugged name of at most 120 characters: a longer one keeps its start and its end, where a matrix
  /// combination's values are (`…-however-the-email-was-typed-typed-carol-example-com`), so the files of one
  /// scenario's combinations still say which is which.
  private static func shortened(_ name: String) -> String {
    guard name.count > 120 else { return name }
    // Cut between words: a word the cut would split is left out.
    var head = name.prefix(60)
    if name.dropFirst(60).first != "-", let cut = head.lastIndex(of: "-") { head = head[..<cut] }
    var tail = name.suffix(58)
    if name.dropLast(58).last != "-", let cut = tail.firstIndex(of: "-") {
      tail = tail[tail.index(after: cut)...]
    }
    return trimmed(String(head)) + "--" + String(tail.drop { $0 == "-" })
  }

  private static func trimmed(_ text: String) -> String {
    var text = Substring(text)
    while text.hasSuffix("-") { text = text.dropLast() }
    return String(text)
  }
}
