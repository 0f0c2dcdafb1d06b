/// The shape of one value in a scenario file, as the loader reads it.
///
/// ``ScenarioLanguage`` describes the whole language with these. The loader takes its keys, required keys
/// and name sets from that description, and ``ScenarioSchema`` turns the same description into a JSON
/// Schema, so the two cannot disagree on which keys exist. The loader remains the authority on what the
/// schema cannot say (`${var}` values, names that must be declared elsewhere in the file, limits).
public indirect enum ValueShape: Sendable {
  /// Any scalar but null, read as text: `60`, `true` and `"60"` are all text.
  case text
  /// Text that is not empty.
  case name
  /// Text, or null.
  case nullableText
  /// Text shaped like an email address: `local@domain.tld`.
  case email
  /// Plain `true` or `false`; `yes`, `no`, `on`, `off` and quoted `"true"` are not booleans.
  case boolean
  /// A plain whole number of at least `minimum` (and at most `maximum`, when given).
  case integer(minimum: Int, maximum: Int? = nil)
  /// `30s`, `5m`, `1h`, `3d`, `1h30m`: units in descending order, each at most once.
  case duration
  /// An RFC 3339 timestamp or a bare date.
  case timestamp
  /// One name of a fixed set.
  case oneOf(NameSet)
  /// A machine registered with the command (`authkit`, `authkit~no-foreground-refresh`, …).
  case machine
  /// An error code, with or without `auth/`, or a machine's `app/…` code; or `none` when `allowsNone`.
  case errorCode(allowsNone: Bool)
  /// `PROVIDER` or `PROVIDER@domain`.
  case trustedProvider
  /// Exactly this text, e.g. `none`.
  case literal(String)
  /// Nothing written: an empty value, `null` or `~`.
  case empty
  /// A list of values of one shape.
  case list(ValueShape, nonEmpty: Bool = false, unique: Bool = false)
  /// A mapping with a fixed set of keys.
  case mapping(MappingShape)
  /// A mapping whose keys the scenario chooses (variables, UI names, devices); `keys` limits them to a set.
  case dictionary(of: ValueShape, keys: NameSet? = nil, nonEmpty: Bool = false)
  /// Any one of these forms (a scalar shorthand or a mapping, say).
  case either([ValueShape])
}
