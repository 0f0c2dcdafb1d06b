/// A problem found while loading a scenario file; a ``Diagnostic`` places it and renders it.
///
/// Every case names the offending key and carries the offending value, so one `switch` can render a
/// message that says what is wrong and, where it can, what to write instead.
public enum LoadProblem: Error, Hashable, Sendable {
  // MARK: Reading the file
  /// The path names nothing.
  /// `suggestion`: a scenario file beside it whose name is close.
  case noSuchFile(path: String, suggestion: String? = nil)
  /// A command given no path found no folder of that name (`Scenarios`) to read instead.
  case noDefaultFolder(path: String)
  /// The file exists but cannot be read (`reason` from the system).
  case unreadableFile(path: String, reason: String)
  /// The file is over the loader's size limit.
  case fileTooLarge(size: Int, limit: Int)
  /// A byte that is not UTF-8.
  case invalidUTF8(byte: UInt8)
  /// A NUL byte: the file is not text.
  case nulByte
  /// A control character YAML does not allow.
  case controlCharacter(codePoint: UInt32)
  /// An alias, `?` or a collection used as a mapping key.
  case unsupportedKey
  /// libyaml could not parse the file.
  case invalidYAML(problem: String, context: String?, hint: String? = nil)
  /// A key written twice in one mapping.
  case duplicateKey(key: String)
  /// A YAML tag (`!!binary`, `!custom`): the language gives every value its meaning itself.
  case yamlTag(tag: String)
  /// More YAML documents than a file may hold.
  case tooManyDocuments(limit: Int)
  /// A file with no scenario in it.
  case noScenario
  /// A document that is not a mapping.
  case documentNotMapping(found: Found)

  // MARK: Shape of a mapping or a value
  /// A key the language does not have there, with the nearest one it has.
  case unknownKey(key: String, context: String, suggestion: String?)
  /// A step's own key (`expect`, `device`, `note`) indented under its action's arguments.
  case stepKeyInArguments(key: String, action: String)
  /// An action's arguments (or `expect`'s keys) written in line with it, as keys of the step, while it has
  /// nothing after its colon: `- sign_up:` then `email: …` under the `s`. `column` is where they belong.
  case argumentsLinedUp(owner: String, keys: [String], column: Int)
  /// A required key left out.
  case missingKey(key: String)
  /// None of the keys of which one is required.
  case missingOneOfKeys(keys: [String])
  /// Two keys that exclude each other.
  case conflictingKeys(first: String, second: String)
  /// A key that means something only beside `other: value` (`new_password` with `mail: password_reset`).
  case keyOnlyWith(key: String, other: String, value: String, found: String)
  /// A mapping key that is not a plain name.
  case keyNotName(found: Found)
  /// A value of the wrong kind for its key.
  case wrongType(key: String, expected: String, found: Found)
  /// An empty value where one is needed.
  case emptyValue(key: String)
  /// Not `true` or `false`.
  case notBoolean(key: String, found: Found)
  /// Not a whole number.
  case notInteger(key: String, found: Found)
  /// A whole number under the key's minimum.
  case integerTooSmall(key: String, value: String, minimum: Int)
  /// A whole number over the key's maximum.
  case integerTooLarge(key: String, value: String)
  /// Not a duration such as `30s` or `1h30m`.
  case badDuration(key: String, value: String)
  /// A duration written well but longer than the longest one allowed (`maximum`, as scenarios write it).
  case durationTooLong(key: String, value: String, maximum: String)
  /// A step written as an action and its arguments without the colon between them (`- wait 5m`).
  case actionWithoutColon(written: String, action: String)
  /// `link_provider: password` (or `phone`) without the credential; `example` shows how it is written.
  case linkNeedsCredential(provider: String, example: String)
  /// A step's key (`expect`, a modifier) written at the top level of a scenario.
  case stepKeyInScenario(key: String)
  /// Not an RFC 3339 time.
  case badTime(key: String, value: String)
  /// The same entry twice in a list that wants each once.
  case duplicateEntry(kind: String, value: String, key: String)
  /// Not an email address (``EmailAddress``).
  case notAnEmail(key: String, value: String)
  /// A control character inside a text value.
  case controlCharacterInText(key: String, value: String, character: String)
  /// More steps than a scenario may have.
  case tooManySteps(count: Int, limit: Int)
  /// More values than a file may hold (aliases counted at each use).
  case tooManyValues(limit: Int)
  /// Variables that add too much text.
  case tooMuchSubstitution(limit: Int)
  /// Values that add up to too much text (aliases counted at each use).
  case tooMuchText(limit: Int)
  /// More problems than are reported; the rest are left out.
  case tooManyProblems(limit: Int)

