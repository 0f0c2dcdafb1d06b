/// A value shared across threads whose safety the code around it guarantees (here: `handle` is called by
/// one thread at a time, under the board's delivery turn; elsewhere each use says why).
package struct UncheckedSendable<Value>: @unchecked Sendable {
  package let value: Value
  package init(_ value: Value) { self.value = value }
}
