/// A problem found while loading a scenario file, before it is placed and rendered as a `Diagnostic`.
///
/// Every case names the offending key and carries the offending value, so one `switch` can render a
/// message that says what is wrong and, where it can, what to write instead.
enum LoadProblem: Error, Equatable, Sendable {
  // MARK: Reading the file
  case noSuchFile(path: String)
  case unreadableFile(path: String, reason: String)
  case fileTooLarge(size: Int, limit: Int)
  case invalidUTF8(byte: UInt8)
  case nulByte
  case controlCharacter(codePoint: UInt32)
  case unsupportedKey
  case invalidYAML(problem: String, context: String?)
  case duplicateKey(key: String)
  case tooManyDocuments(limit: Int)
  case noScenario
  case documentNotMapping(found: Found)

  // MARK: Shape of a mapping or a value
  case unknownKey(key: String, context: String, suggestion: String?)
  case missingKey(key: String)
  case missingOneOfKeys(keys: [String])
  case conflictingKeys(first: String, second: String)
  case keyNotName(found: Found)
  case wrongType(key: String, expected: String, found: Found)
  case emptyValue(key: String)
  case notBoolean(key: String, found: Found)
  case notInteger(key: String, found: Found)
  case integerTooSmall(key: String, value: String, minimum: Int)
  case integerTooLarge(key: String, value: String)
  case badDuration(key: String, value: String)
  case badTime(key: String, value: String)
  case duplicateEntry(kind: String, value: String, key: String)
  case notAnEmail(key: String, value: String)
  case controlCharacterInText(key: String, value: String, character: String)
  case tooManySteps(count: Int, limit: Int)
  case tooManyValues(limit: Int)
  case tooMuchSubstitution(limit: Int)
  case tooMuchText(limit: Int)
  case tooManyProblems(limit: Int)

  // MARK: Names and variables
  case unknownName(kind: String, value: String, suggestion: String?, valid: [String])
  case undefinedVariable(name: String, suggestion: String?)
  case unterminatedVariable(value: String)

  // MARK: Scenario rules
  case versionTooNew(version: String, supported: Int)
  case machineCommand(value: String)
  case passwordIsNotAnIdentityProvider(key: String)
  case signedInAccountDisabled(device: String, email: String)
  case stepHasNoAction
  case reservedDeviceName(name: String)
  case twoActions(first: String, second: String)
  case actionTakesNoArguments(action: String, found: Found)
  case actionNeedsArguments(action: String)
  case identityProviderHasNoAccounts(provider: String)
  case errorWithoutErrorOutcome(outcome: String)
  case noneNotAllowed(key: String)
  case adminNeedsOneOperation(found: [String])
  case emptyExpect

  /// What a value turned out to be, for "found …" in a message.
  enum Found: Equatable, Sendable {
    case mapping
    case list
    /// An empty value (`key:` with nothing after it).
    case nothing
    /// A plain `null` or `~`.
    case null
    case text(String)
    /// A quoted scalar that would be valid without its quotes.
    case quoted(String)
  }

