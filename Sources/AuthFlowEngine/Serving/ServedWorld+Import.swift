import AuthFlowLanguage

extension ServedWorld {
  /// `importUsers` (`accounts:batchCreate`): imports each account by the backend's user-import rule
  /// (`Backend.importAccount(_:sanityCheck:)`), in order; an account the rule refuses is reported by its index
  /// in `accounts` and the others are imported all the same, as production does.
  public func importAccounts(_ accounts: [ImportedAccount], sanityCheck: Bool) -> [(
    index: Int, problem: ImportedAccount.Problem
  )] {
    locked { (_, backend) in
      var problems: [(index: Int, problem: ImportedAccount.Problem)] = []
      for (index, account) in accounts.enumerated() {
        do throws(ImportedAccount.Problem) {
          try backend.importAccount(account, sanityCheck: sanityCheck)
        } catch {
          problems.append((index, error))
        }
      }
      return problems
    }
  }
}