  // MARK: Names and variables
  /// A name that is not one of the valid ones (a state, a provider, a machine, …).
  case unknownName(kind: String, value: String, suggestion: String?, valid: [String])
  /// An expectation key written where a step's action goes (`- state: signedIn`).
  case expectationAsStep(key: String)
  /// A device the scenario does not declare (`devices:`, default `[phone]`).
  case unknownDevice(value: String, suggestion: String?, declared: [String])
  /// `${name}` with no such variable.
  case undefinedVariable(name: String, suggestion: String?)
  /// `${` with no closing `}`.
  case unterminatedVariable(value: String)

  // MARK: Scenario rules
  /// A language version newer than this authflow reads.
  case versionTooNew(version: String, supported: Int)
  /// `machine: exec:…` in a file: only the command line may start a command.
  case machineCommand(value: String)
  /// `password` listed among an account's federated providers.
  case passwordIsNotAnIdentityProvider(key: String)
  /// A device that starts signed in to a disabled account.
  case signedInAccountDisabled(device: String, email: String)
  /// A step with neither an action nor `expect`.
  case stepHasNoAction
  /// A device named like one of the transcript's own actors.
  case reservedDeviceName(name: String)
  /// A custom claim named like one of the ID token's own fields.
  case reservedClaim(name: String)
  /// Custom claims for an account that take more than `limit` bytes as JSON.
  case claimsTooLarge(bytes: Int, limit: Int)
  /// Something the scenario's machine does not have: a screen, a `ui` value, an action, a provider, a `tap`
  /// target or a `type` field (`kind` says which); `valid` lists what it has.
  case notOnMachine(machine: String, kind: String, value: String, suggestion: String?, valid: [String])
  /// A step with two actions.
  case twoActions(first: String, second: String)
  /// Arguments given to an action that takes none.
  case actionTakesNoArguments(action: String, found: Found)
  /// An action written without the arguments it needs.
  case actionNeedsArguments(action: String)
  /// A sign-in with a provider the world has no accounts at.
  case identityProviderHasNoAccounts(provider: String)
  /// `error` on a sheet whose outcome is not `error`.
  case errorWithoutErrorOutcome(outcome: String)
  /// `none` where an error code is needed.
  case noneNotAllowed(key: String)
  /// `admin` with no operation or several.
  case adminNeedsOneOperation(found: [String])
  /// `expect` with no checks.
  case emptyExpect
  /// `use:` where flow files cannot be read (a scenario given as text, not as a file).
  case flowsNotReadable
  /// A given account with second factors and no verified email: production enrolls none for such an account
  /// and the Admin SDK imports none.
  case secondFactorsNeedVerifiedEmail
  /// `use:` with an absolute path; flows are named relative to the file that uses them.
  case flowPathNotRelative(path: String)
  /// A flow file that uses itself, directly or through other flows.
  case flowCycle(path: String)
  /// Flows used inside flows more deeply than allowed.
  case flowsTooDeep(limit: Int)
  /// A file named by `use:` that is not a flow (no `flow:` key).
  case notAFlow(path: String)
  /// A flow parameter `use:` does not give a value.
  case missingFlowParameter(name: String, flow: String)
  /// A value given in `with:` for a parameter the flow does not declare.
  case unknownFlowParameter(name: String, flow: String, suggestion: String?, declared: [String])
  /// A problem inside a flow file, reported at its place in the flow and naming the `use:` step.
  indirect case inFlow(LoadProblem, usedAt: String)
  /// A flow file with a second document: a flow file holds one flow.
  case flowFileHoldsMore
  /// A `matrix:` with more combinations than allowed.
  case matrixTooLarge(count: Int, limit: Int)
  /// A `matrix:` variable also defined in `vars:`.
  case matrixVariableInVars(name: String)
  /// A `matrix:` variable's value (1-based `position`) equal to an earlier one (at `earlier`); not quoted, as it
  /// may be a password.
  case matrixValueRepeated(name: String, position: Int, earlier: Int)
  /// A `matrix:` variable's value (1-based `position`) holding a control character, which its combination's
  /// name would carry; not quoted, as it may be a password.
  case matrixValueHoldsControl(name: String, position: Int, character: String)

