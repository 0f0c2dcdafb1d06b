#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one line from the terminal for `authflow play`, with Tab completing the word being typed among what
/// `completions` offers for the line so far: as far as the matches agree (all of a unique one); a second Tab
/// lists them. Backspace erases, ^C drops the line, ^D on an empty line ends input. When standard input is not
/// a terminal it reads plain lines and shows no prompt.
struct LineEditor {
  /// The word being typed at the end of a line, and the words that may complete it.
  let completions: (String) -> (word: String, candidates: [String])

  func line(prompt: String) -> String? {
    guard isatty(STDIN_FILENO) == 1 else { return Swift.readLine() }
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return Swift.readLine() }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    defer { _ = tcsetattr(STDIN_FILENO, TCSANOW, &original) }
    emit(prompt)
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = readByte(&byte)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
      switch byte {
      case 4 where line.isEmpty:  // ^D
        emit("\n")
        return nil
      case 10, 13:
        emit("\n")
        return String(decoding: line, as: UTF8.self)
      case 3:  // ^C
        emit("^C\n")
        return ""
      case 8, 127:
        guard !line.isEmpty else { continue }
        // A whole character: its continuation bytes too.
        while let last = line.popLast(), last & 0xC0 == 0x80 {}
        emit("\u{8} \u{8}")
      case 9:
        complete(&line, prompt: prompt)
      case 27:  // an arrow or other escape sequence: ignored
        var rest: (UInt8, UInt8) = (0, 0)
        _ = readByte(&rest.0)
        _ = readByte(&rest.1)
      case 32...:
        line.append(byte)
        emit(String(decoding: [byte], as: UTF8.self))
      default:
        continue
      }
    }
  }

  /// Tab: completes the word being typed as far as the candidates agree; lists them when several.
  private func complete(_ line: inout [UInt8], prompt: String) {
    let (word, matches) = completions(String(decoding: line, as: UTF8.self))
    guard let first = matches.first else { return }
    var shared = first
    for match in matches.dropFirst() {
      while !match.hasPrefix(shared) { shared.removeLast() }
    }
    let addition = String(shared.dropFirst(word.count))
    line += Array(addition.utf8)
    emit(addition)
    if matches.count > 1, addition.isEmpty {
      emit("\n" + matches.joined(separator: "  ") + "\n" + prompt + String(decoding: line, as: UTF8.self))
    }
  }

  private func readByte(_ byte: inout UInt8) -> Int {
    Int(withUnsafeMutablePointer(to: &byte) { read(STDIN_FILENO, $0, 1) })
  }

  private func emit(_ text: String) {
    var bytes = Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
  }
}
