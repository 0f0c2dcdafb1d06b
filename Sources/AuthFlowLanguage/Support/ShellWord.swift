/// A word written for a POSIX shell to read back as it is: commands authflow prints for a person to paste
/// (`reproduces:`, "… reaches it again") and the ones it hands to `/bin/sh -c`.
package enum ShellWord {
  /// `word` as is when every character is one a shell leaves alone (letters, digits and `_@%+=:,./~-`, the
  /// first neither `~` nor `=`), else in single quotes, each `'` in it written `'\''`.
  package static func quoted(_ word: String) -> String {
    // Not a leading `~` or `=`, which shells expand (`~old/x.yaml` is old's home).
    if let first = word.utf8.first, first != UInt8(ascii: "~"), first != UInt8(ascii: "="),
      word.utf8.allSatisfy(isPlain)
    {
      return word
    }
    return "'" + word.replacing("'", with: "'\\''") + "'"
  }

  private static func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "_@%+=:,./~-".utf8.contains(byte)
    }
  }
}