  /// The message after `error: `, as a user reads it.
  var message: String {
    switch self {
    case .noSuchFile(let path):
      "no such file or directory: \(quoted(path))"
    case .unreadableFile(let path, let reason):
      "cannot read \(quoted(path)): \(reason)"
    case .fileTooLarge(let size, let limit):
      "file is \(size) bytes; scenario files are limited to \(limit / 1_048_576) MiB"
    case .invalidUTF8(let byte):
      "invalid UTF-8 (byte 0x\(hex(UInt32(byte), width: 2))); scenario files must be UTF-8 text"
    case .nulByte:
      "NUL byte in file; scenario files must be text"
    case .controlCharacter(let codePoint):
      "control character U+\(hex(codePoint, width: 4)) is not allowed in YAML"
    case .unsupportedKey:
      "unsupported mapping key: keys must be plain names (an alias, '?' or a collection as a key is not"
        + " read when the file also defines anchors)"
    case .invalidYAML(let problem, let context):
      "invalid YAML: \(problem)" + (context.map { " (\($0))" } ?? "")
    case .duplicateKey(let key):
      "duplicate key \(quoted(key))"
    case .tooManyDocuments(let limit):
      "too many YAML documents; a scenario file holds at most \(limit)"
    case .documentNotMapping(let found):
      "a scenario must be a mapping with 'scenario' and 'steps', found \(render(found))"

    case .unknownKey(let key, let context, let suggestion):
      "unknown key \(quoted(key)) in \(context)" + didYouMean(suggestion)
    case .missingKey(let key):
      "missing required key \(quoted(key))"
    case .missingOneOfKeys(let keys):
      "missing required key: one of " + keys.map(quoted).joined(separator: " or ")
    case .conflictingKeys(let first, let second):
      "\(quoted(first)) and \(quoted(second)) cannot be used together"
    case .keyNotName(let found):
      "a key must be a name, found \(render(found))"
    case .wrongType(let key, let expected, let found):
      "\(quoted(key)) must be \(expected), found \(render(found))"
    case .emptyValue(let key):
      "\(quoted(key)) must not be empty"
    case .notBoolean(let key, let found):
      "expected true or false for \(quoted(key)), found \(render(found))"
    case .notInteger(let key, let found):
      "expected a whole number for \(quoted(key)), found \(render(found))"
    case .integerTooSmall(let key, let value, let minimum):
      "\(quoted(key)) must be at least \(minimum), found \(quoted(value))"
    case .integerTooLarge(let key, let value):
      "\(quoted(key)) is too large, found \(quoted(value))"
    case .badDuration(let key, let value):
      "bad duration \(quoted(value)) for \(quoted(key)); write e.g. 30s, 5m, 1h, 3d or 1h30m"
    case .badTime(let key, let value):
      "bad time \(quoted(value)) for \(quoted(key)); write an RFC 3339 time such as 2026-03-01T09:00:00Z"
    case .duplicateEntry(let kind, let value, let key):
      "duplicate \(kind) \(quoted(value)) in \(quoted(key))"
    case .controlCharacterInText(let key, let value, let character):
      "\(quoted(key)) cannot hold control characters (line breaks, tabs, NUL, escape), found "
        + "\(character) in \(quoted(value))"
    case .notAnEmail(let key, let value):
      "\(quoted(key)) must be an email address such as alice@example.com, found \(quoted(value))"
    case .reservedDeviceName(let name):
      "device name \(quoted(name)) is reserved for the transcript's \(name) lines; name the device something else"
    case .noScenario:
      "no scenario in this file; a scenario file holds one or more documents with 'scenario' and 'steps'"
    case .tooManySteps(let count, let limit):
      "too many steps (\(count)); a scenario has at most \(limit)"
    case .tooManyValues(let limit):
      "file holds more than \(limit) values (counting each use of an alias); split it into smaller files"
    case .tooMuchSubstitution(let limit):
      "variables add more than \(limit / 1_048_576) MiB of text to this file; use shorter values or fewer of them"
    case .tooMuchText(let limit):
      "file's values add up to more than \(limit / 1_048_576) MiB of text (counting each use of an alias); "
        + "split it or use fewer aliases"
    case .tooManyProblems(let limit):
      "more than \(limit) problems in this scenario; the rest are not reported"

    case .unknownName(let kind, let value, let suggestion, let valid):
      "unknown \(kind) \(quoted(value))"
        + (suggestion != nil || valid.isEmpty || valid.count > 20
          ? didYouMean(suggestion) : "; expected one of " + valid.map(quoted).joined(separator: ", "))
    case .undefinedVariable(let name, let suggestion):
      "undefined variable \(quoted("${\(name)}"))" + didYouMean(suggestion)
    case .unterminatedVariable(let value):
      "unterminated '${' in \(quoted(value)); close it with '}', or write '$${' for a literal '${'"

    case .versionTooNew(let version, let supported):
      "version \(version) is newer than this authflow supports (\(supported))"
    case .machineCommand:
      "a scenario file cannot start a machine command; pass --machine exec:… on the command line"
    case .passwordIsNotAnIdentityProvider(let key):
      "'password' is not an identity provider; \(quoted(key)) lists federated providers"
        + " (an account has a password when 'password' is given)"
    case .signedInAccountDisabled(let device, let email):
      "\(quoted(device)) cannot start signed in as \(quoted(email)): the account is disabled"
    case .stepHasNoAction:
      "step has no action"
    case .twoActions(let first, let second):
      "step has two actions, \(quoted(first)) and \(quoted(second)); write one action per step"
    case .actionTakesNoArguments(let action, let found):
      "\(quoted(action)) takes no arguments, found \(render(found))"
    case .actionNeedsArguments(let action):
      "\(quoted(action)) needs arguments"
    case .identityProviderHasNoAccounts(let provider):
      "\(quoted(provider)) has no accounts to sign in with; list one under 'given.identity_providers'"
        + " or in a given account's 'providers'"
    case .errorWithoutErrorOutcome(let outcome):
      "'error' only goes with 'outcome: error', found outcome \(quoted(outcome))"
    case .noneNotAllowed(let key):
      "\(quoted(key)) must be an error code, found 'none'"
    case .adminNeedsOneOperation(let found):
      "'admin' takes exactly one of " + AdminAction.keys.joined(separator: ", ")
        + (found.isEmpty ? ", found none" : ", found " + found.map(quoted).joined(separator: " and "))
    case .emptyExpect:
      "'expect' has no checks"
    }
  }
}

// MARK: - Rendering helpers

/// `'value'`, shortened and kept on one line so a message stays readable.
private func quoted(_ value: String) -> String {
  var text = ""
  var count = 0
  for character in value.unicodeScalars {
    if count == 60 {
      text += "…"
      break
    }
    text += PlainText.visible(String(character))
    count += 1
  }
  return "'\(text)'"
}

private func render(_ found: LoadProblem.Found) -> String {
  switch found {
  case .mapping: "a mapping"
  case .list: "a list"
  case .nothing: "nothing"
  case .null: "null"
  case .text(let text): quoted(text)
  case .quoted(let text): "\"\(text)\" in quotes; write it without quotes"
  }
}

private func didYouMean(_ suggestion: String?) -> String {
  suggestion.map { "; did you mean \(quoted($0))?" } ?? ""
}

private func hex(_ value: UInt32, width: Int) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