  /// What a value turned out to be, for "found …" in a message.
  public enum Found: Hashable, Sendable {
    /// A mapping.
    case mapping
    /// A list.
    case list
    /// An empty value (`key:` with nothing after it).
    case nothing
    /// A plain `null` or `~`.
    case null
    /// A plain scalar, as written.
    case text(String)
    /// A quoted scalar that would be valid without its quotes.
    case quoted(String)
  }

  /// The message after `error: `, as a user reads it (the file's secrets not yet hidden).
  public var message: String {
    switch self {
    case .noSuchFile(let path, let suggestion):
      "no such file or directory: \(quoted(path))"
        + (suggestion.map { "; did you mean \(quoted($0))?" } ?? "")
    case .noDefaultFolder(let path):
      "no path given, and no \(quoted(path)) folder here to read instead: name the scenario files or folders "
        + "(authflow run path/to/scenarios)"
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
    case .invalidYAML(let problem, let context, let hint):
      "invalid YAML: \(problem)" + (context.map { " (\($0))" } ?? "") + (hint.map { "; \($0)" } ?? "")
    case .duplicateKey(let key):
      "duplicate key \(quoted(key))"
    case .yamlTag(let tag):
      "YAML tags such as \(quoted(tag)) are not supported: write the value without it (quote it to keep it text)"
    case .tooManyDocuments(let limit):
      "too many YAML documents; a scenario file holds at most \(limit)"
    case .documentNotMapping(let found):
      "a scenario must be a mapping with 'scenario' and 'steps', found \(render(found))"

    case .unknownKey("<<", let context, _):
      // YAML 1.1's merge key, which YAML 1.2 (and libyaml) leave to the application: written as a key.
      "'<<' (a YAML merge key) is not supported in \(context): write the keys out"
    case .unknownKey(let key, let context, let suggestion):
      "unknown key \(quoted(key)) in \(context)" + didYouMean(suggestion)
    case .argumentsLinedUp(let owner, let keys, let column):
      "\(keys.map(quoted).joined(separator: keys.count == 2 ? " and " : ", ")) "
        + "\(keys.count == 1 ? "lines" : "line") up with \(quoted(owner + ":")) but "
        + "\(keys.count == 1 ? "belongs" : "belong") to it: indent \(keys.count == 1 ? "it" : "them") to column \(column)"
    case .stepKeyInArguments(let key, let action):
      "\(quoted(key)) belongs to the step, not to the arguments of \(quoted(action)): indent it as far as "
        + quoted(action)
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
    case .durationTooLong(let key, let value, let maximum):
      "duration \(quoted(value)) for \(quoted(key)) is longer than the longest allowed, \(maximum) (about 10 years)"
    case .actionWithoutColon(let written, let action):
      "unknown action \(quoted(written)): an action's arguments follow a colon, as in '\(action): …'"
    case .linkNeedsCredential(let provider, let example):
      "linking \(quoted(provider)) needs its credential: write 'link_provider: \(example)'"
    case .stepKeyInScenario(let key):
      "\(quoted(key)) belongs to a step, not to the scenario: write it in an item of 'steps', indented as far as "
        + "the step's action"
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
    case .notOnMachine(let machine, let kind, let value, let suggestion, let valid):
      "machine \(quoted(machine)) has no \(kind) \(quoted(value))"
        + (suggestion != nil
          ? didYouMean(suggestion)
          : valid.isEmpty
            ? "; it has none" : "; it has " + valid.prefix(20).map(quoted).joined(separator: ", "))
    case .reservedClaim(let name):
      "claim \(quoted(name)) is one of the ID token's own fields (Firebase refuses it as a custom claim); "
        + "name it something else"
    case .claimsTooLarge(let bytes, let limit):
      "these claims take \(bytes) bytes as JSON; Firebase refuses more than \(limit) (claims-too-large)"
    case .noScenario:
      "no scenario in this file; a scenario file holds one or more documents with 'scenario' and 'steps'"
    case .tooManySteps(let count, let limit):
      "too many steps (\(count)); a scenario has at most \(limit)"
    case .tooManyValues(let limit):
      "file holds more than \(limit) values (counting each use of an alias, every combination of a matrix and "
        + "the steps of each flow every time it is used); split it into smaller files"
    case .tooMuchSubstitution(let limit):
      "variables add more than \(limit / 1_048_576) MiB of text to this file; use shorter values or fewer of them"
    case .tooMuchText(let limit):
      "file's values add up to more than \(limit / 1_048_576) MiB of text (counting each use of an alias); "
        + "split it or use fewer aliases"
    case .tooManyProblems(let limit):
      "more than \(limit) problems in this scenario; the rest are not reported"

    case .unknownName(let kind, let value, let suggestion, let valid):
      "unknown \(kind) \(quoted(value))"
        + (suggestion != nil
          ? didYouMean(suggestion)
          : valid.isEmpty || valid.count > 24
            ? whereListed(kind) : "; expected one of " + valid.map(quoted).joined(separator: ", "))
    case .expectationAsStep(let key):
      "\(quoted(key)) is an expectation, not an action: write it under 'expect', as "
        + "'- expect: { \(key): … }' (or on the action's step, indented like the action)"
    case .unknownDevice(let value, let suggestion, let declared):
      "unknown device \(quoted(value))"
        + (suggestion != nil
          ? didYouMean(suggestion)
          : "; this scenario's devices are " + declared.map(quoted).joined(separator: ", ")
            + " (declare every device under 'devices:')")
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
    case .keyOnlyWith(let key, let other, let value, let found):
      "\(quoted(key)) only goes with '\(other): \(value)', found \(other) \(quoted(found)); it would be ignored"
    case .errorWithoutErrorOutcome(let outcome):
      "'error' only goes with 'outcome: error', found outcome \(quoted(outcome))"
    case .noneNotAllowed(let key):
      "\(quoted(key)) must be an error code, found 'none'"
    case .adminNeedsOneOperation(let found):
      "'admin' takes exactly one of " + AdminAction.keys.joined(separator: ", ")
        + (found.isEmpty ? ", found none" : ", found " + found.map(quoted).joined(separator: " and "))
    case .emptyExpect:
      "'expect' has no checks"
    case .flowsNotReadable:
      "'use' reads flow files, which a scenario sent as text cannot name; run it from a file"
    case .secondFactorsNeedVerifiedEmail:
      "an account with 'mfa' needs an 'email' and 'email_verified: true': production enrolls second factors only "
        + "for a verified email, and the Admin SDK imports none without one"
    case .flowPathNotRelative(let path):
      "'use' takes a path relative to the file that uses it, found \(quoted(path))"
    case .flowCycle(let path):
      "flow \(quoted(path)) uses itself (through the flows it uses); a flow cannot repeat itself"
    case .flowsTooDeep(let limit):
      "flows use flows more than \(limit) deep"
    case .notAFlow(let path):
      "\(quoted(path)) is not a flow file: a flow file has 'flow: NAME', optional 'params' and 'steps'"
    case .missingFlowParameter(let name, let flow):
      "flow \(quoted(flow)) needs \(quoted(name)); give it under 'with:'"
    case .unknownFlowParameter(let name, let flow, let suggestion, let declared):
      "flow \(quoted(flow)) has no parameter \(quoted(name))"
        + (suggestion != nil
          ? didYouMean(suggestion)
          : declared.isEmpty
            ? "; it declares none (list them under its 'params:')"
            : "; it declares " + declared.map(quoted).joined(separator: ", "))
    case .inFlow(let problem, let usedAt):
      problem.message + " (in a flow used at \(usedAt))"
    case .flowFileHoldsMore:
      "a flow file holds one flow; this second document would never be played: move it to a file of its own"
    case .matrixTooLarge(let count, let limit):
      "'matrix' makes \(count) combinations; at most \(limit) are allowed"
    case .matrixVariableInVars(let name):
      "\(quoted(name)) is both in 'vars' and in 'matrix.vars'; give it in one place"
    case .matrixValueRepeated(let name, let position, let earlier):
      "value \(position) of \(quoted(name)) is the same text as value \(earlier) (quoted or not): two "
        + "combinations would share a name"
    case .matrixValueHoldsControl(let name, let position, let character):
      "value \(position) of \(quoted(name)) cannot hold control characters (line breaks, tabs, NUL, escape): "
        + "it is part of its combination's name; found \(character)"
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

/// Where to find the valid names of a kind too long to list in a message, when none is close to the one written.
private func whereListed(_ kind: String) -> String {
  switch kind {
  case "error code":
    "; no code is close: Docs/ScenarioLanguage.md lists Firebase's under 'Error codes', and a machine's own "
      + "are written 'app/…'"
  case "action": "; no action is close: 'authflow machines' lists the actions each machine takes"
  default: ""
  }
}

private func didYouMean(_ suggestion: String?) -> String {
  suggestion.map { "; did you mean \(quoted($0))?" } ?? ""
}

private func hex(_ value: UInt32, width: Int) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
