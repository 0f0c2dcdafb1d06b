import AuthFlowLanguage

extension Backend {
  /// Appends to the journal of facts; see ``BackendFact``.
  func record(_ fact: BackendFact) {
    facts.append(fact)
  }

  /// Remembers a deletion for the "a deleted account stays deleted" invariant and records it.
  func recordDeletion(of account: Account, byClient: Bool) {
    deletedAccounts[account.uid] = DeletedAccount(email: account.email, tokenSerial: tokenSerial)
    record(.accountDeleted(uid: account.uid, email: account.email, byClient: byClient, at: world.now))
  }
}
